import {
  COUNSELLING_KINDS,
  COUNSELLING_STATUSES,
  COUNSELLING_TOPICS,
  PSYCHOTEST_INSTRUMENTS,
  type CounsellingKind,
  type CounsellingStatus,
  type CounsellingTopic,
  type PsychotestInstrument,
} from '@mms/shared';
import i18next from 'i18next';

/** The codes of counselling as the reader names them (never shown raw). */
export const kindText = (k: CounsellingKind) => i18next.t(`counselling.kinds.${k}`);
export const topicText = (k: CounsellingTopic) => i18next.t(`counselling.topics.${k}`);
export const statusText = (k: CounsellingStatus) => i18next.t(`counselling.statuses.${k}`);
export const instrumentText = (k: PsychotestInstrument) => i18next.t(`counselling.instruments.${k}`);

export const kindOptions = () => COUNSELLING_KINDS.map((value) => ({ value, label: kindText(value) }));
export const topicOptions = () => COUNSELLING_TOPICS.map((value) => ({ value, label: topicText(value) }));
export const statusOptions = () => COUNSELLING_STATUSES.map((value) => ({ value, label: statusText(value) }));
export const instrumentOptions = () => PSYCHOTEST_INSTRUMENTS.map((value) => ({ value, label: instrumentText(value) }));

export const STATUS_COLORS: Record<CounsellingStatus, string> = { OPEN: 'red', FOLLOWED_UP: 'yellow', CLOSED: 'green' };

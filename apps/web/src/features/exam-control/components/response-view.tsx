import { Stack, Text } from '@mantine/core';
import type { ExamAttemptDetail } from '@mms/shared';
import { useTranslation } from 'react-i18next';
import { RichContent } from '../../../lib/rich-content.tsx';
import { responseText } from '../control-model.ts';

type Item = ExamAttemptDetail['items'][number];
type Side = Item['parts'][number]['side'];

/** One part of the question as the student chose it: its code and its text (rich text, inline). */
function PartText({ item, side, id }: { item: Item; side: Side; id: string }) {
  const part = item.parts.find((p) => p.side === side && p.id === id);
  return (
    <span>
      <strong>{id}.</strong> {part ? <RichContent inline html={part.text} /> : null}
    </span>
  );
}

/** A student's answer as a proctor reads it: the option, the pairs, the statements' true/false, or the text. */
export function ResponseView({ item }: { item: Item }) {
  const { t } = useTranslation();
  const r = item.response;
  const text = responseText(r);
  if (!r || text === t('examControl.detail.noAnswer')) return <Text size="sm">{text}</Text>;
  const tf = (v: boolean | undefined) =>
    v === undefined ? t('examControl.detail.noAnswer') : t(v ? 'examControl.detail.true' : 'examControl.detail.false');
  switch (r.type) {
    case 'SINGLE':
      return (
        <Text size="sm" component="div">
          <PartText item={item} side="OPTION" id={r.optionId!} />
        </Text>
      );
    case 'MULTIPLE':
      return (
        <Stack gap={2}>
          {r.optionIds.map((id) => (
            <Text size="sm" component="div" key={id}>
              <PartText item={item} side="OPTION" id={id} />
            </Text>
          ))}
        </Stack>
      );
    case 'TRUE_FALSE':
      return (
        <Stack gap={2}>
          {item.parts
            .filter((p) => p.side === 'STATEMENT')
            .map((p) => (
              <Text size="sm" component="div" key={p.id}>
                <PartText item={item} side="STATEMENT" id={p.id} />: <strong>{tf(r.answers[p.id])}</strong>
              </Text>
            ))}
        </Stack>
      );
    case 'MATCHING':
      return (
        <Stack gap={2}>
          {Object.entries(r.pairs).map(([left, right]) => (
            <Text size="sm" component="div" key={left}>
              <PartText item={item} side="LEFT" id={left} /> → <PartText item={item} side="RIGHT" id={right} />
            </Text>
          ))}
        </Stack>
      );
    default:
      // essays and short answers keep the student's line breaks
      return (
        <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
          {text}
        </Text>
      );
  }
}

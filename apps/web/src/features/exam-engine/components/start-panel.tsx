import { Alert, Button, Card, List, Stack, Text, TextInput } from '@mantine/core';
import {
  EXAM_PIN_PATTERN,
  EXAM_TOKEN_MAX,
  EXAM_TOKEN_PATTERN,
  type ExamListItem,
  type ExamStartInput,
} from '@mms/shared';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { StartErrors } from '../exam-session.ts';
import classes from './exam-play.module.css';

/**
 * Before the start: the title, duration, number of questions and the rules; the token when the exam asks for one,
 * and the proctor's PIN when the attempt runs on another device.
 */
export function StartPanel({
  item,
  deviceId,
  pinNeeded,
  errors,
  busy,
  onStart,
}: {
  item: ExamListItem;
  deviceId: string;
  pinNeeded: boolean;
  errors: StartErrors;
  busy: boolean;
  onStart: (input: ExamStartInput) => void;
}) {
  const { t } = useTranslation();
  const [token, setToken] = useState('');
  const [pin, setPin] = useState('');
  const [checked, setChecked] = useState<Record<string, string>>({});
  // the contract's rules (EXAM_TOKEN_PATTERN, EXAM_PIN_PATTERN) without zod: this screen stays small for the phones
  // of a whole class opening it at once; the server checks the same rules again
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const input: ExamStartInput = { deviceId };
    const found: Record<string, string> = {};
    if (item.tokenRequired) {
      input.token = token.trim();
      if (!input.token) found.token = t('examPlay.tokenRequired');
      else if (input.token.length > EXAM_TOKEN_MAX || !EXAM_TOKEN_PATTERN.test(input.token)) {
        found.token = t('examPlay.tokenInvalid', { max: EXAM_TOKEN_MAX });
      }
    }
    if (pinNeeded) {
      input.pin = pin.trim();
      if (!EXAM_PIN_PATTERN.test(input.pin)) found.pin = t('examPlay.pinInvalid');
    }
    setChecked(found);
    if (Object.keys(found).length === 0) onStart(input);
  };
  const tokenError = checked.token ?? errors.token;
  const pinError = checked.pin ?? errors.pin;
  return (
    <Card withBorder padding="lg" component="form" onSubmit={submit} noValidate>
      <Stack gap="md">
        <Text c="dimmed">{item.subjectName}</Text>
        <Text>
          {t('examPlay.duration')}:{' '}
          <b>{item.durationMinutes ? t('examPlay.minutes', { count: item.durationMinutes }) : t('examPlay.noLimit')}</b>
          {' · '}
          {t('examPlay.questions')}: <b>{t('examPlay.questionCount', { count: item.questionCount })}</b>
        </Text>
        <div>
          <Text fw={600}>{t('examPlay.rulesTitle')}</Text>
          <List size="sm" spacing={4}>
            <List.Item>{t('examPlay.rules.save')}</List.Item>
            {item.durationMinutes !== null && <List.Item>{t('examPlay.rules.time')}</List.Item>}
            <List.Item>{t('examPlay.rules.device')}</List.Item>
            <List.Item>{t('examPlay.rules.submit')}</List.Item>
          </List>
        </div>
        {item.tokenRequired && (
          <TextInput
            label={t('examPlay.token')}
            description={t('examPlay.tokenHint')}
            value={token}
            onChange={(e) => setToken(e.currentTarget.value.toUpperCase())}
            error={tokenError}
            size="md"
            classNames={{ input: classes.touch }}
            maxLength={20}
            autoComplete="off"
            autoCapitalize="characters"
            required
          />
        )}
        {pinNeeded && (
          <>
            <Alert color="orange" title={t('examPlay.otherDevice')}>
              {t('examPlay.otherDeviceHint')}
            </Alert>
            <TextInput
              label={t('examPlay.pin')}
              value={pin}
              onChange={(e) => setPin(e.currentTarget.value.replace(/\D/g, '').slice(0, 6))}
              error={pinError}
              size="md"
              classNames={{ input: classes.touch }}
              inputMode="numeric"
              autoComplete="one-time-code"
              maxLength={6}
              required
            />
          </>
        )}
        {errors.other && (
          <Alert color="red" role="alert">
            {errors.other}
          </Alert>
        )}
        <Button
          type="submit"
          size="md"
          className={classes.touch}
          loading={busy}
          disabled={item.status === 'UPCOMING' || item.status === 'CLOSED'}
        >
          {pinNeeded
            ? t('examPlay.continueHere')
            : item.status === 'IN_PROGRESS'
              ? t('examPlay.resume')
              : t('examPlay.start')}
        </Button>
      </Stack>
    </Card>
  );
}

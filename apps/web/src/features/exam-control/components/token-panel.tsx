import { Alert, Button, Group, Modal, NumberInput, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { ExamTokenSettings } from '@mms/shared';
import { IconMaximize, IconRefresh } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../../i18n/index.ts';
import { confirmDialog } from '../../../lib/dialogs.tsx';
import { notifyDone, notifyError, notifyInfo } from '../../../lib/notify.ts';
import { issueErrors } from '../../../lib/validation.ts';
import { useExamToken, useTokenSettings } from '../api.ts';
import { clockText } from '../control-model.ts';

/** The token as the proctor reads it out or copies it on the board: monospace, wide apart, one character each. */
function TokenText({ token, size }: { token: string; size: number | string }) {
  return (
    <Text ff="monospace" fz={size} fw={700} lh={1.1} style={{ letterSpacing: '0.15em', wordBreak: 'break-all' }}>
      {token}
    </Text>
  );
}

/**
 * The exam's token, large enough to read out or write on the board, and "Tampilkan besar": the token alone on the
 * whole screen (a projector, or a laptop turned to the room), readable from the back of the room; read again with
 * the board. The proctor changes it at once or sets how often it changes by itself. This screen is where the
 * students' token comes from (their start screen says so).
 */
export function TokenPanel({ assessmentId }: { assessmentId: number }) {
  const { t } = useTranslation();
  const token = useExamToken(assessmentId, true);
  const settings = useTokenSettings(assessmentId);
  // the field shows the server's period until the proctor types another
  const [typed, setPeriod] = useState<number | '' | null>(null);
  const [error, setError] = useState<string | undefined>();
  const [large, setLarge] = useState(false);
  const current = token.data?.rotateMinutes ?? null;
  const period = typed ?? current ?? '';
  const rotateMinutes = period === '' ? null : period;
  const rotateNow = () =>
    confirmDialog({
      title: t('examControl.token.rotateNow'),
      text: t('examControl.token.rotateConfirm'),
      confirm: t('examControl.token.rotateNow'),
      onConfirm: () =>
        settings.mutate(
          { rotateNow: true, rotateMinutes: current },
          { onSuccess: () => notifyInfo(t('examControl.token.rotated')), onError: notifyError },
        ),
    });
  const savePeriod = () => {
    const parsed = ExamTokenSettings.safeParse({ rotateNow: false, rotateMinutes });
    if (!parsed.success) return setError(issueErrors(parsed.error, 'first').rotateMinutes);
    setError(undefined);
    settings.mutate(parsed.data, {
      onSuccess: () => {
        setPeriod(null);
        notifyDone('saved', t('examControl.token.periodSaved'));
      },
      onError: notifyError,
    });
  };
  return (
    <Paper withBorder p="md" data-testid="token-panel">
      <Stack gap="xs">
        <Title order={2} fz="h4">
          {t('examControl.token.title')}
        </Title>
        {token.isError ? (
          <Alert color="red">{errorText(token.error)}</Alert>
        ) : !token.data ? (
          <Skeleton height={60} />
        ) : (
          <Group justify="space-between" align="flex-end" wrap="wrap" gap="md">
            <Stack gap={2}>
              <Text size="sm">{t('examControl.token.current')}</Text>
              {token.data.token ? (
                <div data-testid="exam-token">
                  <TokenText token={token.data.token} size={56} />
                </div>
              ) : (
                <Text fz="xl" fw={700} data-testid="exam-token">
                  {t('examControl.token.none')}
                </Text>
              )}
              <Text size="sm">{t('examControl.token.readOut')}</Text>
              <Text size="sm">
                {token.data.expiresAt
                  ? t('examControl.token.expires', { time: clockText(token.data.expiresAt) })
                  : t('examControl.token.noRotation')}
              </Text>
            </Stack>
            <Group align="flex-end" gap="sm" wrap="wrap">
              <NumberInput
                label={t('examControl.token.period')}
                description={t('examControl.token.periodHint')}
                value={period}
                onChange={(v) => setPeriod(typeof v === 'number' ? v : '')}
                min={5}
                max={240}
                allowDecimal={false}
                error={error}
                w={220}
              />
              <Button variant="default" onClick={savePeriod} loading={settings.isPending}>
                {t('examControl.token.savePeriod')}
              </Button>
              <Button leftSection={<IconRefresh size={16} aria-hidden />} onClick={rotateNow}>
                {t('examControl.token.rotateNow')}
              </Button>
              {token.data.token && (
                <Button
                  variant="default"
                  leftSection={<IconMaximize size={16} aria-hidden />}
                  onClick={() => setLarge(true)}
                >
                  {t('examControl.token.showLarge')}
                </Button>
              )}
            </Group>
          </Group>
        )}
        <Modal
          opened={large && !!token.data?.token}
          onClose={() => setLarge(false)}
          fullScreen
          title={t('examControl.token.title')}
        >
          <Stack align="center" justify="center" gap="lg" mih="70vh" ta="center" data-testid="exam-token-large">
            <Text fz="xl">{t('examControl.token.largeHint')}</Text>
            {/* as wide as the screen allows: about a sixth of its width per character, never more than 12rem */}
            <TokenText token={token.data?.token ?? ''} size="min(16vw, 12rem)" />
            {token.data?.expiresAt && (
              <Text fz="xl">{t('examControl.token.expires', { time: clockText(token.data.expiresAt) })}</Text>
            )}
          </Stack>
        </Modal>
      </Stack>
    </Paper>
  );
}

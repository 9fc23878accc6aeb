import { Alert, Badge, Button, Group, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import type { InstrumentKind, InstrumentProfileBody, PlayAttempt } from '@mms/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useRouteHandle } from '../../../lib/route-handle.ts';
import { PageTitle } from '../../../components/page-title.tsx';
import { errorText } from '../../../i18n/index.ts';
import { dateText } from '../../../lib/display.ts';
import { notifyError } from '../../../lib/notify.ts';
import { useMyInstruments, useStartAttempt } from '../api.ts';
import { kindOfRoute } from '../routes.ts';
import { Player } from '../components/player.tsx';
import { ProfileChart } from '../components/profile-chart.tsx';

/**
 * "<Tes>" for a student (issue 14), one screen for the six kinds: the windows open for their class (start or
 * resume), the instrument played item by item, then their profile; and their results of earlier years.
 */
export function InstrumentPlayPage(props: { kind?: InstrumentKind }) {
  const { t } = useTranslation();
  const routeKind = kindOfRoute(useRouteHandle().name);
  const kind = props.kind ?? routeKind!;
  const mine = useMyInstruments(kind);
  const start = useStartAttempt();
  const qc = useQueryClient();
  const [attempt, setAttempt] = useState<PlayAttempt | null>(null);
  const [justDone, setJustDone] = useState<InstrumentProfileBody | null>(null);
  const kindName = t(`instruments.kinds.${kind}`);
  const back = () => {
    setAttempt(null);
    void qc.invalidateQueries({ queryKey: ['/instruments', 'my', kind] });
  };

  return (
    <Stack gap="md">
      <PageTitle>{t('instruments.playTitle', { kind: kindName })}</PageTitle>
      {attempt ? (
        <Player
          attempt={attempt}
          onLeave={back}
          onSubmitted={(profile) => {
            setJustDone(profile);
            back();
          }}
        />
      ) : mine.isLoading ? (
        <Skeleton h={160} aria-label={t('instruments.loading')} />
      ) : mine.isError ? (
        <Alert color="red" role="alert" title={t('instruments.loadFailed')}>
          {errorText(mine.error)}
        </Alert>
      ) : (
        <>
          {justDone && (
            <Paper withBorder p="md">
              <Title order={2} fz="h4" mb="sm">
                {t('instruments.play.resultTitle')}
              </Title>
              <ProfileChart profile={justDone} />
            </Paper>
          )}
          {mine.data!.windows.length === 0 ? (
            <Text>{t('instruments.play.empty')}</Text>
          ) : (
            mine.data!.windows.map((w) => (
              <Paper key={w.windowId} withBorder p="md">
                <Group justify="space-between" wrap="wrap">
                  <Stack gap={2}>
                    <Text fw={600}>{w.instrumentName}</Text>
                    {w.description && <Text size="sm">{w.description}</Text>}
                    <Text size="sm">
                      {t('instruments.play.windowText', { date: dateText(w.closesOn), count: w.itemCount })}
                    </Text>
                  </Stack>
                  {w.status === 'SUBMITTED' ? (
                    <Badge color="green" variant="light">
                      {t('instruments.play.done')}
                    </Badge>
                  ) : (
                    <Button
                      loading={start.isPending && start.variables === w.windowId}
                      onClick={() =>
                        start.mutate(w.windowId, {
                          onSuccess: (a) => {
                            setJustDone(null);
                            setAttempt(a);
                          },
                          onError: notifyError,
                        })
                      }
                    >
                      {w.status === 'IN_PROGRESS'
                        ? t('instruments.play.resume', { answered: w.answered, count: w.itemCount })
                        : t('instruments.play.start')}
                    </Button>
                  )}
                </Group>
              </Paper>
            ))
          )}
          <Title order={2} fz="h4">
            {t('instruments.play.myResults')}
          </Title>
          {mine.data!.results.length === 0 ? (
            <Text>{t('instruments.play.noResults')}</Text>
          ) : (
            mine.data!.results.map((r) => (
              <Paper key={r.attemptId} withBorder p="md">
                <Text fw={600} mb="sm">
                  {t('instruments.play.resultOf', {
                    name: r.instrumentName,
                    year: r.academicYearName,
                    className: r.className,
                  })}
                </Text>
                <ProfileChart profile={r.profile} />
              </Paper>
            ))
          )}
        </>
      )}
    </Stack>
  );
}

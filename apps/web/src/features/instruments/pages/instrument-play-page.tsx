import { Alert, Badge, Button, Group, Paper, Select, Skeleton, Stack, Text, Title } from '@mantine/core';
import { type InstrumentKind, type InstrumentProfileBody, type PlayAttempt } from '@mms/shared';
import { IconEye } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { useRouteHandle } from '../../../lib/route-handle.ts';
import { PageTitle } from '../../../components/page-title.tsx';
import { ErrorView } from '../../errors/widgets/error-view.tsx';
import { errorText } from '../../../i18n/index.ts';
import { isApiError } from '../../../lib/api.ts';
import { dateText } from '../../../lib/display.ts';
import { notifyError } from '../../../lib/notify.ts';
import { routePath, type RouteName } from '../../../lib/route-names.ts';
import { useCurrentUser } from '../../../lib/session.ts';
import { useInstrumentPreview, useInstrumentsOfKind, useMyInstruments, useStartAttempt } from '../api.ts';
import { kindOfRoute } from '../routes.ts';
import { Player } from '../components/player.tsx';
import { ProfileChart } from '../components/profile-chart.tsx';
import { userCan } from '../../../lib/permissions.ts';

/**
 * "<Tes>" (issue 14), one screen for the six kinds. A student (counselling.self, what the route asked before)
 * plays it; anyone else who opens it sees it as a preview, answered read-only (issue 39 finding 14): who may is
 * the server's preview route's to say (the counsellor who may manage the instrument), never a division check here.
 */
export function InstrumentPlayPage(props: { kind?: InstrumentKind }) {
  const routeKind = kindOfRoute(useRouteHandle().name);
  const kind = props.kind ?? routeKind!;
  const plays = userCan(useCurrentUser(), 'counselling.self');
  return plays ? <StudentPlay kind={kind} /> : <PlayPreview kind={kind} />;
}

/**
 * The play screen of someone who is not a student: the instrument of the kind (the one `?instrument=` names, or
 * the first the caller's unit keeps) as its players see it, with a banner that nothing is saved, no save and no
 * submit. The list and the preview are the server's: a 403 from either (a teacher, the principal, the counsellor
 * of another unit) is this screen's 403.
 */
function PlayPreview({ kind }: { kind: InstrumentKind }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const list = useInstrumentsOfKind(kind);
  const asked = Number(params.get('instrument'));
  const items = list.data?.items ?? [];
  const id = Number.isInteger(asked) && asked > 0 ? asked : (items[0]?.id ?? 0);
  const preview = useInstrumentPreview(id, id > 0);
  const failed = list.error ?? preview.error;
  if (isApiError(failed) && failed.status === 403) return <ErrorView code="403" signedIn />;
  const kindName = t(`instruments.kinds.${kind}`);
  return (
    <Stack gap="md">
      <PageTitle>{t('instruments.playTitle', { kind: kindName })}</PageTitle>
      <Alert
        color="yellow"
        role="status"
        icon={<IconEye size={20} aria-hidden />}
        title={t('instruments.preview.banner')}
        data-testid="instrument-preview-banner"
      >
        {t('instruments.preview.bannerText')}
      </Alert>
      {items.length > 1 && (
        <Select
          label={t('instruments.preview.pick')}
          data={items.map((i) => ({ value: String(i.id), label: `${i.unitName} · ${i.name}` }))}
          value={String(id)}
          allowDeselect={false}
          onChange={(v) => v && setParams({ instrument: v }, { replace: true })}
          maw={480}
        />
      )}
      {failed ? (
        <Alert color="red" role="alert" title={t('instruments.loadFailed')}>
          {errorText(failed)}
        </Alert>
      ) : list.isLoading || (id > 0 && preview.isLoading) ? (
        <Skeleton h={160} aria-label={t('instruments.loading')} />
      ) : !preview.data ? (
        <Text>{t('instruments.none', { kind: kindName })}</Text>
      ) : preview.data.items.length === 0 ? (
        <Text>{t('instruments.preview.noItems')}</Text>
      ) : (
        <Player
          key={id}
          preview
          previewNote={false}
          attempt={{ ...preview.data, attemptId: 0, closesOn: '', answers: [] }}
          onLeave={() => void navigate(routePath(`bpbk-${kind}-input` as RouteName))}
          onSubmitted={() => undefined}
        />
      )}
    </Stack>
  );
}

/**
 * The student's play: the windows open for their class (start or resume), the instrument played item by item,
 * then their profile; and their results of earlier years.
 */
function StudentPlay({ kind }: { kind: InstrumentKind }) {
  const { t } = useTranslation();
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

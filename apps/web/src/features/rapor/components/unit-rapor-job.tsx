import { Alert, Anchor, Button, Card, Group, Progress, Stack, Text } from '@mantine/core';
import { ALL_UNIT_DIVISIONS, type Semester } from '@mms/shared';
import { IconDownload, IconFileZip } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import i18next from 'i18next';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { UnitSelect } from '../../../components/pickers.tsx';
import { api } from '../../../lib/api.ts';
import { confirmDialog } from '../../../lib/dialogs.tsx';
import { notifyError } from '../../../lib/notify.ts';
import { useCan } from '../../../lib/permissions.ts';
import { useSession } from '../../../lib/session.ts';

/** The run of the unit's zip of rapors, as GET /rapor/unit answers (modules/rapor/rapor-unit.service.ts). */
export interface UnitRaporRun {
  id: string;
  unitId: number;
  semester: Semester;
  state: 'queued' | 'running' | 'done' | 'failed';
  done: number;
  total: number;
  startedAt: string;
  finishedAt: string | null;
  file: string | null;
  error: string | null;
  by: string | null;
}

const PATH = '/rapor/unit';
const isOpen = (run: UnitRaporRun | null | undefined) => run?.state === 'queued' || run?.state === 'running';

const id = {
  raporUnit: {
    start: 'Rapor satu unit (zip)',
    confirmTitle: 'Buat rapor satu unit?',
    confirmText:
      'MMS membuat PDF rapor semester {{semester}} untuk setiap kelas unit ini dan menyatukannya dalam satu berkas zip. Untuk satu SMP ini butuh beberapa menit; Anda boleh meninggalkan halaman ini.',
    confirm: 'Buat zip',
    running: 'Membuat rapor: {{done}} dari {{total}} kelas',
    queued: 'Menunggu giliran...',
    done: 'Zip rapor semester {{semester}} siap ({{total}} kelas).',
    download: 'Unduh zip',
    failed: 'Pembuatan rapor satu unit gagal: {{error}}',
    chooseUnit: 'Pilih unit',
  },
};
const en: typeof id = {
  raporUnit: {
    start: "The unit's report cards (zip)",
    confirmTitle: "Make the whole unit's report cards?",
    confirmText:
      'MMS makes the {{semester}} semester report card PDF of every class of this unit and puts them in one zip file. For a whole SMP this takes a few minutes; you may leave this page.',
    confirm: 'Make the zip',
    running: 'Making report cards: {{done}} of {{total}} classes',
    queued: 'Waiting for its turn...',
    done: 'The {{semester}} semester report card zip is ready ({{total}} classes).',
    download: 'Download zip',
    failed: "Making the unit's report cards failed: {{error}}",
    chooseUnit: 'Choose a unit',
  },
};
/** Adds the component's texts to both languages (again after i18next is set up anew, as in a test). */
function registerUnitRaporMessages(): void {
  if (!i18next.store || i18next.getResource('id', 'translation', 'raporUnit.start')) return;
  i18next.addResourceBundle('id', 'translation', id, true, false);
  i18next.addResourceBundle('en', 'translation', en, true, false);
}
registerUnitRaporMessages();

/**
 * A whole unit's rapors as one zip (issue 40 §2), for the unit's leaders (`rapor.unitJob`) on the rapor screen:
 * start the server's job (after a confirmation), its progress in classes (polled each second while it runs), and
 * the zip's download once done. A leader's unit is their own; an ADMIN (every unit) chooses it first, starting on
 * their account's unit when it has one, and names it in every call (the server answers 400 without it).
 */
export function UnitRaporJob({ semester }: { semester: Semester }) {
  registerUnitRaporMessages();
  const { t } = useTranslation();
  const can = useCan();
  const { data: user } = useSession();
  const picks = Boolean(user && ALL_UNIT_DIVISIONS.includes(user.division));
  // the account's own unit first (useDefaultUnitId's rule; the page may render before the session answers)
  const [chosen, setChosen] = useState<number | null>(user?.unit?.id ?? null);
  const unitId = picks ? chosen : null;
  const allowed = can('rapor.unitJob') && (picks || Boolean(user?.unit));
  const ready = allowed && (!picks || unitId !== null);
  const query = unitId === null ? '' : `?unitId=${unitId}`;
  const client = useQueryClient();
  const progress = useQuery({
    queryKey: [PATH, unitId],
    queryFn: () => api<{ run: UnitRaporRun | null }>(`${PATH}${query}`),
    enabled: ready,
    retry: false,
    refetchInterval: (q) => (isOpen(q.state.data?.run) ? 1000 : false),
  });
  const start = useMutation({
    mutationFn: () =>
      api<UnitRaporRun>(PATH, { method: 'POST', body: unitId === null ? { semester } : { semester, unitId } }),
    onSuccess: () => client.invalidateQueries({ queryKey: [PATH] }),
    onError: notifyError,
  });
  if (!allowed) return null;
  const run = progress.data?.run ?? null;
  const semesterText = (s: Semester) => t(`rapor.${s}`);
  const ask = () =>
    confirmDialog({
      title: t('raporUnit.confirmTitle'),
      text: t('raporUnit.confirmText', { semester: semesterText(semester) }),
      confirm: t('raporUnit.confirm'),
      onConfirm: () => start.mutate(),
    });
  const percent = run && run.total > 0 ? Math.round((run.done / run.total) * 100) : 0;
  return (
    <Stack gap="xs" data-testid="unit-rapor-job">
      <Group gap="xs" align="flex-end">
        {picks && (
          <UnitSelect
            placeholder={t('raporUnit.chooseUnit')}
            value={chosen}
            onChange={setChosen}
            clearable={false}
            required
          />
        )}
        <Button
          variant="default"
          leftSection={<IconFileZip size={16} aria-hidden />}
          onClick={ask}
          disabled={!ready || progress.isPending || isOpen(run)}
          loading={start.isPending}
        >
          {t('raporUnit.start')}
        </Button>
        {run?.state === 'done' && run.file && (
          <Anchor href={`/api/v1${PATH}/zip${query}`} download={run.file}>
            <Group gap={4} wrap="nowrap">
              <IconDownload size={16} aria-hidden />
              {t('raporUnit.download')}
            </Group>
          </Anchor>
        )}
      </Group>
      {isOpen(run) && run && (
        <Card withBorder padding="sm" role="status" aria-live="polite">
          <Text size="sm" mb={4}>
            {run.state === 'queued'
              ? t('raporUnit.queued')
              : t('raporUnit.running', { done: run.done, total: run.total })}
          </Text>
          <Progress
            value={percent}
            animated
            aria-label={t('raporUnit.running', { done: run.done, total: run.total })}
          />
        </Card>
      )}
      {run?.state === 'done' && (
        <Text size="sm" c="dimmed">
          {t('raporUnit.done', { semester: semesterText(run.semester), total: run.total })}
        </Text>
      )}
      {run?.state === 'failed' && <Alert color="red">{t('raporUnit.failed', { error: run.error ?? '' })}</Alert>}
    </Stack>
  );
}

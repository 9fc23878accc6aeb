import { BarChart } from '@mantine/charts';
import { ActionIcon, Button, Grid, Group, Modal, Paper, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import type { Instrument, InstrumentResult } from '@mms/shared';
import { IconChartBar, IconRefresh } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DataList, type ListColumn } from '../../../components/data-list/data-list.tsx';
import { ClassSelect, GradeSelect, YearSelect, useActiveYearId } from '../../../components/pickers.tsx';
import { notifyError, notifyInfo } from '../../../lib/notify.ts';
import { useReopen, useSummary } from '../api.ts';
import { ProfileChart } from './profile-chart.tsx';

/**
 * The results of the instrument in the active school year: the class or grade summary (mean per scale, how often
 * each scale is a student's top scale) as a chart with its numbers, and each student's latest result, exported
 * to Excel by the server. BPBK may reopen a window for one student from here.
 */
export function ResultsPanel({ instrument, canManage }: { instrument: Instrument; canManage: boolean }) {
  const { t } = useTranslation();
  const activeYearId = useActiveYearId();
  const [chosenYearId, setYearId] = useState<number | null>(null);
  // results are kept per school year: the active one unless another is chosen
  const yearId = chosenYearId ?? activeYearId;
  const [classGroupId, setClassGroupId] = useState<number | null>(null);
  const [gradeId, setGradeId] = useState<number | null>(null);
  const filters = {
    academicYearId: yearId ?? undefined,
    classGroupId: classGroupId ?? undefined,
    gradeId: gradeId ?? undefined,
  };
  const summary = useSummary(instrument.id, filters);
  const [viewing, setViewing] = useState<InstrumentResult | null>(null);
  const [reopening, setReopening] = useState<InstrumentResult | null>(null);
  const nameOf = (code: string) => instrument.scales.find((s) => s.code === code)?.name ?? code;

  const columns: ListColumn<InstrumentResult>[] = [
    { accessor: 'nis', title: t('instruments.results.nis') },
    { accessor: 'studentName', title: t('instruments.results.name') },
    { accessor: 'className', title: t('instruments.results.className') },
    {
      accessor: 'top',
      title: t('instruments.results.top'),
      render: (r) => r.profile.top.map(nameOf).join(', '),
    },
    { accessor: 'attemptNumber', title: t('instruments.results.attempt'), textAlign: 'right' },
    {
      accessor: 'actions',
      title: t('instruments.results.actions'),
      render: (r) => (
        <Group gap={4} wrap="nowrap">
          <ActionIcon
            variant="subtle"
            aria-label={t('instruments.results.view', { name: r.studentName })}
            onClick={() => setViewing(r)}
          >
            <IconChartBar size={16} aria-hidden />
          </ActionIcon>
          {canManage && (
            <ActionIcon
              variant="subtle"
              aria-label={t('instruments.results.reopen', { name: r.studentName })}
              onClick={() => setReopening(r)}
            >
              <IconRefresh size={16} aria-hidden />
            </ActionIcon>
          )}
        </Group>
      ),
    },
  ];

  const s = summary.data;
  return (
    <Stack gap="md">
      <Group align="flex-end" role="group" aria-label={t('instruments.results.filters')}>
        <YearSelect
          value={yearId}
          onChange={(v) => {
            setYearId(v);
            setClassGroupId(null);
          }}
        />
        <ClassSelect
          value={classGroupId}
          onChange={(v) => {
            setClassGroupId(v);
            if (v) setGradeId(null);
          }}
          unitId={instrument.unitId}
          academicYearId={yearId}
          clearable
        />
        <GradeSelect
          value={gradeId}
          onChange={(v) => {
            setGradeId(v);
            if (v) setClassGroupId(null);
          }}
          unitId={instrument.unitId}
          clearable
        />
      </Group>
      <Title order={2} fz="h4">
        {t('instruments.results.summary')}
      </Title>
      {summary.isLoading ? (
        <Text>{t('instruments.loading')}</Text>
      ) : !s || s.students === 0 ? (
        <Text>{t('instruments.results.noResults')}</Text>
      ) : (
        <Grid data-testid="instrument-summary">
          <Grid.Col span={{ base: 12, lg: 6 }}>
            <Paper withBorder p="sm" role="img" aria-label={t('instruments.results.meanChart')}>
              <Text size="sm" mb="xs">
                {t('instruments.results.meanChart')} · {t('instruments.results.students', { count: s.students })}
              </Text>
              <BarChart
                h={260}
                data={s.means.map((m) => ({ scale: m.code, mean: m.mean }))}
                dataKey="scale"
                series={[{ name: 'mean', label: t('instruments.results.mean'), color: 'blue.7' }]}
              />
            </Paper>
          </Grid.Col>
          <Grid.Col span={{ base: 12, lg: 6 }}>
            <Table withTableBorder striped aria-label={t('instruments.results.summary')}>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('instruments.results.scale')}</Table.Th>
                  <Table.Th ta="right">{t('instruments.results.mean')}</Table.Th>
                  <Table.Th ta="right">{t('instruments.results.topCount')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {s.means.map((m) => (
                  <Table.Tr key={m.code}>
                    <Table.Td>
                      {m.name} ({m.code})
                    </Table.Td>
                    <Table.Td ta="right">{m.mean}</Table.Td>
                    <Table.Td ta="right">{s.topCounts.find((c) => c.code === m.code)?.count ?? 0}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
            <Text size="sm" mt="xs">
              {t('instruments.results.students', { count: s.students })}
            </Text>
          </Grid.Col>
        </Grid>
      )}
      <Title order={2} fz="h4">
        {t('instruments.results.list')}
      </Title>
      <DataList<InstrumentResult>
        path={`/instruments/${instrument.id}/results`}
        label={t('instruments.results.list')}
        columns={columns}
        filters={filters}
        exportName={`hasil-${instrument.kind}`}
        serverExport
        rowId={(r) => r.attemptId}
      />
      <Modal
        opened={!!viewing}
        onClose={() => setViewing(null)}
        title={viewing ? t('instruments.results.profileOf', { name: viewing.studentName }) : ''}
        size="xl"
      >
        {viewing && <ProfileChart profile={viewing.profile} />}
      </Modal>
      {reopening && <ReopenDialog result={reopening} onClose={() => setReopening(null)} />}
    </Stack>
  );
}

function ReopenDialog({ result, onClose }: { result: InstrumentResult; onClose: () => void }) {
  const { t } = useTranslation();
  const [reason, setReason] = useState('');
  const reopen = useReopen();
  return (
    <Modal opened onClose={onClose} title={t('instruments.results.reopenTitle', { name: result.studentName })}>
      <Stack>
        <Text size="sm">{t('instruments.results.reopenLead')}</Text>
        <TextInput
          label={t('instruments.results.reason')}
          value={reason}
          onChange={(e) => setReason(e.currentTarget.value)}
          withAsterisk
          data-autofocus
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('instruments.windows.cancel')}
          </Button>
          <Button
            disabled={!reason.trim()}
            loading={reopen.isPending}
            onClick={() =>
              reopen.mutate(
                { windowId: result.windowId, body: { studentId: result.studentId, reason } },
                {
                  onSuccess: () => {
                    notifyInfo(t('instruments.results.reopened', { name: result.studentName }));
                    onClose();
                  },
                  onError: notifyError,
                },
              )
            }
          >
            {t('instruments.results.reopenSubmit')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

import { Alert, Group, Paper, Progress, Skeleton, Stack, Table, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { showPercent, useClassEntryAnalysis } from '../../analytics/api.ts';
import { UnitSelect } from '../../../components/pickers.tsx';
import { DateInputs } from '../components/filters.tsx';
import { serverToday } from '../../../lib/clock.ts';
import '../../../i18n/list/index.ts';

/**
 * Class entry: for each class, the lessons its timetable planned on the school days between two dates and how
 * many of them have a journal (the teacher entered the class and wrote it up), counted by the server. The bar
 * shows the share, the numbers stand beside it.
 */
export function ClassEntryPage() {
  const { t } = useTranslation();
  const today = serverToday();
  const [from, setFrom] = useState(`${today.slice(0, 7)}-01`);
  const [to, setTo] = useState(today);
  const [unitId, setUnitId] = useState<number | null>(null);
  const data = useClassEntryAnalysis({ from, to, unitId });
  const rows = data.data?.classes ?? [];
  const total = data.data?.total;
  return (
    <Stack gap="md">
      <Title order={1} fz="h3">
        {t('journal.titles.classEntry')}
      </Title>
      <Group gap="sm" align="flex-end" wrap="wrap">
        <DateInputs from={from} to={to} setFrom={setFrom} setTo={setTo} />
        <UnitSelect value={unitId} onChange={setUnitId} />
      </Group>
      {data.isPending && <Skeleton h={200} />}
      {data.isError && <Alert color="red">{t('list.loadFailed')}</Alert>}
      {data.data && (
        <Paper withBorder radius="md" p="sm">
          <Text fw={600} mb="sm">
            {t('journal.entry.total', {
              written: total?.written ?? 0,
              scheduled: total?.planned ?? 0,
              pct: showPercent(total?.percentage),
            })}
          </Text>
          <EntryTable
            label={t('att.class')}
            rows={rows.map((r) => ({ key: r.classGroupId, name: r.className, ...r }))}
            testId={(r) => `class-entry-${r.name}`}
          />
        </Paper>
      )}
      {data.data && data.data.teachers.length > 0 && (
        <Paper withBorder radius="md" p="sm">
          <EntryTable
            label={t('journal.teacher')}
            rows={data.data.teachers.map((r) => ({ key: r.employeeId, ...r }))}
          />
        </Paper>
      )}
    </Stack>
  );
}

interface EntryRow {
  key: number;
  name: string;
  planned: number;
  written: number;
  percentage: number | null;
}

/** Written against planned lessons, one row per class or teacher, with the share as a bar. */
function EntryTable({ label, rows, testId }: { label: string; rows: EntryRow[]; testId?: (r: EntryRow) => string }) {
  const { t } = useTranslation();
  return (
    <Table.ScrollContainer minWidth={320}>
      <Table aria-label={label} striped>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{label}</Table.Th>
            <Table.Th w="40%">{t('journal.entry.share')}</Table.Th>
            <Table.Th ta="right">{t('journal.entry.written')}</Table.Th>
            <Table.Th ta="right">{t('journal.entry.scheduled')}</Table.Th>
            <Table.Th ta="right">%</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((r) => (
            <Table.Tr key={r.key} data-testid={testId?.(r)}>
              <Table.Td>{r.name}</Table.Td>
              <Table.Td>
                <Progress
                  value={r.percentage ?? 0}
                  aria-label={`${r.name} ${showPercent(r.percentage)}%`}
                  color="green"
                  size="lg"
                />
              </Table.Td>
              <Table.Td ta="right" data-testid="written">
                {r.written}
              </Table.Td>
              <Table.Td ta="right">{r.planned}</Table.Td>
              <Table.Td ta="right">{showPercent(r.percentage)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

import { Alert, Group, Paper, Progress, Skeleton, Stack, Table, Text, Title } from '@mantine/core';
import { datesBetween, weekdayOf, type JournalSummary, type Page, type TimetablePage } from '@mms/shared';
import { useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../../lib/api.ts';
import { UnitSelect } from '../../school/components/pickers.tsx';
import { DateInputs } from '../components/filters.tsx';
import { serverToday } from '../../../lib/clock.ts';

interface ClassEntry {
  classGroupId: number;
  className: string;
  scheduled: number;
  written: number;
}

/** Monday-Saturday dates between two dates (inclusive), as weekday numbers 1-6 with their date. */
function schoolDays(from: string, to: string): { date: string; day: number }[] {
  return datesBetween(from, to)
    .slice(0, 400)
    .map((date) => ({ date, day: weekdayOf(date) }))
    .filter((d) => d.day !== 7);
}

async function allPages<T>(path: string, query: Record<string, string | number | undefined>): Promise<T[]> {
  const items: T[] = [];
  for (let page = 1; page <= 50; page++) {
    const res = await api<Page<T> | TimetablePage>(path, { query: { ...query, page, pageSize: 200 } });
    items.push(...(res.items as T[]));
    if (items.length >= res.total || res.items.length === 0) break;
  }
  return items;
}

/**
 * Class entry: for each class, the lessons its timetable planned between two dates and how many of them have a
 * journal (the teacher entered the class and wrote it up). The bar shows the share, the numbers stand beside it.
 */
export function ClassEntryPage() {
  const { t } = useTranslation();
  const today = serverToday();
  const [from, setFrom] = useState(`${today.slice(0, 7)}-01`);
  const [to, setTo] = useState(today);
  const [unitId, setUnitId] = useState<number | null>(null);
  const end = to > today ? today : to;
  const data = useQuery({
    queryKey: ['/journals', 'class-entry', from, end, unitId],
    queryFn: async () => {
      const [slots, journals] = await Promise.all([
        allPages<TimetablePage['items'][number]>('/timetable', { unitId: unitId ?? undefined }),
        allPages<JournalSummary>('/journals', { from, to: end }),
      ]);
      return { slots, journals };
    },
  });
  const rows = useMemo(() => {
    if (!data.data) return [];
    const days = schoolDays(from, end);
    const perDay = new Map<number, number>();
    for (const d of days) perDay.set(d.day, (perDay.get(d.day) ?? 0) + 1);
    const byClass = new Map<number, ClassEntry>();
    const entry = (id: number, name: string) => {
      let e = byClass.get(id);
      if (!e) byClass.set(id, (e = { classGroupId: id, className: name, scheduled: 0, written: 0 }));
      return e;
    };
    for (const s of data.data.slots) entry(s.classGroupId, s.className).scheduled += perDay.get(s.day) ?? 0;
    const classIds = new Set(byClass.keys());
    for (const j of data.data.journals)
      if (!unitId || classIds.has(j.classGroupId)) entry(j.classGroupId, j.className).written += 1;
    return [...byClass.values()].sort((a, b) => a.className.localeCompare(b.className, 'id', { numeric: true }));
  }, [data.data, from, end, unitId]);
  const total = rows.reduce((s, r) => ({ scheduled: s.scheduled + r.scheduled, written: s.written + r.written }), {
    scheduled: 0,
    written: 0,
  });
  const pct = (w: number, s: number) => (s ? Math.round((w / s) * 1000) / 10 : 0);
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
              written: total.written,
              scheduled: total.scheduled,
              pct: pct(total.written, total.scheduled),
            })}
          </Text>
          <Table.ScrollContainer minWidth={320}>
            <Table aria-label={t('journal.titles.classEntry')} striped>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('att.class')}</Table.Th>
                  <Table.Th w="45%">{t('journal.entry.share')}</Table.Th>
                  <Table.Th ta="right">{t('journal.entry.written')}</Table.Th>
                  <Table.Th ta="right">{t('journal.entry.scheduled')}</Table.Th>
                  <Table.Th ta="right">%</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {rows.map((r) => (
                  <Table.Tr key={r.classGroupId} data-testid={`class-entry-${r.className}`}>
                    <Table.Td>{r.className}</Table.Td>
                    <Table.Td>
                      <Progress
                        value={pct(r.written, r.scheduled)}
                        aria-label={`${r.className} ${pct(r.written, r.scheduled)}%`}
                        color="green"
                        size="lg"
                      />
                    </Table.Td>
                    <Table.Td ta="right" data-testid="written">
                      {r.written}
                    </Table.Td>
                    <Table.Td ta="right">{r.scheduled}</Table.Td>
                    <Table.Td ta="right">{pct(r.written, r.scheduled)}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        </Paper>
      )}
    </Stack>
  );
}

// The recap: its own lazy chunk, so @mantine/charts and recharts load only here.
import '../../../i18n/btq-progress/index.ts';
import '@mantine/charts/styles.css';
import { BarChart } from '@mantine/charts';
import { Group, Select, Skeleton, Stack, Table, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { downloadServerExport } from '../../../components/data-list/export-xlsx.ts';
import { ExportButton } from '../../../components/data-list/export-button.tsx';
import { MonthField } from '../../../components/date-fields.tsx';
import { PrintButton, PrintedPaper } from '../../../components/print/printed-paper.tsx';
import { serverToday } from '../../../lib/clock.ts';
import { useCurrentUser } from '../../../lib/session.ts';
import { BTQ, useBtqGroups, useBtqRecap } from '../api.ts';

/** Rekap BTQ: a month's pages, ayat, entries and scores per group and level, time per level, presence. */
export function BtqRecapPage() {
  const { t } = useTranslation();
  const user = useCurrentUser();
  const [month, setMonth] = useState(serverToday().slice(0, 7));
  const [groupId, setGroupId] = useState<number | null>(null);
  const groups = useBtqGroups();
  const recap = useBtqRecap(month, groupId);
  const data = recap.data;
  const chartData = (data?.rows ?? []).map((r) => ({
    label: `${r.groupName} · ${r.levelName}`,
    pages: r.pages,
    ayat: r.ayat,
  }));
  const controls = (
    <Group align="flex-end" wrap="wrap" mb="sm">
      <MonthField label={t('btqProgress.recap.month')} value={month} onChange={(v) => v && setMonth(v)} />
      <Select
        label={t('btqProgress.group')}
        placeholder={t('btqProgress.recap.allGroups')}
        data={(groups.data ?? []).map((g) => ({ value: String(g.id), label: g.name }))}
        value={groupId === null ? null : String(groupId)}
        onChange={(v) => setGroupId(v ? Number(v) : null)}
        clearable
        w={{ base: '100%', xs: 240 }}
      />
    </Group>
  );
  return (
    <PrintedPaper
      unitId={user.unit?.id ?? null}
      title={t('btqProgress.recap.title')}
      actions={
        <Group gap="xs">
          <PrintButton />
          <ExportButton
            onExport={() =>
              downloadServerExport(
                `${BTQ}/recap`,
                { month, ...(groupId ? { groupId } : {}) },
                `rekap-btq-${month}.xlsx`,
              )
            }
          />
        </Group>
      }
      controls={controls}
      signed={!!data && data.rows.length > 0}
    >
      {!data ? (
        <Skeleton height={200} />
      ) : (
        <Stack gap="md" mt="md">
          <Title order={2} fz="h4">
            {t('btqProgress.recap.byGroup')}
          </Title>
          {data.rows.length === 0 ? (
            <Text>{t('btqProgress.empty')}</Text>
          ) : (
            <>
              <figure aria-label={t('btqProgress.recap.chart')} style={{ margin: 0 }}>
                <BarChart
                  h={260}
                  data={chartData}
                  dataKey="label"
                  withBarValueLabel
                  withLegend
                  series={[
                    { name: 'pages', label: t('btqProgress.recap.pages'), color: 'blue.7' },
                    { name: 'ayat', label: t('btqProgress.recap.ayat'), color: 'teal.8' },
                  ]}
                />
              </figure>
              <Table.ScrollContainer minWidth={560}>
                <Table striped withTableBorder aria-label={t('btqProgress.recap.byGroup')}>
                  <Table.Thead>
                    <Table.Tr>
                      <Table.Th>{t('btqProgress.group')}</Table.Th>
                      <Table.Th>{t('btqProgress.level')}</Table.Th>
                      <Table.Th ta="right">{t('btqProgress.recap.students')}</Table.Th>
                      <Table.Th ta="right">{t('btqProgress.recap.entries')}</Table.Th>
                      <Table.Th ta="right">{t('btqProgress.recap.pages')}</Table.Th>
                      <Table.Th ta="right">{t('btqProgress.recap.ayat')}</Table.Th>
                      <Table.Th ta="right">{t('btqProgress.recap.average')}</Table.Th>
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {data.rows.map((r) => (
                      <Table.Tr key={`${r.groupId}-${r.levelId}`}>
                        <Table.Td>{r.groupName}</Table.Td>
                        <Table.Td>{r.levelName}</Table.Td>
                        <Table.Td ta="right">{r.students}</Table.Td>
                        <Table.Td ta="right">{r.entries}</Table.Td>
                        <Table.Td ta="right">{r.pages}</Table.Td>
                        <Table.Td ta="right">{r.ayat}</Table.Td>
                        <Table.Td ta="right">{r.averageScore ?? '–'}</Table.Td>
                      </Table.Tr>
                    ))}
                  </Table.Tbody>
                </Table>
              </Table.ScrollContainer>
            </>
          )}
          <Title order={2} fz="h4">
            {t('btqProgress.recap.levelTimes')}
          </Title>
          {data.levelTimes.length === 0 ? (
            <Text>{t('btqProgress.empty')}</Text>
          ) : (
            <Table striped withTableBorder aria-label={t('btqProgress.recap.levelTimes')}>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('btqProgress.level')}</Table.Th>
                  <Table.Th ta="right">{t('btqProgress.recap.promoted')}</Table.Th>
                  <Table.Th ta="right">{t('btqProgress.recap.averageDays')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {data.levelTimes.map((l) => (
                  <Table.Tr key={l.levelId}>
                    <Table.Td>{l.levelName}</Table.Td>
                    <Table.Td ta="right">{l.promoted}</Table.Td>
                    <Table.Td ta="right">{l.averageDays}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          )}
          <Title order={2} fz="h4">
            {t('btqProgress.recap.presence')}
          </Title>
          {data.presence.length === 0 ? (
            <Text>{t('btqProgress.empty')}</Text>
          ) : (
            <Table.ScrollContainer minWidth={400}>
              <Table striped withTableBorder aria-label={t('btqProgress.recap.presence')}>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>{t('btqProgress.group')}</Table.Th>
                    {(['HADIR', 'IZIN', 'SAKIT', 'ALPA'] as const).map((s) => (
                      <Table.Th key={s} ta="right">
                        {t(`btqProgress.recap.${s}`)}
                      </Table.Th>
                    ))}
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {data.presence.map((p) => (
                    <Table.Tr key={p.groupId}>
                      <Table.Td>{p.groupName}</Table.Td>
                      {(['HADIR', 'IZIN', 'SAKIT', 'ALPA'] as const).map((s) => (
                        <Table.Td key={s} ta="right">
                          {p[s]}
                        </Table.Td>
                      ))}
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          )}
          <Title order={2} fz="h4">
            {t('btqProgress.recap.currentLevels')}
          </Title>
          {data.students.length === 0 ? (
            <Text>{t('btqProgress.empty')}</Text>
          ) : (
            <Table.ScrollContainer minWidth={360}>
              <Table striped withTableBorder aria-label={t('btqProgress.recap.currentLevels')}>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>{t('btqProgress.student')}</Table.Th>
                    <Table.Th>{t('btqProgress.group')}</Table.Th>
                    <Table.Th>{t('btqProgress.level')}</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {data.students.map((s) => (
                    <Table.Tr key={s.studentId}>
                      <Table.Td>{s.name}</Table.Td>
                      <Table.Td>{s.groupName}</Table.Td>
                      <Table.Td>{s.levelName ?? t('btqProgress.noLevel')}</Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          )}
        </Stack>
      )}
    </PrintedPaper>
  );
}

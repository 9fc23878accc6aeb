import { Alert, Box, Group, Skeleton, Stack, Table, Text, Title } from '@mantine/core';
import {
  ALL_UNIT_DIVISIONS,
  COUNSELLING_KINDS,
  COUNSELLING_STATUSES,
  longMonth,
  type CounsellingReportSection,
} from '@mms/shared';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { MonthField } from '../../../components/date-fields.tsx';
import { UnitSelect } from '../../../components/pickers.tsx';
import { PrintButton, PrintedPaper, signedInSigner } from '../../../components/print/printed-paper.tsx';
import { errorText } from '../../../i18n/index.ts';
import { serverToday } from '../../../lib/clock.ts';
import { displayLanguage } from '../../../lib/display.ts';
import { useCurrentUser } from '../../../lib/session.ts';
// the violation and achievement sections read the discipline feature's labels
import '../../../i18n/discipline/index.ts';
import { useCounsellingReport } from '../api.ts';
import { instrumentText, kindText, statusText, topicText } from '../components/labels.ts';

/** A count table: label and number per row, with the total under it. */
function Counts({ caption, rows }: { caption: string; rows: { label: string; count: number }[] }) {
  const { t } = useTranslation();
  return (
    <Table withTableBorder withColumnBorders w={{ base: '100%', sm: 'auto' }} miw={260} aria-label={caption}>
      <Table.Thead>
        <Table.Tr>
          <Table.Th>{caption}</Table.Th>
          <Table.Th ta="right">{t('counselling.reportCount')}</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {rows.map((r) => (
          <Table.Tr key={r.label}>
            <Table.Td>{r.label}</Table.Td>
            <Table.Td ta="right">{r.count}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

type Section<K extends CounsellingReportSection['key']> = Extract<CounsellingReportSection, { key: K }>;

function NotesSection({ section }: { section: Section<'notes'> }) {
  const { t } = useTranslation();
  return (
    <Stack gap="sm">
      <Title order={2} fz="h4">
        {t('counselling.reportNotes')} · {t('counselling.reportTotal', { count: section.total })}
      </Title>
      <Group align="flex-start" wrap="wrap">
        <Counts
          caption={t('counselling.reportByKind')}
          rows={section.byKind.map((k) => ({ label: kindText(k.key), count: k.count }))}
        />
        <Counts
          caption={t('counselling.reportByTopic')}
          rows={section.byTopic.map((k) => ({ label: topicText(k.key), count: k.count }))}
        />
        <Counts
          caption={t('counselling.reportByStatus')}
          rows={section.byStatus.map((k) => ({ label: statusText(k.key), count: k.count }))}
        />
      </Group>
      {/* a wide table scrolls in a region a keyboard can reach */}
      <Box style={{ overflowX: 'auto' }} tabIndex={0} role="region" aria-label={t('counselling.reportByClass')}>
        <Table withTableBorder withColumnBorders miw={640} aria-label={t('counselling.reportByClass')}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('counselling.class')}</Table.Th>
              {COUNSELLING_KINDS.map((k) => (
                <Table.Th key={k} ta="right">
                  {kindText(k)}
                </Table.Th>
              ))}
              {COUNSELLING_STATUSES.map((s) => (
                <Table.Th key={s} ta="right">
                  {statusText(s)}
                </Table.Th>
              ))}
              <Table.Th ta="right">{t('counselling.reportTotalColumn')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {section.byClass.map((c) => (
              <Table.Tr key={c.className ?? '-'}>
                <Table.Td>{c.className ?? t('counselling.reportNoClass')}</Table.Td>
                {c.byKind.map((k) => (
                  <Table.Td key={k.key} ta="right">
                    {k.count}
                  </Table.Td>
                ))}
                {c.byStatus.map((s) => (
                  <Table.Td key={s.key} ta="right">
                    {s.count}
                  </Table.Td>
                ))}
                <Table.Td ta="right">{c.total}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Box>
    </Stack>
  );
}

function PsychotestsSection({ section }: { section: Section<'psychotests'> }) {
  const { t } = useTranslation();
  return (
    <Stack gap="sm">
      <Title order={2} fz="h4">
        {t('counselling.reportTests')} · {t('counselling.reportTotal', { count: section.total })}
      </Title>
      <Counts
        caption={t('counselling.reportByInstrument')}
        rows={section.byInstrument.map((k) => ({ label: instrumentText(k.key), count: k.count }))}
      />
    </Stack>
  );
}

function ViolationsSection({ section }: { section: Section<'violations'> }) {
  const { t } = useTranslation();
  return (
    <Stack gap="sm">
      <Title order={2} fz="h4">
        {t('counselling.reportViolations')} ·{' '}
        {t('counselling.reportViolationsTotal', { count: section.total, points: section.points })}
      </Title>
      <Group align="flex-start" wrap="wrap">
        <Counts
          caption={t('counselling.reportByStatus')}
          rows={section.byStatus.map((k) => ({ label: t(`discipline.statuses.${k.key}`), count: k.count }))}
        />
        <Table withTableBorder withColumnBorders w={{ base: '100%', sm: 'auto' }} miw={260}>
          <Table.Caption>{t('counselling.reportByCategory')}</Table.Caption>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('counselling.reportByCategory')}</Table.Th>
              <Table.Th ta="right">{t('counselling.reportCount')}</Table.Th>
              <Table.Th ta="right">{t('counselling.reportPoints')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {section.byCategory.map((c) => (
              <Table.Tr key={c.key}>
                <Table.Td>{t(`discipline.categories.${c.key}`)}</Table.Td>
                <Table.Td ta="right">{c.count}</Table.Td>
                <Table.Td ta="right">{c.points}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
        <Counts
          caption={t('counselling.reportSanctions')}
          rows={section.sanctions.map((k) => ({ label: t(`discipline.statuses.${k.key}`), count: k.count }))}
        />
      </Group>
      <Table withTableBorder withColumnBorders w={{ base: '100%', sm: 'auto' }} miw={320}>
        <Table.Caption>{t('counselling.reportVerifiedByClass')}</Table.Caption>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('counselling.class')}</Table.Th>
            <Table.Th ta="right">{t('counselling.reportViolationCount')}</Table.Th>
            <Table.Th ta="right">{t('counselling.reportPoints')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {section.byClass.map((c) => (
            <Table.Tr key={c.className ?? '-'}>
              <Table.Td>{c.className ?? t('counselling.reportNoClass')}</Table.Td>
              <Table.Td ta="right">{c.violations}</Table.Td>
              <Table.Td ta="right">{c.points}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Stack>
  );
}

function AchievementsSection({ section }: { section: Section<'achievements'> }) {
  const { t } = useTranslation();
  return (
    <Stack gap="sm">
      <Title order={2} fz="h4">
        {t('counselling.reportAchievements')} · {t('counselling.reportTotal', { count: section.total })}
      </Title>
      <Group align="flex-start" wrap="wrap">
        <Counts
          caption={t('counselling.reportByField')}
          rows={section.byField.map((k) => ({ label: t(`discipline.fields.${k.key}`), count: k.count }))}
        />
        <Counts
          caption={t('counselling.reportByLevel')}
          rows={section.byLevel.map((k) => ({ label: t(`discipline.levels.${k.key}`), count: k.count }))}
        />
      </Group>
    </Stack>
  );
}

/**
 * How each section of the report is shown (notes, tests, violations, achievements); a new kind joins as a key of the
 * server's section list and a view here, without touching the others.
 */
function SectionView({ section }: { section: CounsellingReportSection }): ReactNode {
  switch (section.key) {
    case 'notes':
      return <NotesSection section={section} />;
    case 'psychotests':
      return <PsychotestsSection section={section} />;
    case 'violations':
      return <ViolationsSection section={section} />;
    case 'achievements':
      return <AchievementsSection section={section} />;
  }
}

/** report/counselling: Laporan BK of a unit over a range of months (counts only, no content), printable. */
export function CounsellingReportPage() {
  const { t } = useTranslation();
  const user = useCurrentUser();
  const allUnits = ALL_UNIT_DIVISIONS.includes(user.division);
  const month = serverToday().slice(0, 7);
  // from the first month of the school year (July) to this month
  const year = Number(month.slice(0, 4)) - (Number(month.slice(5)) < 7 ? 1 : 0);
  const [unitId, setUnitId] = useState<number | null>(allUnits ? null : (user.unit?.id ?? null));
  const [fromMonth, setFromMonth] = useState(`${year}-07`);
  const [toMonth, setToMonth] = useState(month);
  const report = useCounsellingReport({ unitId: unitId ?? undefined, fromMonth, toMonth });
  return (
    <PrintedPaper
      unitId={unitId}
      title={t('counselling.reportTitle')}
      // the counsellor who prints it signs it; a leader reading it, the letterhead's official
      signer={user.division === 'BPBK' && unitId !== null ? signedInSigner(user, 'COUNSELLOR') : undefined}
      subtitle={
        <Text size="sm">
          {t('counselling.reportPeriod', {
            from: longMonth(fromMonth, displayLanguage()),
            to: longMonth(toMonth, displayLanguage()),
          })}
        </Text>
      }
      actions={<PrintButton />}
      signed={report.isSuccess}
      controls={
        <Group align="flex-end" wrap="wrap" my="sm">
          {allUnits && <UnitSelect value={unitId} onChange={setUnitId} />}
          <MonthField label={t('counselling.reportFrom')} value={fromMonth} onChange={setFromMonth} />
          <MonthField label={t('counselling.reportTo')} value={toMonth} onChange={setToMonth} />
        </Group>
      }
    >
      {report.isPending ? (
        <Skeleton height={240} />
      ) : report.isError ? (
        <Alert color="red">{errorText(report.error)}</Alert>
      ) : (
        <Stack gap="lg" mt="md">
          {report.data.sections.map((s) => (
            <SectionView key={s.key} section={s} />
          ))}
        </Stack>
      )}
    </PrintedPaper>
  );
}

import { Alert, Button, Group, SegmentedControl, Select, Skeleton, Stack, Tabs, Text } from '@mantine/core';
import {
  SCORE_KIND_LABELS,
  SEMESTERS,
  academicPeriodOfDate,
  type ScoreColumn,
  type ScoreSheet,
  type ScoreSheetQuery,
  type Semester,
} from '@mms/shared';
import { IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ExportButton } from '../../../components/data-list/export-button.tsx';
import { downloadClientXlsx, type ExportColumn } from '../../../components/data-list/export-xlsx.ts';
import { PageTitle } from '../../../components/page-title.tsx';
import { errorText } from '../../../i18n/index.ts';
import { serverToday } from '../../../lib/clock.ts';
import { FormModal } from '../../../lib/unsaved-changes.tsx';
import { useScoreChoices, useScoreRecap, useScoreSheet } from '../api.ts';
import { ColumnForm } from '../components/column-form.tsx';
import { RecapView } from '../components/recap-view.tsx';
import { ScoreImportButton } from '../components/score-import.tsx';
import { ScoreGrid } from '../components/score-grid.tsx';

type Student = ScoreSheet['students'][number];

/** The sheet's Excel file: a row per student, a column per assessment, the same numbers as the grid. */
function exportSheet(sheet: ScoreSheet, title: string, semesterLabel: string, t: (k: string) => string) {
  const score = new Map(sheet.cells.map((c) => [`${c.columnId}:${c.studentId}`, c.score]));
  const columns: ExportColumn<Student>[] = [
    { title: t('grades.nis'), value: (s) => s.nis },
    { title: t('grades.student'), value: (s) => s.name },
    ...sheet.columns.map((c) => ({
      title: `${c.title} (${SCORE_KIND_LABELS[c.kind].short})`,
      value: (s: Student) => score.get(`${c.id}:${s.id}`) ?? null,
    })),
  ];
  return downloadClientXlsx(
    { title, filters: [[t('grades.semester'), semesterLabel]] },
    columns,
    sheet.students,
    `nilai-${sheet.classGroup.name}-${sheet.subject.name}.xlsx`,
  );
}

/**
 * Scoring of a class and subject (issue 12): the sheet of daily scores and other inputs, typed like a spreadsheet,
 * and its recap with the weights and KKM. `recap` opens on the recap (the "Rekap sumatif" screen).
 */
export function ScoringPage({ recap: startOnRecap = false }: { recap?: boolean }) {
  const { t } = useTranslation();
  const choices = useScoreChoices();
  const [pair, setPair] = useState<string | null>(null);
  const [semester, setSemester] = useState<Semester>(() => academicPeriodOfDate(serverToday()).semester);
  const [tab, setTab] = useState<string | null>(startOnRecap ? 'recap' : 'input');
  const [editing, setEditing] = useState<ScoreColumn | 'new' | null>(null);
  const items = choices.data?.items ?? [];
  const chosen = pair ?? (items.length === 1 ? `${items[0]!.classGroupId}:${items[0]!.subjectId}` : null);
  const [classGroupId, subjectId] = chosen ? (chosen.split(':').map(Number) as [number, number]) : [0, 0];
  const query: ScoreSheetQuery | null = chosen ? { classGroupId, subjectId, semester } : null;
  const sheet = useScoreSheet(tab === 'input' ? query : null);
  const recap = useScoreRecap(tab === 'recap' ? query : null);
  const semesterLabel = `${t('grades.semester')} ${t(`grades.semesters.${semester}`)}`;
  const title = startOnRecap ? t('grades.recapTitle') : t('grades.title');

  const pending = (q: { isPending: boolean; isError: boolean; error: unknown }) =>
    q.isError ? (
      <Alert color="red">{errorText(q.error)}</Alert>
    ) : (
      <Skeleton height={240} aria-label={t('app.loading')} />
    );

  return (
    <Stack gap="md">
      <PageTitle>{title}</PageTitle>
      {choices.isSuccess && items.length === 0 ? (
        <Text c="dimmed">{t('grades.noChoices')}</Text>
      ) : (
        <Group align="flex-end" gap="sm" wrap="wrap">
          <Select
            label={t('grades.sheet')}
            placeholder={t('grades.sheetPlaceholder')}
            data={items.map((i) => ({
              value: `${i.classGroupId}:${i.subjectId}`,
              label: `${i.className} · ${i.subjectName}`,
            }))}
            value={chosen}
            onChange={setPair}
            searchable
            allowDeselect={false}
            w={{ base: '100%', xs: 280 }}
          />
          <div>
            <Text size="sm" fw={500} id="semester-label" mb={4}>
              {t('grades.semester')}
            </Text>
            <SegmentedControl
              aria-labelledby="semester-label"
              data={SEMESTERS.map((s) => ({ value: s, label: t(`grades.semesters.${s}`) }))}
              value={semester}
              onChange={(v) => setSemester(v as Semester)}
            />
          </div>
        </Group>
      )}
      {query && (
        <Tabs value={tab} onChange={setTab} keepMounted={false}>
          <Tabs.List>
            <Tabs.Tab value="input">{t('grades.tabInput')}</Tabs.Tab>
            <Tabs.Tab value="recap">{t('grades.tabRecap')}</Tabs.Tab>
          </Tabs.List>
          <Tabs.Panel value="input" pt="md">
            {sheet.data ? (
              <Stack gap="sm">
                <Group justify="flex-end" gap="xs">
                  {sheet.data.canEdit && (
                    <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={() => setEditing('new')}>
                      {t('grades.addColumn')}
                    </Button>
                  )}
                  {sheet.data.canEdit && query && <ScoreImportButton query={query} />}
                  <ExportButton
                    onExport={() =>
                      exportSheet(
                        sheet.data,
                        `${t('grades.exportSheet')} ${sheet.data.subject.name} ${sheet.data.classGroup.name}`,
                        semesterLabel,
                        t,
                      )
                    }
                  />
                </Group>
                <ScoreGrid key={`${chosen}:${semester}`} sheet={sheet.data} onEditColumn={setEditing} />
              </Stack>
            ) : (
              pending(sheet)
            )}
          </Tabs.Panel>
          <Tabs.Panel value="recap" pt="md">
            {recap.data ? <RecapView recap={recap.data} semesterLabel={semesterLabel} /> : pending(recap)}
          </Tabs.Panel>
        </Tabs>
      )}
      <FormModal
        opened={editing !== null}
        onClose={() => setEditing(null)}
        title={editing === 'new' ? t('grades.addColumn') : t('grades.editColumn')}
      >
        {editing !== null && query && (
          <ColumnForm
            sheet={query}
            column={editing === 'new' ? null : editing}
            gradeId={sheet.data?.classGroup.gradeId ?? null}
            onDone={() => setEditing(null)}
          />
        )}
      </FormModal>
    </Stack>
  );
}

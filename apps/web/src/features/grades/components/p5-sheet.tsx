import { Alert, Button, Group, NativeSelect, Select, Skeleton, Stack, Table, Text, TextInput } from '@mantine/core';
import {
  P5_DIMENSION_LABELS,
  P5_GRADES,
  type P5Dimension,
  type P5Grade,
  type P5Project,
  type P5Sheet as Sheet,
} from '@mms/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ExportButton } from '../../../components/data-list/export-button.tsx';
import { downloadClientXlsx, type ExportColumn } from '../../../components/data-list/export-xlsx.ts';
import { PrintButton, PrintedPaper, printClasses } from '../../../components/print/printed-paper.tsx';
import { errorText } from '../../../i18n/index.ts';
import { notifyDone, notifyError } from '../../../lib/notify.ts';
import { useCurrentUser } from '../../../lib/session.ts';
import { useUnsavedChanges } from '../../../lib/unsaved-changes.tsx';
import { useP5Sheet, useSaveP5Grades } from '../api.ts';

type Row = Sheet['rows'][number];
type Draft = Record<number, { grades: Partial<Record<P5Dimension, P5Grade | null>>; note: string }>;

const draftOf = (sheet: Sheet): Draft =>
  Object.fromEntries(sheet.rows.map((r) => [r.studentId, { grades: { ...r.grades }, note: r.note ?? '' }]));

/**
 * The grading sheet of a P5 project in one class: a row per student, a descriptive grade (MB, SB, BSH, SAB) per
 * dimension of the project and a note; saved at once, printable on the letterhead and exported to Excel.
 */
export function P5SheetView({ project }: { project: P5Project }) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language === 'en' ? 'en' : 'id';
  const user = useCurrentUser();
  const [classGroupId, setClassGroupId] = useState<number | null>(null);
  const sheet = useP5Sheet(project.id, classGroupId);
  const save = useSaveP5Grades(project.id);
  const source = sheet.data ? `${sheet.data.classGroup.id}/${sheet.dataUpdatedAt}` : '';
  const [state, setState] = useState<{ key: string; draft: Draft }>({ key: '', draft: {} });
  const draft = state.key === source ? state.draft : sheet.data ? draftOf(sheet.data) : {};
  const dirty =
    !!sheet.data &&
    sheet.data.rows.some((r) => {
      const d = draft[r.studentId];
      return (
        !!d && (d.note !== (r.note ?? '') || project.dimensions.some((x) => (d.grades[x] ?? null) !== r.grades[x]))
      );
    });
  useUnsavedChanges(dirty);
  const change = (studentId: number, update: (d: Draft[number]) => Draft[number]) =>
    setState({ key: source, draft: { ...draft, [studentId]: update(draft[studentId]!) } });

  if (sheet.isError) return <Alert color="red">{errorText(sheet.error)}</Alert>;
  if (!sheet.data) return <Skeleton height={240} />;
  const data = sheet.data;

  async function submit() {
    try {
      await save.mutateAsync({
        classGroupId: data.classGroup.id,
        rows: data.rows.map((r) => ({
          studentId: r.studentId,
          grades: Object.fromEntries(project.dimensions.map((d) => [d, draft[r.studentId]?.grades[d] ?? null])),
          note: draft[r.studentId]?.note.trim() || null,
        })),
      });
      notifyDone('saved');
    } catch (error) {
      notifyError(error);
    }
  }

  const columns: ExportColumn<Row>[] = [
    { title: 'NIS', value: (r) => r.nis },
    { title: t('grades.student'), value: (r) => r.name },
    ...project.dimensions.map((d) => ({ title: P5_DIMENSION_LABELS[d][lang], value: (r: Row) => r.grades[d] ?? '' })),
    { title: t('grades.p5.note'), value: (r) => r.note },
  ];
  const title = `${t('grades.p5.title')}: ${project.title}`;

  return (
    <PrintedPaper
      unitId={user.unit?.id ?? project.unitId}
      title={title}
      subtitle={
        <Text size="sm">
          {project.theme} · {project.gradeName} · {t(`grades.semesters.${project.semester}`)} · {data.classGroup.name}
        </Text>
      }
      actions={
        <>
          <PrintButton />
          <ExportButton
            onExport={() =>
              downloadClientXlsx(
                { title, filters: [[t('grades.p5.class'), data.classGroup.name]] },
                columns,
                data.rows,
                `p5-${project.title}-${data.classGroup.name}.xlsx`,
              )
            }
          />
        </>
      }
      controls={
        <Group align="flex-end" gap="sm" my="sm">
          <Select
            label={t('grades.p5.class')}
            data={data.classes.map((c) => ({ value: String(c.id), label: c.name }))}
            value={String(data.classGroup.id)}
            onChange={(v) => v && setClassGroupId(Number(v))}
            allowDeselect={false}
            w={160}
          />
          <Text size="xs" c="dimmed">
            {t('grades.p5.legend')}
          </Text>
        </Group>
      }
    >
      <Stack gap="sm">
        <Table.ScrollContainer minWidth={640}>
          <Table withTableBorder data-testid="p5-sheet">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('grades.student')}</Table.Th>
                {project.dimensions.map((d) => (
                  <Table.Th key={d}>{P5_DIMENSION_LABELS[d][lang]}</Table.Th>
                ))}
                <Table.Th>{t('grades.p5.note')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {data.rows.map((r) => (
                <Table.Tr key={r.studentId}>
                  <Table.Th scope="row" fw={400}>
                    <Text size="sm">{r.name}</Text>
                    <Text size="xs" c="dimmed">
                      {r.nis}
                    </Text>
                  </Table.Th>
                  {project.dimensions.map((d) => (
                    <Table.Td key={d}>
                      <NativeSelect
                        aria-label={t('grades.p5.gradeOf', {
                          dimension: P5_DIMENSION_LABELS[d][lang],
                          student: r.name,
                        })}
                        data={[
                          { value: '', label: t('grades.p5.empty') },
                          ...P5_GRADES.map((g) => ({ value: g, label: g })),
                        ]}
                        value={draft[r.studentId]?.grades[d] ?? ''}
                        onChange={(e) => {
                          const v = e.currentTarget.value;
                          change(r.studentId, (x) => ({
                            ...x,
                            grades: { ...x.grades, [d]: v ? (v as P5Grade) : null },
                          }));
                        }}
                        w={90}
                      />
                    </Table.Td>
                  ))}
                  <Table.Td>
                    <TextInput
                      aria-label={t('grades.p5.noteOf', { student: r.name })}
                      value={draft[r.studentId]?.note ?? ''}
                      onChange={(e) => {
                        const v = e.currentTarget.value;
                        change(r.studentId, (x) => ({ ...x, note: v }));
                      }}
                      maxLength={1000}
                      miw={200}
                    />
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
        <Group justify="flex-end" className={printClasses.noPrint}>
          <Button onClick={() => void submit()} loading={save.isPending} disabled={!dirty}>
            {t('grades.p5.save')}
          </Button>
        </Group>
      </Stack>
    </PrintedPaper>
  );
}

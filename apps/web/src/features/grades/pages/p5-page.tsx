import { Badge, Button, Group, Stack, Text } from '@mantine/core';
import { P5_DIMENSION_LABELS, type P5Project } from '@mms/shared';
import { IconArrowLeft, IconClipboardCheck, IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DataList, type ListColumn } from '../../../components/data-list/data-list.tsx';
import { RowActions, rowActionsColumn } from '../../../components/data-list/row-actions.tsx';
import { PageTitle } from '../../../components/page-title.tsx';
import { useCurrentUser } from '../../../lib/session.ts';
import { FormModal } from '../../../lib/unsaved-changes.tsx';
import { useDeleteP5Project } from '../api.ts';
import { P5ProjectForm } from '../components/p5-project-form.tsx';
import { P5SheetView } from '../components/p5-sheet.tsx';
import { userCan } from '../../../lib/permissions.ts';

/** "Nilai proyek": the P5 projects of the year, planned by WAKAKUR and graded per class by dimension. */
export function P5Page() {
  const { t, i18n } = useTranslation();
  const lang = i18n.language === 'en' ? 'en' : 'id';
  const user = useCurrentUser();
  const plans = userCan(user, 'assessment.check');
  const remove = useDeleteP5Project();
  const [editing, setEditing] = useState<P5Project | 'new' | null>(null);
  const [grading, setGrading] = useState<P5Project | null>(null);

  if (grading) {
    return (
      <Stack gap="md">
        <PageTitle
          actions={
            <Button
              variant="default"
              leftSection={<IconArrowLeft size={16} aria-hidden />}
              onClick={() => setGrading(null)}
            >
              {t('grades.p5.back')}
            </Button>
          }
        >
          {t('grades.p5.assessOf', { title: grading.title })}
        </PageTitle>
        <P5SheetView project={grading} />
      </Stack>
    );
  }

  const columns: ListColumn<P5Project>[] = [
    { accessor: 'title', title: t('grades.p5.projectTitle') },
    { accessor: 'theme', title: t('grades.p5.theme') },
    { accessor: 'gradeName', title: t('grades.p5.grade') },
    {
      accessor: 'semester',
      title: t('grades.p5.semester'),
      render: (p) => t(`grades.semesters.${p.semester}`),
      exportValue: (p) => t(`grades.semesters.${p.semester}`),
    },
    {
      accessor: 'dimensions',
      title: t('grades.p5.dimensions'),
      render: (p) => (
        <Group gap={4}>
          {p.dimensions.map((d) => (
            <Badge key={d} variant="light" size="sm">
              {P5_DIMENSION_LABELS[d][lang]}
            </Badge>
          ))}
        </Group>
      ),
      exportValue: (p) => p.dimensions.map((d) => P5_DIMENSION_LABELS[d][lang]).join(', '),
    },
    {
      accessor: 'graded',
      title: t('grades.p5.graded'),
      render: (p) => t('grades.p5.gradedOf', { graded: p.graded, students: p.students }),
      exportValue: (p) => p.graded,
    },
    rowActionsColumn<P5Project>((p) => (
      <RowActions
        name={p.title}
        actions={[
          {
            label: t('grades.p5.assess'),
            icon: <IconClipboardCheck size={18} aria-hidden />,
            onClick: () => setGrading(p),
          },
        ]}
        edit={plans ? () => setEditing(p) : undefined}
        remove={
          plans && p.graded === 0
            ? {
                title: t('grades.p5.delete'),
                text: t('grades.p5.deleteConfirm', { title: p.title }),
                run: () => remove.mutateAsync(p.id),
              }
            : undefined
        }
      />
    )),
  ];

  return (
    <Stack gap="md">
      <PageTitle>{t('grades.p5.title')}</PageTitle>
      <DataList<P5Project>
        path="/p5-projects"
        label={t('grades.p5.title')}
        columns={columns}
        exportName="projek-p5"
        rowLabel={(p) => p.title}
        actions={
          plans && (
            <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={() => setEditing('new')}>
              {t('grades.p5.add')}
            </Button>
          )
        }
      />
      <Text size="xs" c="dimmed">
        {t('grades.p5.legend')}
      </Text>
      <FormModal
        opened={editing !== null}
        onClose={() => setEditing(null)}
        title={editing === 'new' ? t('grades.p5.add') : t('grades.p5.edit')}
        size="lg"
      >
        {editing !== null && (
          <P5ProjectForm project={editing === 'new' ? null : editing} onDone={() => setEditing(null)} />
        )}
      </FormModal>
    </Stack>
  );
}

import { Anchor, Modal, Stack, Text, Title } from '@mantine/core';
import type { SubjectMaterial } from '@mms/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DataList, type ListColumn } from '../../../components/data-list/data-list.tsx';
import { MaterialFiles } from '../components/material-files.tsx';

/** The material of the student's own grade (the server picks it), to read. */
export function StudentMaterialPage() {
  const { t } = useTranslation();
  const [open, setOpen] = useState<SubjectMaterial | null>(null);
  const columns: ListColumn<SubjectMaterial>[] = [
    { accessor: 'subjectName', title: t('journal.subject') },
    { accessor: 'semester', title: t('journal.material.semester'), render: (m) => t(`school.semesters.${m.semester}`) },
    {
      accessor: 'title',
      title: t('journal.material.title'),
      render: (m) => (
        <Anchor component="button" onClick={() => setOpen(m)}>
          {m.title}
        </Anchor>
      ),
    },
  ];
  return (
    <Stack gap="md">
      <Title order={1} fz="h3">
        {t('journal.material.pageTitle')}
      </Title>
      <DataList<SubjectMaterial>
        path="/materials"
        label={t('journal.material.pageTitle')}
        columns={columns}
        exportName="materi-pelajaran"
      />
      <Modal opened={!!open} onClose={() => setOpen(null)} title={open?.title} size="lg">
        <Text style={{ whiteSpace: 'pre-wrap' }} mb="md">
          {open?.body ?? ''}
        </Text>
        {open && <MaterialFiles material={open} />}
      </Modal>
    </Stack>
  );
}

import {
  ActionIcon,
  Button,
  Group,
  Modal,
  NumberInput,
  Select,
  Stack,
  Textarea,
  TextInput,
  Title,
  Tooltip,
} from '@mantine/core';
import { SEMESTERS, SubjectMaterialInput, type Semester, type SubjectMaterial } from '@mms/shared';
import { IconPencil, IconPlus, IconTrash } from '@tabler/icons-react';
import type { DataTableColumn } from 'mantine-datatable';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DataList } from '../../../components/data-list/data-list.tsx';
import { confirmDialog, showSaved } from '../../../lib/dialogs.tsx';
import { notifyError } from '../../../lib/notify.ts';
import { issueErrors } from '../../../lib/validation.ts';
import { useCurrentUser } from '../../../lib/session.ts';
import { useGrades, useSubjects } from '../../school/api.ts';
import { useDeleteMaterial, useSaveMaterial } from '../api.ts';
import { MaterialFiles } from '../components/material-files.tsx';

/** Subject material: a teacher manages the material of the subjects they teach (the server checks which). */
export function MaterialPage() {
  const { t } = useTranslation();
  const user = useCurrentUser();
  const unitId = user.unit?.id ?? null;
  const [editing, setEditing] = useState<SubjectMaterial | 'new' | null>(null);
  const [subjectId, setSubjectId] = useState<number | null>(null);
  const [semester, setSemester] = useState<Semester | null>(null);
  const subjects = useSubjects(unitId);
  const remove = useDeleteMaterial();
  const columns: DataTableColumn<SubjectMaterial>[] = [
    { accessor: 'subjectName', title: t('journal.subject') },
    { accessor: 'gradeName', title: t('journal.material.grade') },
    { accessor: 'semester', title: t('journal.material.semester'), render: (m) => t(`school.semesters.${m.semester}`) },
    { accessor: 'sortOrder', title: t('journal.material.order'), textAlign: 'right' },
    { accessor: 'title', title: t('journal.material.title') },
    {
      accessor: '_actions',
      title: t('app.actions'),
      textAlign: 'right',
      render: (m) => (
        <Group gap={4} justify="flex-end" wrap="nowrap">
          <Tooltip label={t('journal.edit')}>
            <ActionIcon variant="subtle" color="yellow" aria-label={t('journal.edit')} onClick={() => setEditing(m)}>
              <IconPencil size={18} />
            </ActionIcon>
          </Tooltip>
          <Tooltip label={t('journal.material.delete')}>
            <ActionIcon
              variant="subtle"
              color="red"
              aria-label={t('journal.material.delete')}
              onClick={() =>
                confirmDialog({
                  title: t('journal.material.delete'),
                  text: t('journal.material.deleteConfirm', { title: m.title }),
                  confirm: t('journal.material.delete'),
                  onConfirm: () => remove.mutate(m.id, { onError: notifyError }),
                })
              }
            >
              <IconTrash size={18} />
            </ActionIcon>
          </Tooltip>
        </Group>
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
        filters={{ unitId, subjectId, semester }}
        exportName="materi-pelajaran"
        actions={
          <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={() => setEditing('new')}>
            {t('journal.material.add')}
          </Button>
        }
        filterControls={
          <>
            <Select
              label={t('journal.subject')}
              data={(subjects.data?.items ?? []).map((s) => ({ value: String(s.id), label: s.name }))}
              value={subjectId ? String(subjectId) : null}
              onChange={(v) => setSubjectId(v ? Number(v) : null)}
              clearable
              searchable
              w={{ base: '100%', xs: 200 }}
            />
            <Select
              label={t('journal.material.semester')}
              data={[...SEMESTERS]}
              value={semester}
              onChange={(v) => setSemester(v as Semester | null)}
              clearable
              w={{ base: '100%', xs: 140 }}
            />
          </>
        }
      />
      <Modal
        opened={editing !== null}
        onClose={() => setEditing(null)}
        title={editing === 'new' ? t('journal.material.add') : t('journal.edit')}
        size="lg"
      >
        {editing !== null && (
          <MaterialForm material={editing === 'new' ? null : editing} unitId={unitId} onDone={() => setEditing(null)} />
        )}
      </Modal>
    </Stack>
  );
}

function MaterialForm({
  material,
  unitId,
  onDone,
}: {
  material: SubjectMaterial | null;
  unitId: number | null;
  onDone: () => void;
}) {
  const { t } = useTranslation();
  const subjects = useSubjects(unitId);
  const grades = useGrades(unitId);
  const save = useSaveMaterial();
  const [v, setV] = useState({
    subjectId: material?.subjectId ?? null,
    gradeId: material?.gradeId ?? null,
    semester: material?.semester ?? ('GANJIL' as Semester),
    title: material?.title ?? '',
    body: material?.body ?? '',
    sortOrder: material?.sortOrder ?? 0,
  });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const submit = () => {
    const parsed = SubjectMaterialInput.safeParse({ ...v, body: v.body.trim() || null });
    if (!parsed.success) {
      setErrors(issueErrors(parsed.error, 'first'));
      return;
    }
    const { subjectId: _s, gradeId: _g, ...update } = parsed.data;
    save.mutate(
      { id: material?.id ?? null, body: material ? update : parsed.data },
      {
        onSuccess: () => {
          onDone();
          showSaved();
        },
        onError: notifyError,
      },
    );
  };
  return (
    <Stack gap="sm">
      <Group grow wrap="wrap">
        <Select
          label={t('journal.subject')}
          required
          disabled={!!material}
          data={(subjects.data?.items ?? []).map((s) => ({ value: String(s.id), label: s.name }))}
          value={v.subjectId ? String(v.subjectId) : null}
          onChange={(x) => setV({ ...v, subjectId: x ? Number(x) : null })}
          error={errors.subjectId}
          searchable
        />
        <Select
          label={t('journal.material.grade')}
          required
          disabled={!!material}
          data={(grades.data?.items ?? []).map((g) => ({ value: String(g.id), label: g.name }))}
          value={v.gradeId ? String(v.gradeId) : null}
          onChange={(x) => setV({ ...v, gradeId: x ? Number(x) : null })}
          error={errors.gradeId}
        />
      </Group>
      <Group grow wrap="wrap">
        <Select
          label={t('journal.material.semester')}
          required
          data={[...SEMESTERS]}
          value={v.semester}
          onChange={(x) => x && setV({ ...v, semester: x as Semester })}
        />
        <NumberInput
          label={t('journal.material.order')}
          min={0}
          max={10000}
          value={v.sortOrder}
          onChange={(x) => setV({ ...v, sortOrder: typeof x === 'number' ? x : 0 })}
        />
      </Group>
      <TextInput
        label={t('journal.material.title')}
        required
        maxLength={200}
        value={v.title}
        error={errors.title}
        onChange={(e) => setV({ ...v, title: e.currentTarget.value })}
      />
      <Textarea
        label={t('journal.material.body')}
        autosize
        minRows={6}
        value={v.body}
        error={errors.body}
        onChange={(e) => setV({ ...v, body: e.currentTarget.value })}
      />
      {material && <MaterialFiles material={material} manage />}
      <Group justify="flex-end">
        <Button color="green" loading={save.isPending} onClick={submit}>
          {t('journal.material.save')}
        </Button>
      </Group>
    </Stack>
  );
}

import { Alert, FileInput, Button, Group, NumberInput, Select, Stack, Textarea, TextInput, Title } from '@mantine/core';
import { FormModal } from '../../../lib/unsaved-changes.tsx';
import {
  MATERIAL_MAX_ATTACHMENTS,
  SEMESTERS,
  SubjectMaterialInput,
  type Semester,
  type SubjectMaterial,
} from '@mms/shared';
import { IconPlus } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DataList, type ListColumn } from '../../../components/data-list/data-list.tsx';
import { notifyDone, notifyError } from '../../../lib/notify.ts';
import { issueErrors } from '../../../lib/validation.ts';
import { useCurrentUser } from '../../../lib/session.ts';
import { useSubjects } from '../../school/api.ts';
import { uploadMaterialFiles, useDeleteMaterial, useMaterialChoices, useSaveMaterial } from '../api.ts';
import { isApiError } from '../../../lib/api.ts';
import { MaterialFiles } from '../components/material-files.tsx';
import { useUnsavedChanges } from '../../../lib/unsaved-changes.tsx';
import { RowActions, rowActionsColumn } from '../../../components/data-list/row-actions.tsx';

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
  const columns: ListColumn<SubjectMaterial>[] = [
    { accessor: 'subjectName', title: t('journal.subject') },
    { accessor: 'gradeName', title: t('journal.material.grade') },
    { accessor: 'semester', title: t('journal.material.semester'), render: (m) => t(`school.semesters.${m.semester}`) },
    { accessor: 'sortOrder', title: t('journal.material.order'), textAlign: 'right' },
    { accessor: 'title', title: t('journal.material.title') },
    rowActionsColumn<SubjectMaterial>((m) => (
      <RowActions
        name={m.title}
        edit={() => setEditing(m)}
        remove={{
          title: t('journal.material.delete'),
          text: t('journal.material.deleteConfirm', { title: m.title }),
          run: () => remove.mutateAsync(m.id),
        }}
      />
    )),
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
              data={SEMESTERS.map((s) => ({ value: s, label: t(`dashboard.semesters.${s}`) }))}
              value={semester}
              onChange={(v) => setSemester(v as Semester | null)}
              clearable
              w={{ base: '100%', xs: 140 }}
            />
          </>
        }
      />
      <FormModal
        opened={editing !== null}
        onClose={() => setEditing(null)}
        title={editing === 'new' ? t('journal.material.add') : t('journal.edit')}
        size="lg"
      >
        {editing !== null && (
          <MaterialForm material={editing === 'new' ? null : editing} unitId={unitId} onDone={() => setEditing(null)} />
        )}
      </FormModal>
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
  // only the subjects and grades the server lets this user write (the same rule as its write check)
  const choices = useMaterialChoices(unitId);
  const save = useSaveMaterial();
  const client = useQueryClient();
  const [initial] = useState(() => ({
    subjectId: material?.subjectId ?? null,
    gradeId: material?.gradeId ?? null,
    semester: material?.semester ?? ('GANJIL' as Semester),
    title: material?.title ?? '',
    body: material?.body ?? '',
    sortOrder: material?.sortOrder ?? 0,
  }));
  const [v, setV] = useState(initial);
  const [files, setFiles] = useState<File[]>([]);
  const [uploading, setUploading] = useState(false);
  const [errors, setErrors] = useState<Record<string, string>>({});
  useUnsavedChanges(JSON.stringify(v) !== JSON.stringify(initial) || files.length > 0);
  /** A change to a field clears that field's error: errors stay only where something is still wrong. */
  const change = (patch: Partial<typeof v>) => {
    setV({ ...v, ...patch });
    const fixed = Object.keys(patch);
    if (fixed.some((k) => errors[k]))
      setErrors(Object.fromEntries(Object.entries(errors).filter(([k]) => !fixed.includes(k))));
  };
  const pairs = choices.data?.items ?? [];
  const subjectOptions = [...new Map(pairs.map((p) => [p.subjectId, p.subjectName])).entries()].map(([id, name]) => ({
    value: String(id),
    label: name,
  }));
  const gradeOptions = pairs
    .filter((p) => p.subjectId === v.subjectId)
    .map((p) => ({ value: String(p.gradeId), label: p.gradeName }));
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
        onSuccess: async (saved) => {
          if (files.length) {
            setUploading(true);
            try {
              await uploadMaterialFiles(saved.id, files);
            } catch (e) {
              // the material is saved; the file that failed is named by the server's message
              notifyError(e);
            } finally {
              setUploading(false);
              void client.invalidateQueries({ queryKey: ['/materials'] });
            }
          }
          onDone();
          notifyDone('saved');
        },
        onError: (e) => {
          if (isApiError(e) && Object.keys(e.fields).length) setErrors(e.fields);
          notifyError(e);
        },
      },
    );
  };
  const noChoices = !material && choices.isSuccess && pairs.length === 0;
  return (
    <Stack gap="sm">
      {noChoices && <Alert color="yellow">{t('journal.material.noChoices')}</Alert>}
      <Group grow wrap="wrap">
        {material ? (
          <TextInput label={t('journal.subject')} value={material.subjectName} readOnly disabled />
        ) : (
          <Select
            label={t('journal.subject')}
            required
            data={subjectOptions}
            value={v.subjectId ? String(v.subjectId) : null}
            onChange={(x) => {
              const subjectId = x ? Number(x) : null;
              const grades = pairs.filter((p) => p.subjectId === subjectId);
              // one grade: chosen for the teacher; otherwise the grade must be picked again
              change({ subjectId, gradeId: grades.length === 1 ? grades[0]!.gradeId : null });
            }}
            error={errors.subjectId}
            searchable
          />
        )}
        {material ? (
          <TextInput label={t('journal.material.grade')} value={material.gradeName} readOnly disabled />
        ) : (
          <Select
            label={t('journal.material.grade')}
            required
            disabled={!v.subjectId}
            data={gradeOptions}
            value={v.gradeId ? String(v.gradeId) : null}
            onChange={(x) => change({ gradeId: x ? Number(x) : null })}
            error={errors.gradeId}
          />
        )}
      </Group>
      <Group grow wrap="wrap">
        <Select
          label={t('journal.material.semester')}
          required
          data={SEMESTERS.map((s) => ({ value: s, label: t(`dashboard.semesters.${s}`) }))}
          value={v.semester}
          onChange={(x) => x && change({ semester: x as Semester })}
        />
        <NumberInput
          label={t('journal.material.order')}
          min={0}
          max={10000}
          value={v.sortOrder}
          onChange={(x) => change({ sortOrder: typeof x === 'number' ? x : 0 })}
        />
      </Group>
      <TextInput
        label={t('journal.material.title')}
        required
        maxLength={200}
        value={v.title}
        error={errors.title}
        onChange={(e) => change({ title: e.currentTarget.value })}
      />
      <Textarea
        label={t('journal.material.body')}
        autosize
        minRows={6}
        value={v.body}
        error={errors.body}
        onChange={(e) => change({ body: e.currentTarget.value })}
      />
      {material ? (
        <MaterialFiles material={material} manage />
      ) : (
        <FileInput
          label={t('journal.material.pickFiles', { max: MATERIAL_MAX_ATTACHMENTS })}
          accept="image/jpeg,image/png,application/pdf"
          multiple
          clearable
          value={files}
          onChange={(picked) => setFiles(picked.slice(0, MATERIAL_MAX_ATTACHMENTS))}
        />
      )}
      <Group justify="flex-end">
        <Button color="green" loading={save.isPending || uploading} disabled={noChoices} onClick={submit}>
          {t('journal.material.save')}
        </Button>
      </Group>
    </Stack>
  );
}

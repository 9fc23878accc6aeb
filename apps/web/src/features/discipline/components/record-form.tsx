import { Paper, Skeleton, Stack } from '@mantine/core';
import type { StudentSummary } from '@mms/shared';
import { useState, type ComponentType, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { PageTitle } from '../../../components/page-title.tsx';
import { isApiError } from '../../../lib/api.ts';
import { confirmDialog } from '../../../lib/dialogs.tsx';
import { useFieldErrors } from '../../../lib/field-errors.ts';
import { notifyError } from '../../../lib/notify.ts';
import { issueErrors } from '../../../lib/validation.ts';
import { NotesEvidenceSave, recordStudent, RecordStudentPicker } from './parts.tsx';

/** A saved violation or achievement: about one student, with notes and an evidence file. */
interface StudentRecord {
  id: number;
  studentId: number;
  studentName: string;
  nis: string;
  className: string | null;
  notes: string | null;
}

/** The values every record form has besides its own: the student and the notes. */
export interface RecordValues {
  student: StudentSummary | null;
  notes: string;
}

/** What a record form's own fields get: the values, a change of some, the field errors and the saved record. */
export interface RecordFieldsProps<V, R> {
  values: V & RecordValues;
  set: (patch: Partial<V & RecordValues>) => void;
  errors: Record<string, string>;
  existing: R | undefined;
}

/** The save of a record (`useSaveViolation`, `useSaveAchievement`): the body, then the evidence file. */
interface RecordSave<R, B> {
  mutate(
    vars: { id?: number; body: B | Omit<B, 'studentId'>; file: File | null },
    opts: { onSuccess: (saved: R) => void; onError: (e: unknown) => void },
  ): void;
  isPending: boolean;
}

/**
 * The form of a violation or an achievement: the student (fixed once saved), the kind's own fields, notes, the
 * evidence file and save. The values are checked with the contract's schema before anything is sent; a change
 * of a saved record sends everything but the student.
 */
export function StudentRecordForm<R extends StudentRecord, V extends object, B extends { studentId: number }>(props: {
  existing?: R | undefined;
  /** the kind's own values, from the saved record or empty */
  initial: V;
  /** the request body of the values; the schema checks it */
  body: (v: V & RecordValues) => Record<string, unknown>;
  schema: z.ZodType<B>;
  save: RecordSave<R, B>;
  /** after a save: what the form tells the person, and where it goes */
  onSaved: (saved: R) => void;
  fields: ComponentType<RecordFieldsProps<V, R>>;
}) {
  const { t } = useTranslation();
  const { existing, save, fields: Fields } = props;
  const [file, setFile] = useState<File | null>(null);
  const [v, setV] = useState<V & RecordValues>({
    ...props.initial,
    student: recordStudent(existing),
    notes: existing?.notes ?? '',
  });
  const [errors, setErrors] = useFieldErrors({ ...v, studentId: v.student?.id });
  const submit = () => {
    const parsed = props.schema.safeParse({
      studentId: v.student?.id ?? NaN,
      ...props.body(v),
      notes: v.notes.trim() || null,
    });
    if (!parsed.success) return setErrors(issueErrors(parsed.error, 'first'));
    setErrors({});
    const { studentId: _s, ...update } = parsed.data;
    const send = (vars: { id?: number; body: B | Omit<B, 'studentId'>; file: File | null }) =>
      save.mutate(vars, {
        onSuccess: (saved) => {
          setFile(null);
          props.onSaved(saved);
        },
        onError: (e) => {
          // the server found the same record already there (a violation of the same rule that day): it names
          // the earlier one; the person decides whether this is a second one
          if (!existing && isApiError(e) && e.status === 409 && e.fields.confirmDuplicate) {
            confirmDialog({
              title: t('discipline.duplicate.title'),
              text: e.message,
              confirm: t('discipline.duplicate.confirm'),
              onConfirm: () => send({ body: { ...parsed.data, confirmDuplicate: true }, file }),
            });
          } else notifyError(e);
        },
      });
    send(existing ? { id: existing.id, body: update, file } : { body: parsed.data, file });
  };
  return (
    <Paper withBorder p="md" radius="md">
      <Stack gap="sm">
        <RecordStudentPicker
          value={v.student}
          onChange={(student) => setV({ ...v, student })}
          error={errors.studentId}
          fixed={!!existing}
        />
        <Fields values={v} set={(patch) => setV({ ...v, ...patch })} errors={errors} existing={existing} />
        <NotesEvidenceSave
          notes={v.notes}
          notesError={errors.notes}
          onNotes={(notes) => setV({ ...v, notes })}
          file={file}
          onFile={setFile}
          saving={save.isPending}
          onSave={submit}
        />
      </Stack>
    </Paper>
  );
}

/** The page of a new record: a new empty form after each save. */
export function RecordInputPage({
  title,
  form: Form,
}: {
  title: string;
  form: ComponentType<{ onSaved: () => void }>;
}) {
  const [key, setKey] = useState(0);
  return (
    <Stack gap="md">
      <PageTitle>{title}</PageTitle>
      <Form key={key} onSaved={() => setKey((k) => k + 1)} />
    </Stack>
  );
}

/** The page of a saved record: its form once the record is read. */
export function RecordEditPage<R>({
  title,
  record,
  children,
}: {
  title: string;
  record: R | undefined;
  children: (record: R) => ReactNode;
}) {
  return (
    <Stack gap="md">
      <PageTitle>{title}</PageTitle>
      {record ? children(record) : <Skeleton height={320} />}
    </Stack>
  );
}

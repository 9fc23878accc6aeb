import { Badge, Button, FileInput, Group, Select, Textarea, type SelectProps } from '@mantine/core';
import type { SanctionStatus, StudentSummary, ViolationStatus } from '@mms/shared';
import { useTranslation } from 'react-i18next';
import { StudentPicker } from '../../../components/student-picker.tsx';

const COLORS: Record<ViolationStatus | SanctionStatus, string> = {
  REPORTED: 'yellow',
  VERIFIED: 'green',
  REJECTED: 'gray',
  PROPOSED: 'orange',
  CONFIRMED: 'blue',
  COMPLETED: 'green',
};

/** A report's or a sanction's status as a labelled badge (its text is what the export writes). */
export function StatusBadge({ status }: { status: ViolationStatus | SanctionStatus }) {
  const { t } = useTranslation();
  return (
    <Badge color={COLORS[status]} variant="light">
      {t(`discipline.statuses.${status}`)}
    </Badge>
  );
}

/** A select of coded values labelled through `discipline.<group>.<code>`. */
export function CodeSelect<C extends string>({
  codes,
  group,
  value,
  onChange,
  ...rest
}: Omit<SelectProps, 'data' | 'value' | 'onChange'> & {
  codes: readonly C[];
  group: string;
  value: C | null;
  onChange: (value: C | null) => void;
}) {
  const { t } = useTranslation();
  return (
    <Select
      data={codes.map((c) => ({ value: c, label: t(`discipline.${group}.${c}`) }))}
      value={value}
      onChange={(v) => onChange((v as C | null) ?? null)}
      w={{ base: '100%', xs: 200 }}
      {...rest}
    />
  );
}

/** The foot of a violation or achievement form: its notes, the evidence file (image or PDF) and save. */
export function NotesEvidenceSave(props: {
  notes: string;
  notesError?: string | undefined;
  onNotes: (notes: string) => void;
  file: File | null;
  onFile: (file: File | null) => void;
  saving: boolean;
  onSave: () => void;
}) {
  const { t } = useTranslation();
  return (
    <>
      <Textarea
        label={t('discipline.notes')}
        autosize
        minRows={2}
        value={props.notes}
        error={props.notesError}
        onChange={(e) => props.onNotes(e.currentTarget.value)}
      />
      <FileInput
        label={t('discipline.evidence')}
        accept="image/jpeg,image/png,application/pdf"
        value={props.file}
        onChange={props.onFile}
        clearable
      />
      <Group>
        <Button color="green" loading={props.saving} onClick={props.onSave}>
          {t('discipline.save')}
        </Button>
      </Group>
    </>
  );
}

/** The student a saved violation or achievement is about, as the student picker shows it. */
export const recordStudent = (
  r: { studentId: number; studentName: string; nis: string; className: string | null } | undefined,
) => (r ? ({ id: r.studentId, name: r.studentName, nis: r.nis, className: r.className } as StudentSummary) : null);

/** The student of a violation or achievement form; fixed once the record is saved. */
export function RecordStudentPicker(props: {
  value: StudentSummary | null;
  onChange: (s: StudentSummary | null) => void;
  error?: string | undefined;
  fixed: boolean;
}) {
  const { t } = useTranslation();
  return (
    <StudentPicker
      label={t('discipline.student')}
      value={props.value}
      onChange={props.onChange}
      error={props.error}
      disabled={props.fixed}
      required
    />
  );
}

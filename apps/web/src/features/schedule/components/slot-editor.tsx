import { Alert, Anchor, Button, Group, List, Select, Stack, Text } from '@mantine/core';
import type { Semester, TimetableCheckResult, TimetableSlot } from '@mms/shared';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ROUTES } from '../../../lib/route-names.ts';
import { messageText } from '../../../lib/validation.ts';
import { isApiError } from '../../../lib/api.ts';
import { confirmDialog } from '../../../lib/dialogs.tsx';
import { notifyDone, notifyError } from '../../../lib/notify.ts';
import { useUnsavedChanges } from '../../../lib/unsaved-changes.tsx';
import { errorText } from '../../../i18n/index.ts';
import { useCheckSlot, useClassAssignments, useCreateSlot, useDeleteSlot, useUpdateSlot } from '../../school/api.ts';

export interface SlotTarget {
  classGroupId: number;
  unitId: number;
  semester: Semester;
  day: number;
  period: number;
  slot?: TimetableSlot;
}

/**
 * Places or edits the lesson of one cell. The pickers offer only what the school assigned to the class that
 * semester (a subject's assigned teachers, with their weekly JP); choosing asks the server's check first, so a
 * clash, a teacher not assigned or a subject whose JP are all placed shows before saving, and Simpan waits
 * until the check is clean. The save is refused with 409 if something changed meanwhile.
 */
export function SlotEditor({ target, onDone }: { target: SlotTarget; onDone: () => void }) {
  const { t } = useTranslation();
  const assignments = useClassAssignments(target.classGroupId, target.semester);
  const editing = target.slot;
  const [subjectId, setSubjectId] = useState<number | null>(editing?.subjectId ?? null);
  const [employeeId, setEmployeeId] = useState<number | null>(editing?.employeeId ?? null);
  const [check, setCheck] = useState<TimetableCheckResult | null>(null);
  const [saveError, setSaveError] = useState<string | null>(null);
  const checker = useCheckSlot();
  const create = useCreateSlot();
  const update = useUpdateSlot();
  const remove = useDeleteSlot();
  const dayName = t(`school.timetable.days.${target.day}`);
  const changed = subjectId !== (editing?.subjectId ?? null) || employeeId !== (editing?.employeeId ?? null);
  useUnsavedChanges(changed);

  const rows = assignments.data?.items ?? [];
  const subjectOptions = [...new Map(rows.map((a) => [a.subjectId, a.subjectName])).entries()].map(([id, name]) => ({
    value: String(id),
    label: name,
  }));
  const teacherOptions = rows
    .filter((a) => a.subjectId === subjectId)
    .map((a) => ({
      value: String(a.employeeId),
      label: t('school.timetable.teacherHours', { name: a.teacherName, hours: a.hoursPerWeek }),
    }));

  const { mutate: runCheck } = checker;
  useEffect(() => {
    if (!subjectId || !employeeId || !changed) return;
    runCheck(
      {
        classGroupId: target.classGroupId,
        semester: target.semester,
        day: target.day,
        period: target.period,
        subjectId,
        employeeId,
        slotId: editing?.id,
      },
      { onSuccess: setCheck, onError: (e) => notifyError(e) },
    );
  }, [subjectId, employeeId, target, editing, changed, runCheck]);

  const ready = !!subjectId && !!employeeId && changed;
  const clean = ready && !checker.isPending && check?.ok === true;
  const saving = create.isPending || update.isPending;
  const onSaved = {
    onSuccess: () => {
      notifyDone('saved');
      onDone();
    },
    onError: (e: unknown) => {
      setSaveError(errorText(e));
      if (!isApiError(e) || e.status !== 409) notifyError(e);
    },
  };
  const save = () => {
    if (!subjectId || !employeeId) return;
    if (editing) update.mutate({ id: editing.id, body: { subjectId, employeeId } }, onSaved);
    else
      create.mutate(
        {
          classGroupId: target.classGroupId,
          semester: target.semester,
          day: target.day,
          period: target.period,
          subjectId,
          employeeId,
        },
        onSaved,
      );
  };
  const problems = [...(check?.clashes ?? []), ...(check?.problems ?? [])];

  return (
    <Stack>
      {assignments.isSuccess && rows.length === 0 && (
        <Alert color="yellow">
          <Text size="sm">{t('school.timetable.noAssignments')}</Text>
          <Anchor component={Link} to={ROUTES['tutor-subject-teachers']} size="sm">
            {t('school.timetable.toAssignments')}
          </Anchor>
        </Alert>
      )}
      <Select
        label={t('school.subject')}
        placeholder={t('school.choose')}
        searchable
        data={subjectOptions}
        value={subjectId ? String(subjectId) : null}
        onChange={(v) => {
          const next = v ? Number(v) : null;
          const teachers = rows.filter((a) => a.subjectId === next);
          setCheck(null);
          setSaveError(null);
          setSubjectId(next);
          // one assigned teacher: chosen already
          setEmployeeId(teachers.length === 1 ? teachers[0]!.employeeId : null);
        }}
        comboboxProps={{ withinPortal: true, keepMounted: false }}
      />
      <Select
        label={t('school.teacher')}
        placeholder={t('school.choose')}
        searchable
        disabled={!subjectId}
        data={teacherOptions}
        value={employeeId ? String(employeeId) : null}
        onChange={(v) => {
          setCheck(null);
          setSaveError(null);
          setEmployeeId(v ? Number(v) : null);
        }}
        comboboxProps={{ withinPortal: true, keepMounted: false }}
      />
      {ready && checker.isPending && <Text size="sm">{t('school.timetable.checking')}</Text>}
      {ready && check && problems.length > 0 && (
        <Alert color="red" title={t('school.timetable.clash')} role="alert">
          <List size="sm">
            {problems.map((c) => (
              <List.Item key={`${c.kind}-${'slotId' in c ? c.slotId : c.field}`}>{messageText(c.message)}</List.Item>
            ))}
          </List>
        </Alert>
      )}
      {ready && check?.ok && (
        <Alert color="green" role="status">
          {t('school.timetable.noClash')}
        </Alert>
      )}
      {saveError && (
        <Alert color="red" role="alert">
          {saveError}
        </Alert>
      )}
      <Group justify="space-between">
        {editing ? (
          <Button
            color="red"
            variant="light"
            loading={remove.isPending}
            onClick={() =>
              confirmDialog({
                title: t('school.timetable.removeTitle'),
                text: t('school.timetable.removeText', {
                  subject: editing.subjectName,
                  day: dayName,
                  period: editing.period,
                }),
                confirm: t('school.delete'),
                destructive: true,
                onConfirm: () =>
                  remove.mutate(editing.id, {
                    onSuccess: () => {
                      notifyDone('deleted');
                      onDone();
                    },
                    onError: (e) => notifyError(e),
                  }),
              })
            }
          >
            {t('school.delete')}
          </Button>
        ) : (
          <span />
        )}
        <Group gap="xs">
          <Button variant="default" onClick={onDone}>
            {t('school.cancel')}
          </Button>
          <Button color="green" disabled={!clean} loading={saving} onClick={save}>
            {t('school.save')}
          </Button>
        </Group>
      </Group>
    </Stack>
  );
}

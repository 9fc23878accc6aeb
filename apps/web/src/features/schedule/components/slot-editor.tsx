import { Alert, Button, Group, List, Select, Stack, Text } from '@mantine/core';
import type { Semester, TimetableCheckResult, TimetableSlot } from '@mms/shared';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { messageText } from '../../../lib/validation.ts';
import { isApiError } from '../../../lib/api.ts';
import { confirmDialog, showSaved } from '../../../lib/dialogs.tsx';
import { notifyError } from '../../../lib/notify.ts';
import { errorText } from '../../../i18n/index.ts';
import { useCheckSlot, useClassSubjects, useCreateSlot, useDeleteSlot, useSubjects } from '../../school/api.ts';
import { TeacherSelect } from '../../../components/pickers.tsx';

export interface SlotTarget {
  classGroupId: number;
  unitId: number;
  semester: Semester;
  day: number;
  period: number;
  slot?: TimetableSlot;
}

/**
 * Places a lesson in one cell. Choosing the subject and teacher asks the server's check first, so a clash shows
 * before saving; the save itself is refused with 409 if a clash appears meanwhile.
 */
export function SlotEditor({ target, onDone }: { target: SlotTarget; onDone: () => void }) {
  const { t } = useTranslation();
  const classSubjects = useClassSubjects(target.classGroupId);
  const unitSubjects = useSubjects(target.unitId);
  const [subjectId, setSubjectId] = useState<number | null>(null);
  const [employeeId, setEmployeeId] = useState<number | null>(null);
  const [check, setCheck] = useState<TimetableCheckResult | null>(null);
  const [saveError, setSaveError] = useState<string | null>(null);
  const checker = useCheckSlot();
  const create = useCreateSlot();
  const remove = useDeleteSlot();
  const dayName = t(`school.timetable.days.${target.day}`);

  const subjectOptions = (
    classSubjects.data?.items.length
      ? classSubjects.data.items
      : (unitSubjects.data?.items ?? []).map((s) => ({ id: s.id, name: s.name, code: s.code }))
  ).map((s) => ({ value: String(s.id), label: s.name }));

  const { mutate: runCheck } = checker;
  useEffect(() => {
    if (!subjectId || !employeeId) return;
    runCheck(
      {
        classGroupId: target.classGroupId,
        semester: target.semester,
        day: target.day,
        period: target.period,
        subjectId,
        employeeId,
      },
      { onSuccess: setCheck, onError: (e) => notifyError(e) },
    );
  }, [subjectId, employeeId, target, runCheck]);

  if (target.slot) {
    const slot = target.slot;
    return (
      <Stack>
        <Text>
          {slot.subjectName} · {slot.teacherName}
        </Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={onDone}>
            {t('school.cancel')}
          </Button>
          <Button
            color="red"
            loading={remove.isPending}
            onClick={() =>
              confirmDialog({
                title: t('school.timetable.removeTitle'),
                text: t('school.timetable.removeText', {
                  subject: slot.subjectName,
                  day: dayName,
                  period: slot.period,
                }),
                confirm: t('school.delete'),
                onConfirm: () =>
                  remove.mutate(slot.id, {
                    onSuccess: () => {
                      showSaved();
                      onDone();
                    },
                    onError: (e) => notifyError(e),
                  }),
              })
            }
          >
            {t('school.delete')}
          </Button>
        </Group>
      </Stack>
    );
  }

  const ready = !!subjectId && !!employeeId;
  return (
    <Stack>
      <Select
        label={t('school.subject')}
        placeholder={t('school.choose')}
        searchable
        data={subjectOptions}
        value={subjectId ? String(subjectId) : null}
        onChange={(v) => {
          setCheck(null);
          setSaveError(null);
          setSubjectId(v ? Number(v) : null);
        }}
        comboboxProps={{ withinPortal: true }}
      />
      <TeacherSelect
        unitId={target.unitId}
        value={employeeId}
        onChange={(v) => {
          setCheck(null);
          setSaveError(null);
          setEmployeeId(v);
        }}
        comboboxProps={{ withinPortal: true }}
      />
      {ready && checker.isPending && <Text size="sm">{t('school.timetable.checking')}</Text>}
      {ready && check && !check.ok && (
        <Alert color="red" title={t('school.timetable.clash')} role="alert">
          <List size="sm">
            {check.clashes.map((c) => (
              <List.Item key={`${c.kind}-${c.slotId}`}>{messageText(c.message)}</List.Item>
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
      <Group justify="flex-end">
        <Button variant="default" onClick={onDone}>
          {t('school.cancel')}
        </Button>
        <Button
          color="green"
          disabled={!ready}
          loading={create.isPending}
          onClick={() =>
            subjectId &&
            employeeId &&
            create.mutate(
              {
                classGroupId: target.classGroupId,
                semester: target.semester,
                day: target.day,
                period: target.period,
                subjectId,
                employeeId,
              },
              {
                onSuccess: () => {
                  showSaved();
                  onDone();
                },
                onError: (e) => {
                  setSaveError(errorText(e));
                  if (!isApiError(e) || e.status !== 409) notifyError(e);
                },
              },
            )
          }
        >
          {t('school.save')}
        </Button>
      </Group>
    </Stack>
  );
}

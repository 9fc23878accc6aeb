import { Alert, Button, Group, SegmentedControl, Select, Stack, Table, Text, TextInput } from '@mantine/core';
import {
  EXTRACURRICULAR_PREDICATES,
  type Extracurricular,
  type ExtracurricularMembers,
  type ExtracurricularPredicate,
  type Semester,
  type StudentSummary,
} from '@mms/shared';
import { IconDeviceFloppy, IconPlus, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { StudentPicker } from '../../../components/student-picker.tsx';
import { serverToday } from '../../../lib/clock.ts';
import { confirmDialog } from '../../../lib/dialogs.tsx';
import { notifyDone, notifyError, notifyInfo } from '../../../lib/notify.ts';
import { useAddMembers, useMembers, useRemoveMember, useSaveGrades } from '../api.ts';

type Row = { predicate: ExtracurricularPredicate | null; note: string };

/** The semester of today: July to December the first (ganjil), January to June the second. */
const todaysSemester = (): Semester => (Number(serverToday().slice(5, 7)) >= 7 ? 'GANJIL' : 'GENAP');

/**
 * An activity's members and their grades of a semester: the members picker (WAKAKUR), and the grading table
 * (predicate and note per member) saved in one request by the coach, WAKAKUR or ADMIN.
 */
export function MembersPanel({ activity, canManage }: { activity: Extracurricular; canManage: boolean }) {
  const { t } = useTranslation();
  const [semester, setSemester] = useState<Semester>(todaysSemester);
  const members = useMembers(activity.id, semester);
  const add = useAddMembers(activity.id);
  const removeMember = useRemoveMember(activity.id);
  const [picked, setPicked] = useState<StudentSummary | null>(null);
  const canGrade = members.data?.activity.canGrade ?? activity.canGrade;

  const addPicked = () => {
    if (!picked) return;
    add.mutate([picked.id], {
      onSuccess: () => {
        setPicked(null);
        notifyDone('saved');
      },
      onError: notifyError,
    });
  };

  const askRemove = (studentId: number, name: string) =>
    confirmDialog({
      title: t('extracurricular.removeTitle'),
      text: t('extracurricular.removeText', { name }),
      confirm: t('extracurricular.removeMember'),
      destructive: true,
      onConfirm: () => removeMember.mutate(studentId, { onSuccess: () => notifyDone('deleted'), onError: notifyError }),
    });

  const list = members.data?.members ?? [];
  return (
    <Stack>
      <Group justify="space-between" align="end">
        <SegmentedControl
          aria-label={t('extracurricular.semester')}
          value={semester}
          onChange={(v) => setSemester(v as Semester)}
          data={[
            { value: 'GANJIL', label: t('extracurricular.GANJIL') },
            { value: 'GENAP', label: t('extracurricular.GENAP') },
          ]}
        />
        {canManage && (
          <Group align="end" gap="xs">
            <StudentPicker label={t('extracurricular.pickStudent')} value={picked} onChange={setPicked} w={280} />
            <Button leftSection={<IconPlus size={16} />} onClick={addPicked} disabled={!picked} loading={add.isPending}>
              {t('extracurricular.addMember')}
            </Button>
          </Group>
        )}
      </Group>
      {!canGrade && <Alert color="gray">{t('extracurricular.readOnly')}</Alert>}
      {members.isSuccess && list.length === 0 && <Text c="dimmed">{t('extracurricular.noMembers')}</Text>}
      {members.data && list.length > 0 && (
        // a new table (its edits from what is saved) for every load of the semester
        <GradeTable
          key={`${semester}-${members.dataUpdatedAt}`}
          data={members.data}
          canGrade={canGrade}
          onRemove={canManage ? askRemove : undefined}
        />
      )}
    </Stack>
  );
}

/** The grading table of a semester: a predicate and a note per member, saved in one request. */
function GradeTable({
  data,
  canGrade,
  onRemove,
}: {
  data: ExtracurricularMembers;
  canGrade: boolean;
  onRemove?: ((studentId: number, name: string) => void) | undefined;
}) {
  const { t } = useTranslation();
  const save = useSaveGrades(data.activity.id);
  const [rows, setRows] = useState<Record<number, Row>>(() =>
    Object.fromEntries(data.members.map((m) => [m.studentId, { predicate: m.predicate, note: m.note }])),
  );
  const set = (studentId: number, change: Partial<Row>) =>
    setRows((r) => ({ ...r, [studentId]: { ...(r[studentId] ?? { predicate: null, note: '' }), ...change } }));
  const predicateOptions = EXTRACURRICULAR_PREDICATES.map((p) => ({
    value: p,
    label: `${p} – ${t(`extracurricular.predicates.${p}`)}`,
  }));
  const list = data.members;
  const submit = () =>
    save.mutate(
      {
        semester: data.semester,
        grades: list.map((m) => ({
          studentId: m.studentId,
          predicate: rows[m.studentId]?.predicate ?? null,
          note: rows[m.studentId]?.note ?? '',
        })),
      },
      { onSuccess: () => notifyInfo(t('extracurricular.gradesSaved')), onError: notifyError },
    );
  const canManage = onRemove !== undefined;
  const activity = data.activity;
  const askRemove = (studentId: number, name: string) => onRemove?.(studentId, name);
  return (
    <>
      <Table.ScrollContainer minWidth={640}>
        <Table striped aria-label={t('extracurricular.membersLabel', { name: activity.name })}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('extracurricular.student')}</Table.Th>
              <Table.Th>{t('extracurricular.className')}</Table.Th>
              <Table.Th>{t('extracurricular.predicate')}</Table.Th>
              <Table.Th>{t('extracurricular.note')}</Table.Th>
              {canManage && <Table.Th aria-label={t('extracurricular.removeMember')} />}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {list.map((m) => {
              const row = rows[m.studentId] ?? { predicate: null, note: '' };
              return (
                <Table.Tr key={m.studentId}>
                  <Table.Td>
                    {m.name}
                    <Text size="xs" c="dimmed">
                      {m.nis}
                    </Text>
                  </Table.Td>
                  <Table.Td>{m.className ?? '–'}</Table.Td>
                  <Table.Td miw={170}>
                    <Select
                      aria-label={t('extracurricular.predicateOf', { name: m.name })}
                      placeholder={t('extracurricular.noPredicate')}
                      data={predicateOptions}
                      value={row.predicate}
                      onChange={(v) => set(m.studentId, { predicate: (v as ExtracurricularPredicate | null) ?? null })}
                      clearable
                      disabled={!canGrade}
                    />
                  </Table.Td>
                  <Table.Td miw={220}>
                    <TextInput
                      aria-label={t('extracurricular.noteOf', { name: m.name })}
                      value={row.note}
                      maxLength={500}
                      onChange={(e) => set(m.studentId, { note: e.currentTarget.value })}
                      disabled={!canGrade}
                    />
                  </Table.Td>
                  {canManage && (
                    <Table.Td>
                      <Button
                        variant="subtle"
                        color="red"
                        size="xs"
                        leftSection={<IconTrash size={14} />}
                        aria-label={`${t('extracurricular.removeMember')} ${m.name}`}
                        onClick={() => askRemove(m.studentId, m.name)}
                      >
                        {t('extracurricular.removeMember')}
                      </Button>
                    </Table.Td>
                  )}
                </Table.Tr>
              );
            })}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      {canGrade && list.length > 0 && (
        <Group justify="flex-end">
          <Button leftSection={<IconDeviceFloppy size={16} />} onClick={submit} loading={save.isPending}>
            {t('extracurricular.saveGrades')}
          </Button>
        </Group>
      )}
    </>
  );
}

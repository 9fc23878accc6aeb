import {
  ActionIcon,
  Button,
  Checkbox,
  Group,
  Modal,
  Paper,
  Select,
  Skeleton,
  Stack,
  Table,
  Text,
  TextInput,
} from '@mantine/core';
import { ALL_UNIT_DIVISIONS, BtqGroupInput, type BtqGroup } from '@mms/shared';
import { IconArrowsExchange, IconHistory, IconPencil, IconPlus, IconPrinter, IconUserMinus } from '@tabler/icons-react';
import { generatePath, Link } from 'react-router';
import { ROUTES } from '../../../lib/route-names.ts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ExportButton } from '../../../components/data-list/export-button.tsx';
import { downloadServerExport } from '../../../components/data-list/export-xlsx.ts';
import { PageTitle } from '../../../components/page-title.tsx';
import { ClassSelect, UnitSelect, useActiveYearId, useDefaultUnitId } from '../../../components/pickers.tsx';
import { PrintButton, PrintedPaper } from '../../../components/print/printed-paper.tsx';
import { confirmDialog } from '../../../lib/dialogs.tsx';
import { notifyDone, notifyError } from '../../../lib/notify.ts';
import { useCurrentUser } from '../../../lib/session.ts';
import { issueErrors } from '../../../lib/validation.ts';
import {
  useAddMembers,
  useGroupMembers,
  useGroups,
  useMoveMember,
  useRemoveMember,
  useSaveGroup,
  useStudents,
  useTeachers,
} from '../api.ts';
import { positionText } from './group-print-page.tsx';
import { LevelSelect, ModalActions, StudentHistoryModal } from './parts.tsx';

function GroupModal({ unitId, group, onClose }: { unitId: number; group: BtqGroup | null; onClose: () => void }) {
  const { t } = useTranslation();
  const teachers = useTeachers(unitId, true);
  const save = useSaveGroup();
  const dayNames = t('btq.dayNames', { returnObjects: true }) as string[];
  const [v, setV] = useState({
    name: group?.name ?? '',
    teacherId: group?.teacherId ?? null,
    levelId: group?.levelId ?? null,
    days: group?.days ?? [],
    startTime: group?.startTime ?? '',
    endTime: group?.endTime ?? '',
    place: group?.place ?? '',
  });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const submit = () => {
    const parsed = BtqGroupInput.safeParse({
      ...v,
      unitId,
      teacherId: v.teacherId ?? undefined,
      startTime: v.startTime || null,
      endTime: v.endTime || null,
      place: v.place || null,
    });
    if (!parsed.success) return setErrors(issueErrors(parsed.error, 'first'));
    const { unitId: _u, ...update } = parsed.data;
    save.mutate(group ? { id: group.id, body: update } : { body: parsed.data }, {
      onSuccess: () => (notifyDone('saved'), onClose()),
      onError: notifyError,
    });
  };
  return (
    <Modal opened onClose={onClose} title={group ? t('btq.editGroup') : t('btq.addGroup')}>
      <Stack>
        <TextInput
          label={t('btq.name')}
          value={v.name}
          onChange={(e) => setV({ ...v, name: e.currentTarget.value })}
          error={errors.name}
        />
        <Select
          label={t('btq.teacher')}
          data={(teachers.data?.items ?? []).map((tr) => ({ value: String(tr.id), label: tr.name }))}
          value={v.teacherId ? String(v.teacherId) : null}
          onChange={(id) => setV({ ...v, teacherId: id ? Number(id) : null })}
          searchable
          error={errors.teacherId}
        />
        <LevelSelect unitId={unitId} value={v.levelId} onChange={(levelId) => setV({ ...v, levelId })} clearable />
        <Checkbox.Group
          label={t('btq.days')}
          value={v.days.map(String)}
          onChange={(d) => setV({ ...v, days: d.map(Number).sort() })}
          error={errors.days}
        >
          <Group gap="xs" mt={4}>
            {dayNames.map((d, i) => (
              <Checkbox key={d} value={String(i + 1)} label={d} />
            ))}
          </Group>
        </Checkbox.Group>
        <Group grow>
          <TextInput
            label={t('btq.startTime')}
            type="time"
            value={v.startTime}
            onChange={(e) => setV({ ...v, startTime: e.currentTarget.value })}
            error={errors.startTime}
          />
          <TextInput
            label={t('btq.endTime')}
            type="time"
            value={v.endTime}
            onChange={(e) => setV({ ...v, endTime: e.currentTarget.value })}
            error={errors.endTime}
          />
        </Group>
        <TextInput
          label={t('btq.place')}
          value={v.place}
          onChange={(e) => setV({ ...v, place: e.currentTarget.value })}
          error={errors.place}
        />
        <ModalActions onCancel={onClose} onSave={submit} saving={save.isPending} />
      </Stack>
    </Modal>
  );
}

/** Adds students without a group: search by name or NIS, filter by class, tick and add. */
function AddMembersModal({ group, onClose }: { group: BtqGroup; onClose: () => void }) {
  const { t } = useTranslation();
  const yearId = useActiveYearId();
  const [q, setQ] = useState('');
  const [classId, setClassId] = useState<number | null>(null);
  const [picked, setPicked] = useState<number[]>([]);
  const students = useStudents({
    unitId: group.unitId,
    classId,
    groupId: null,
    levelId: null,
    q,
    page: 1,
    pageSize: 50,
    ungrouped: true,
  });
  const add = useAddMembers();
  const submit = () =>
    add.mutate(
      { groupId: group.id, body: { studentIds: picked } },
      { onSuccess: () => (notifyDone('saved'), onClose()), onError: notifyError },
    );
  return (
    <Modal opened onClose={onClose} title={`${t('btq.addMembers')}: ${group.name}`} size="lg">
      <Stack>
        <Group align="flex-end">
          <TextInput label={t('btq.search')} value={q} onChange={(e) => setQ(e.currentTarget.value)} />
          <ClassSelect value={classId} onChange={setClassId} unitId={group.unitId} academicYearId={yearId} clearable />
        </Group>
        {students.isPending ? (
          <Skeleton height={120} />
        ) : students.data?.items.length ? (
          <Stack gap={4}>
            {students.data.items.map((s) => (
              <Checkbox
                key={s.id}
                label={`${s.name} (${s.nis ?? '–'}) ${s.className ?? ''}`}
                checked={picked.includes(s.id)}
                onChange={(e) =>
                  setPicked(e.currentTarget.checked ? [...picked, s.id] : picked.filter((id) => id !== s.id))
                }
              />
            ))}
          </Stack>
        ) : (
          <Text>{t('btq.empty')}</Text>
        )}
        <Group justify="space-between">
          <Text size="sm">{t('btq.selected', { count: picked.length })}</Text>
          <Group>
            <Button variant="default" onClick={onClose}>
              {t('btq.cancel')}
            </Button>
            <Button onClick={submit} disabled={picked.length === 0} loading={add.isPending}>
              {t('btq.addMembers')}
            </Button>
          </Group>
        </Group>
      </Stack>
    </Modal>
  );
}

function MoveModal({
  group,
  student,
  groups,
  onClose,
}: {
  group: BtqGroup;
  student: { studentId: number; name: string };
  groups: BtqGroup[];
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const move = useMoveMember();
  const [target, setTarget] = useState<string | null>(null);
  return (
    <Modal opened onClose={onClose} title={`${t('btq.move')}: ${student.name}`}>
      <Stack>
        <Select
          label={t('btq.moveTo')}
          data={groups
            .filter((g) => g.id !== group.id && g.isActive && g.unitId === group.unitId)
            .map((g) => ({ value: String(g.id), label: g.name }))}
          value={target}
          onChange={setTarget}
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('btq.cancel')}
          </Button>
          <Button
            disabled={!target}
            loading={move.isPending}
            onClick={() =>
              move.mutate(
                { studentId: student.studentId, toGroupId: Number(target) },
                { onSuccess: () => (notifyDone('saved'), onClose()), onError: notifyError },
              )
            }
          >
            {t('btq.move')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

function MembersPanel({ group, groups }: { group: BtqGroup; groups: BtqGroup[] }) {
  const { t } = useTranslation();
  const members = useGroupMembers(group.id);
  const remove = useRemoveMember();
  const [adding, setAdding] = useState(false);
  const [moving, setMoving] = useState<{ studentId: number; name: string } | null>(null);
  const [history, setHistory] = useState<number | null>(null);
  const dayNames = t('btq.dayNames', { returnObjects: true }) as string[];
  return (
    <PrintedPaper
      unitId={group.unitId}
      title={`${t('btq.group')} ${group.name}`}
      subtitle={
        <Text size="sm">
          {group.teacherName} · {group.levelName ?? '–'} · {group.days.map((d) => dayNames[d - 1]).join(', ')}{' '}
          {group.startTime ? `${group.startTime}–${group.endTime ?? ''}` : ''} {group.place ?? ''}
        </Text>
      }
      actions={
        <>
          <Button size="sm" leftSection={<IconPlus size={16} aria-hidden />} onClick={() => setAdding(true)}>
            {t('btq.addMembers')}
          </Button>
          <Button
            size="sm"
            variant="default"
            component={Link}
            to={generatePath(ROUTES['btq-group-print'], { id: String(group.id) })}
            leftSection={<IconPrinter size={16} aria-hidden />}
          >
            {t('btq.printPage')}
          </Button>
          <PrintButton />
        </>
      }
    >
      {members.isPending ? (
        <Skeleton height={120} />
      ) : members.data?.items.length ? (
        <Table.ScrollContainer minWidth={480}>
          <Table striped>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('btq.nis')}</Table.Th>
                <Table.Th>{t('btq.student')}</Table.Th>
                <Table.Th>{t('btq.class')}</Table.Th>
                <Table.Th>{t('btq.level')}</Table.Th>
                <Table.Th>{t('btq.position')}</Table.Th>
                <Table.Th className="no-print" />
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {members.data.items.map((m) => (
                <Table.Tr key={m.studentId}>
                  <Table.Td>{m.nis}</Table.Td>
                  <Table.Td>{m.name}</Table.Td>
                  <Table.Td>{m.className}</Table.Td>
                  <Table.Td>{m.levelName ?? '–'}</Table.Td>
                  <Table.Td>{positionText(m, t('btq.page'))}</Table.Td>
                  <Table.Td>
                    <Group gap={4} wrap="nowrap">
                      <ActionIcon
                        variant="subtle"
                        aria-label={`${t('btq.history')} ${m.name}`}
                        onClick={() => setHistory(m.studentId)}
                      >
                        <IconHistory size={16} aria-hidden />
                      </ActionIcon>
                      <ActionIcon
                        variant="subtle"
                        aria-label={`${t('btq.move')} ${m.name}`}
                        onClick={() => setMoving(m)}
                      >
                        <IconArrowsExchange size={16} aria-hidden />
                      </ActionIcon>
                      <ActionIcon
                        variant="subtle"
                        color="red"
                        aria-label={`${t('btq.remove')} ${m.name}`}
                        onClick={() =>
                          confirmDialog({
                            title: t('btq.remove'),
                            text: t('btq.confirmRemove', { name: m.name }),
                            confirm: t('btq.remove'),
                            destructive: true,
                            onConfirm: () =>
                              remove.mutate(
                                { groupId: group.id, studentId: m.studentId },
                                { onSuccess: () => notifyDone('deleted'), onError: notifyError },
                              ),
                          })
                        }
                      >
                        <IconUserMinus size={16} aria-hidden />
                      </ActionIcon>
                    </Group>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      ) : (
        <Text>{t('btq.noMembers')}</Text>
      )}
      {adding && <AddMembersModal group={group} onClose={() => setAdding(false)} />}
      {moving && <MoveModal group={group} student={moving} groups={groups} onClose={() => setMoving(null)} />}
      {history && <StudentHistoryModal studentId={history} onClose={() => setHistory(null)} />}
    </PrintedPaper>
  );
}

/** Pengelompokan: the halaqah of the active school year, their members, moves with history. */
export function GroupingPage() {
  const { t } = useTranslation();
  const admin = ALL_UNIT_DIVISIONS.includes(useCurrentUser().division);
  const [unitId, setUnitId] = useState<number | null>(useDefaultUnitId());
  const groups = useGroups(unitId, unitId !== null);
  const [editing, setEditing] = useState<BtqGroup | 'new' | null>(null);
  const [selected, setSelected] = useState<number | null>(null);
  const items = groups.data?.items ?? [];
  const current = items.find((g) => g.id === selected) ?? null;
  return (
    <>
      <PageTitle
        actions={
          <Group gap="xs">
            <ExportButton
              label={t('btq.export')}
              onExport={() =>
                downloadServerExport('/btq/groups', { ...(unitId ? { unitId } : {}) }, 'kelompok-btq.xlsx')
              }
            />
            <Button
              leftSection={<IconPlus size={16} aria-hidden />}
              onClick={() => setEditing('new')}
              disabled={unitId === null}
            >
              {t('btq.addGroup')}
            </Button>
          </Group>
        }
      >
        {t('btq.titles.grouping')}
      </PageTitle>
      <Stack>
        {admin && <UnitSelect value={unitId} onChange={setUnitId} clearable={false} />}
        {groups.data && <Text size="sm">{t('btq.schoolYear', { year: groups.data.schoolYear })}</Text>}
        {unitId === null ? null : groups.isPending ? (
          <Skeleton height={160} />
        ) : items.length ? (
          <Table.ScrollContainer minWidth={560}>
            <Table striped highlightOnHover>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('btq.group')}</Table.Th>
                  <Table.Th>{t('btq.teacher')}</Table.Th>
                  <Table.Th>{t('btq.level')}</Table.Th>
                  <Table.Th>{t('btq.memberCount')}</Table.Th>
                  <Table.Th />
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {items.map((g) => (
                  <Table.Tr key={g.id} bg={g.id === selected ? 'var(--mantine-color-blue-light)' : undefined}>
                    <Table.Td>
                      <Button variant="subtle" size="compact-sm" onClick={() => setSelected(g.id)}>
                        {g.name}
                      </Button>
                    </Table.Td>
                    <Table.Td>{g.teacherName}</Table.Td>
                    <Table.Td>{g.levelName ?? '–'}</Table.Td>
                    <Table.Td>{g.memberCount}</Table.Td>
                    <Table.Td>
                      <ActionIcon
                        variant="subtle"
                        aria-label={`${t('btq.edit')} ${g.name}`}
                        onClick={() => setEditing(g)}
                      >
                        <IconPencil size={16} aria-hidden />
                      </ActionIcon>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        ) : (
          <Text>{t('btq.noGroups')}</Text>
        )}
        {current && (
          <Paper>
            <MembersPanel group={current} groups={items} />
          </Paper>
        )}
      </Stack>
      {editing && unitId !== null && (
        <GroupModal unitId={unitId} group={editing === 'new' ? null : editing} onClose={() => setEditing(null)} />
      )}
    </>
  );
}

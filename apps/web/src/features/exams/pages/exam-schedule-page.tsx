import {
  ActionIcon,
  Button,
  Group,
  Modal,
  Paper,
  SegmentedControl,
  Select,
  Stack,
  Tabs,
  Text,
  Title,
} from '@mantine/core';
import { formatDate, type ExamRoom, type ExamSession, type ExamSlot } from '@mms/shared';
import { IconEdit, IconFileSpreadsheet, IconPlus, IconTrash } from '@tabler/icons-react';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { DataList } from '../../../components/data-list/data-list.tsx';
import { downloadClientXlsx } from '../../../components/data-list/export-xlsx.ts';
import { PageTitle } from '../../../components/page-title.tsx';
import { DateField } from '../../../components/date-fields.tsx';
import {
  ClassSelect,
  TeacherSelect,
  UnitSelect,
  useActiveYearId,
  useDefaultUnitId,
} from '../../../components/pickers.tsx';
import { useCurrentUser } from '../../../lib/session.ts';
import { confirmDialog } from '../../../lib/dialogs.tsx';
import { notifyDone, notifyError } from '../../../lib/notify.ts';
import {
  useDeleteRoom,
  useDeleteSession,
  useDeleteSlot,
  useExamCards,
  useExamRooms,
  useExamRoomSheet,
  useExamSessions,
  useExamSlots,
  type SlotFilters,
} from '../api.ts';
import { ExamCardsSheet } from '../components/exam-cards-sheet.tsx';
import { RoomForm, SessionForm } from '../components/room-session-forms.tsx';
import { AttendanceSheet, ExamReportSheet } from '../components/room-sheets.tsx';
import { SlotForm } from '../components/slot-form.tsx';

type Editing<T> = { value: T | null } | null;

function RowActions({ label, onEdit, onDelete }: { label: string; onEdit: () => void; onDelete: () => void }) {
  const { t } = useTranslation();
  return (
    <Group gap={4} wrap="nowrap">
      <ActionIcon variant="subtle" aria-label={`${t('exams.editAction')} ${label}`} onClick={onEdit}>
        <IconEdit size={16} />
      </ActionIcon>
      <ActionIcon variant="subtle" color="red" aria-label={`${t('exams.delete')} ${label}`} onClick={onDelete}>
        <IconTrash size={16} />
      </ActionIcon>
    </Group>
  );
}

function FormModal({
  title,
  opened,
  onClose,
  children,
}: {
  title: string;
  opened: boolean;
  onClose: () => void;
  children: ReactNode;
}) {
  return (
    <Modal opened={opened} onClose={onClose} title={title} centered>
      {opened && children}
    </Modal>
  );
}

/** The Jadwal tab: every slot of the unit, with add, edit, delete and an Excel export. */
function ScheduleTab({ unitId }: { unitId: number | null }) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language === 'en' ? 'en' : 'id';
  const yearId = useActiveYearId();
  const [filters, setFilters] = useState<SlotFilters>({ date: '', classGroupId: null, proctorEmployeeId: null });
  const slots = useExamSlots(unitId, filters);
  const remove = useDeleteSlot();
  const [editing, setEditing] = useState<Editing<ExamSlot>>(null);
  const items = slots.data?.items ?? [];
  const time = (s: ExamSlot) => t('exams.sessionTime', { start: s.startsAt, end: s.endsAt });
  const exportAll = () =>
    downloadClientXlsx(
      {
        title: t('exams.title'),
        // a class or proctor filter leaves only its rows, so the first row names it
        filters: [
          ...(filters.date ? [[t('exams.date'), formatDate(filters.date, lang)] as const] : []),
          ...(filters.classGroupId ? [[t('exams.className'), items[0]?.className ?? ''] as const] : []),
          ...(filters.proctorEmployeeId ? [[t('exams.proctor'), items[0]?.proctorName ?? ''] as const] : []),
        ],
      },
      [
        { title: t('exams.date'), value: (s: ExamSlot) => s.date },
        { title: t('exams.session'), value: (s) => s.sessionName },
        { title: t('exams.time'), value: time },
        { title: t('exams.exam'), value: (s) => s.assessmentTitle },
        { title: t('exams.subject'), value: (s) => s.subjectName },
        { title: t('exams.className'), value: (s) => s.className },
        { title: t('exams.room'), value: (s) => s.roomName },
        { title: t('exams.proctor'), value: (s) => s.proctorName },
      ],
      items,
      'jadwal-ujian.xlsx',
    ).catch(notifyError);
  const askDelete = (s: ExamSlot) =>
    confirmDialog({
      title: t('exams.deleteTitle'),
      text: t('exams.deleteText', {
        exam: s.assessmentTitle,
        className: s.className,
        room: s.roomName,
        session: s.sessionName,
      }),
      confirm: t('exams.delete'),
      destructive: true,
      onConfirm: () =>
        remove.mutate(s.id, { onSuccess: () => notifyDone('deleted', s.assessmentTitle), onError: notifyError }),
    });
  return (
    <Stack gap="sm">
      <Group align="flex-end">
        <DateField
          label={t('exams.date')}
          value={filters.date}
          onChange={(date) => setFilters({ ...filters, date })}
          clearable
        />
        <ClassSelect
          unitId={unitId}
          academicYearId={yearId}
          value={filters.classGroupId}
          onChange={(classGroupId) => setFilters({ ...filters, classGroupId })}
          clearable
        />
        <TeacherSelect
          label={t('exams.proctor')}
          placeholder={t('exams.allProctors')}
          unitId={unitId}
          value={filters.proctorEmployeeId}
          onChange={(proctorEmployeeId) => setFilters({ ...filters, proctorEmployeeId })}
          clearable
          w={{ base: '100%', sm: 220 }}
        />
      </Group>
      <Group justify="flex-end">
        <Button
          variant="default"
          leftSection={<IconFileSpreadsheet size={16} />}
          onClick={exportAll}
          disabled={!items.length}
        >
          {t('exams.export')}
        </Button>
        <Button leftSection={<IconPlus size={16} />} onClick={() => setEditing({ value: null })}>
          {t('exams.add')}
        </Button>
      </Group>
      <DataList<ExamSlot>
        label={t('exams.title')}
        testId="exam-slots"
        records={slots.data ? items : undefined}
        fetching={slots.isFetching}
        failed={slots.isError}
        emptyText={t('exams.empty')}
        columns={[
          { accessor: 'date', title: t('exams.date'), render: (s) => formatDate(s.date, lang, 'weekday') },
          { accessor: 'sessionName', title: t('exams.session'), render: (s) => `${s.sessionName} (${time(s)})` },
          {
            accessor: 'assessmentTitle',
            title: t('exams.exam'),
            render: (s) => (
              <>
                {s.assessmentTitle}{' '}
                <Text span c="dimmed" size="sm">
                  ({s.subjectName})
                </Text>
              </>
            ),
          },
          { accessor: 'className', title: t('exams.className') },
          { accessor: 'roomName', title: t('exams.room') },
          { accessor: 'proctorName', title: t('exams.proctor') },
          {
            accessor: '_actions',
            title: t('exams.actions'),
            render: (s) => (
              <RowActions
                label={`${s.assessmentTitle} ${s.className}`}
                onEdit={() => setEditing({ value: s })}
                onDelete={() => askDelete(s)}
              />
            ),
          },
        ]}
      />
      <FormModal
        title={editing?.value ? t('exams.edit') : t('exams.add')}
        opened={editing !== null}
        onClose={() => setEditing(null)}
      >
        <SlotForm unitId={unitId} slot={editing?.value ?? null} onDone={() => setEditing(null)} />
      </FormModal>
    </Stack>
  );
}

/** The Ruang & sesi tab: the unit's rooms and sessions. */
function RoomsTab({ unitId }: { unitId: number | null }) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language === 'en' ? 'en' : 'id';
  const rooms = useExamRooms(unitId);
  const sessions = useExamSessions(unitId);
  const removeRoom = useDeleteRoom();
  const removeSession = useDeleteSession();
  const [room, setRoom] = useState<Editing<ExamRoom>>(null);
  const [session, setSession] = useState<Editing<ExamSession>>(null);
  const done = (what: string) => ({ onSuccess: () => notifyDone('deleted', what), onError: notifyError });
  return (
    <Stack gap="lg">
      <Stack gap="xs">
        <Group justify="space-between">
          <Title order={2} fz="h4">
            {t('exams.rooms')}
          </Title>
          <Button leftSection={<IconPlus size={16} />} onClick={() => setRoom({ value: null })}>
            {t('exams.addRoom')}
          </Button>
        </Group>
        <DataList<ExamRoom>
          label={t('exams.rooms')}
          testId="exam-rooms"
          records={rooms.data?.items}
          fetching={rooms.isFetching}
          failed={rooms.isError}
          emptyText={t('exams.emptyRooms')}
          columns={[
            { accessor: 'name', title: t('exams.room') },
            { accessor: 'capacity', title: t('exams.capacity') },
            {
              accessor: '_actions',
              title: t('exams.actions'),
              render: (r) => (
                <RowActions
                  label={r.name}
                  onEdit={() => setRoom({ value: r })}
                  onDelete={() =>
                    confirmDialog({
                      title: t('exams.deleteRoomTitle'),
                      text: t('exams.deleteRoomText', { name: r.name }),
                      confirm: t('exams.delete'),
                      destructive: true,
                      onConfirm: () => removeRoom.mutate(r.id, done(r.name)),
                    })
                  }
                />
              ),
            },
          ]}
        />
      </Stack>
      <Stack gap="xs">
        <Group justify="space-between">
          <Title order={2} fz="h4">
            {t('exams.sessions')}
          </Title>
          <Button leftSection={<IconPlus size={16} />} onClick={() => setSession({ value: null })}>
            {t('exams.addSession')}
          </Button>
        </Group>
        <DataList<ExamSession>
          label={t('exams.sessions')}
          testId="exam-sessions"
          records={sessions.data?.items}
          fetching={sessions.isFetching}
          failed={sessions.isError}
          emptyText={t('exams.emptySessions')}
          columns={[
            { accessor: 'date', title: t('exams.date'), render: (s) => formatDate(s.date, lang, 'weekday') },
            { accessor: 'name', title: t('exams.session') },
            {
              accessor: 'startsAt',
              title: t('exams.time'),
              render: (s) => t('exams.sessionTime', { start: s.startsAt, end: s.endsAt }),
            },
            {
              accessor: '_actions',
              title: t('exams.actions'),
              render: (s) => (
                <RowActions
                  label={s.name}
                  onEdit={() => setSession({ value: s })}
                  onDelete={() =>
                    confirmDialog({
                      title: t('exams.deleteSessionTitle'),
                      text: t('exams.deleteSessionText', { name: s.name, date: formatDate(s.date, lang) }),
                      confirm: t('exams.delete'),
                      destructive: true,
                      onConfirm: () => removeSession.mutate(s.id, done(s.name)),
                    })
                  }
                />
              ),
            },
          ]}
        />
      </Stack>
      <FormModal
        title={room?.value ? t('exams.editRoom') : t('exams.addRoom')}
        opened={room !== null}
        onClose={() => setRoom(null)}
      >
        <RoomForm unitId={unitId} value={room?.value ?? null} onDone={() => setRoom(null)} />
      </FormModal>
      <FormModal
        title={session?.value ? t('exams.editSession') : t('exams.addSession')}
        opened={session !== null}
        onClose={() => setSession(null)}
      >
        <SessionForm unitId={unitId} value={session?.value ?? null} onDone={() => setSession(null)} />
      </FormModal>
    </Stack>
  );
}

type PrintKind = 'cards' | 'attendance' | 'report';

/** The Cetak tab: the exam cards of a class, or the attendance list and the berita acara of a room's session. */
function PrintTab({ unitId }: { unitId: number | null }) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language === 'en' ? 'en' : 'id';
  const [kind, setKind] = useState<PrintKind>('cards');
  const [classGroupId, setClassGroupId] = useState<number | null>(null);
  const [roomId, setRoomId] = useState<string | null>(null);
  const [sessionId, setSessionId] = useState<string | null>(null);
  const yearId = useActiveYearId();
  const rooms = useExamRooms(unitId);
  const sessions = useExamSessions(unitId);
  const cards = useExamCards(kind === 'cards' ? classGroupId : null);
  const sheet = useExamRoomSheet(kind === 'cards' ? null : Number(roomId) || null, Number(sessionId) || null);
  return (
    <Stack gap="sm">
      <Group align="flex-end">
        <SegmentedControl
          aria-label={t('exams.printKind')}
          value={kind}
          onChange={(v) => setKind(v as PrintKind)}
          data={[
            { value: 'cards', label: t('exams.cards') },
            { value: 'attendance', label: t('exams.attendance') },
            { value: 'report', label: t('exams.report') },
          ]}
        />
        {kind === 'cards' ? (
          <ClassSelect
            unitId={unitId}
            academicYearId={yearId}
            value={classGroupId}
            onChange={setClassGroupId}
            placeholder={t('exams.chooseClass')}
          />
        ) : (
          <>
            <Select
              label={t('exams.room')}
              placeholder={t('exams.chooseRoom')}
              data={(rooms.data?.items ?? []).map((r) => ({ value: String(r.id), label: r.name }))}
              value={roomId}
              onChange={setRoomId}
            />
            <Select
              label={t('exams.session')}
              placeholder={t('exams.chooseSession')}
              data={(sessions.data?.items ?? []).map((s) => ({
                value: String(s.id),
                label: `${s.name}, ${formatDate(s.date, lang, 'short')}`,
              }))}
              value={sessionId}
              onChange={setSessionId}
            />
          </>
        )}
      </Group>
      {kind === 'cards' && cards.data && <ExamCardsSheet data={cards.data} />}
      {kind === 'attendance' && sheet.data && <AttendanceSheet sheet={sheet.data} />}
      {kind === 'report' && sheet.data && <ExamReportSheet sheet={sheet.data} />}
    </Stack>
  );
}

/** tutor/summative-schedule: the exam schedule of a unit, its rooms and sessions, and what is printed from it. */
export function ExamSchedulePage() {
  const { t } = useTranslation();
  const user = useCurrentUser();
  const [unitId, setUnitId] = useState<number | null>(useDefaultUnitId());
  return (
    <Paper withBorder p={{ base: 'sm', sm: 'lg' }} radius="md">
      <PageTitle>{t('exams.title')}</PageTitle>
      {!user.unit && (
        <Group mb="sm">
          <UnitSelect value={unitId} onChange={setUnitId} />
        </Group>
      )}
      <Tabs defaultValue="schedule" keepMounted={false}>
        <Tabs.List mb="md">
          <Tabs.Tab value="schedule">{t('exams.tabSchedule')}</Tabs.Tab>
          <Tabs.Tab value="rooms">{t('exams.tabRooms')}</Tabs.Tab>
          <Tabs.Tab value="print">{t('exams.tabPrint')}</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="schedule">
          <ScheduleTab unitId={unitId} />
        </Tabs.Panel>
        <Tabs.Panel value="rooms">
          <RoomsTab unitId={unitId} />
        </Tabs.Panel>
        <Tabs.Panel value="print">
          <PrintTab unitId={unitId} />
        </Tabs.Panel>
      </Tabs>
    </Paper>
  );
}

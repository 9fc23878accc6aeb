import {
  Anchor,
  Badge,
  Button,
  FileInput,
  Group,
  Paper,
  SegmentedControl,
  Select,
  SimpleGrid,
  Stack,
  Tabs,
  Textarea,
  Title,
} from '@mantine/core';
import {
  LEAVE_ATTACHMENT_MAX_BYTES,
  LEAVE_STATUSES,
  LeaveRequestInput,
  type LeaveRequest,
  type LeaveStatus,
} from '@mms/shared';
import { IconSend } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DataList, type ListColumn } from '../../../components/data-list/data-list.tsx';
import { confirmDialog } from '../../../lib/dialogs.tsx';
import { notifyDone, notifyError } from '../../../lib/notify.ts';
import { issueErrors } from '../../../lib/validation.ts';
import { useCurrentUser } from '../../../lib/session.ts';
import { jakartaToday, lastSchoolDay, useCreateLeave, useDecideLeave, useRegister, useWithdrawLeave } from '../api.ts';
import { AttendanceClassSelect } from '../components/class-pick.tsx';
import { DateField } from '../../../components/date-fields.tsx';
import { periodColumn } from '../../../components/data-list/columns.ts';
import { userCan } from '../../../lib/permissions.ts';

const STATUS_COLORS: Record<LeaveStatus, string> = { pending: 'orange', approved: 'green', rejected: 'red' };

/** Leave and sick requests: file one (for oneself or a student) with an optional attachment; deciders approve. */
export function LeavePage() {
  const { t } = useTranslation();
  const user = useCurrentUser();
  const decider = userCan(user, 'leave.decide');
  const [tab, setTab] = useState<string | null>(decider ? 'decide' : 'mine');
  return (
    <Stack gap="md">
      <Title order={1} fz="h3">
        {t('att.leave.title')}
      </Title>
      <LeaveForm />
      <Tabs value={tab} onChange={setTab} keepMounted={false}>
        <Tabs.List>
          {decider && <Tabs.Tab value="decide">{t('att.leave.toDecide')}</Tabs.Tab>}
          <Tabs.Tab value="mine">{t('att.leave.mine')}</Tabs.Tab>
        </Tabs.List>
        {decider && (
          <Tabs.Panel value="decide" pt="md">
            <LeaveList decide />
          </Tabs.Panel>
        )}
        <Tabs.Panel value="mine" pt="md">
          <LeaveList />
        </Tabs.Panel>
      </Tabs>
    </Stack>
  );
}

function LeaveForm() {
  const { t } = useTranslation();
  const user = useCurrentUser();
  const forStudents = userCan(user, 'attendance.student.record');
  const today = jakartaToday();
  const [kind, setKind] = useState<'SAKIT' | 'IZIN'>('SAKIT');
  const [who, setWho] = useState<'me' | 'student'>(user.division === 'STUDENT' ? 'me' : 'me');
  const [classGroupId, setClassGroupId] = useState<number | null>(null);
  const [studentId, setStudentId] = useState<number | null>(null);
  const [startDate, setStartDate] = useState(today);
  const [endDate, setEndDate] = useState(today);
  const [reason, setReason] = useState('');
  const [file, setFile] = useState<File | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const roster = useRegister(who === 'student' ? classGroupId : null, lastSchoolDay());
  const create = useCreateLeave();

  const submit = () => {
    const input = {
      kind,
      startDate,
      endDate,
      reason,
      ...(who === 'student' && studentId ? { studentId } : {}),
    };
    const parsed = LeaveRequestInput.safeParse(input);
    const next: Record<string, string> = parsed.success ? {} : issueErrors(parsed.error, 'first');
    if (who === 'student' && !studentId) next.studentId = t('att.leave.forStudent');
    if (file && file.size > LEAVE_ATTACHMENT_MAX_BYTES) next.attachment = t('att.leave.tooLarge');
    setErrors(next);
    if (Object.keys(next).length || !parsed.success) return;
    const form = new FormData();
    for (const [k, v] of Object.entries(parsed.data)) if (v !== undefined) form.set(k, String(v));
    if (file) form.set('attachment', file);
    create.mutate(form, {
      onSuccess: () => {
        setReason('');
        setFile(null);
        notifyDone('saved');
      },
      onError: notifyError,
    });
  };

  return (
    <Paper withBorder p="md" radius="md">
      <Title order={2} fz="h4" mb="sm">
        {t('att.leave.new')}
      </Title>
      <Stack gap="sm">
        <Group gap="md" wrap="wrap">
          <div>
            <SegmentedControl
              aria-label={t('att.leave.kind')}
              value={kind}
              onChange={(v) => setKind(v as 'SAKIT' | 'IZIN')}
              data={[
                { value: 'SAKIT', label: t('att.leave.kinds.SAKIT') },
                { value: 'IZIN', label: t('att.leave.kinds.IZIN') },
              ]}
            />
          </div>
          {forStudents && (
            <SegmentedControl
              aria-label={t('att.leave.forWhom')}
              value={who}
              onChange={(v) => setWho(v as 'me' | 'student')}
              data={[
                { value: 'me', label: t('att.leave.forMe') },
                { value: 'student', label: t('att.leave.forStudent') },
              ]}
            />
          )}
        </Group>
        {who === 'student' && (
          <Group gap="sm" align="flex-end" wrap="wrap">
            <AttendanceClassSelect
              value={classGroupId}
              onChange={(v) => {
                setClassGroupId(v);
                setStudentId(null);
              }}
            />
            <Select
              label={t('att.leave.forStudent')}
              data={(roster.data?.entries ?? []).map((e) => ({
                value: String(e.studentId),
                label: `${e.name} (${e.nis})`,
              }))}
              value={studentId ? String(studentId) : null}
              onChange={(v) => setStudentId(v ? Number(v) : null)}
              error={errors.studentId}
              searchable
              w={{ base: '100%', xs: 300 }}
            />
          </Group>
        )}
        <SimpleGrid cols={{ base: 1, xs: 2 }} maw={420}>
          <DateField
            label={t('att.leave.startDate')}
            value={startDate}
            onChange={setStartDate}
            error={errors.startDate}
            w="100%"
          />
          <DateField
            label={t('att.leave.endDate')}
            value={endDate}
            onChange={setEndDate}
            error={errors.endDate}
            w="100%"
          />
        </SimpleGrid>
        <Textarea
          label={t('att.leave.reason')}
          required
          autosize
          minRows={2}
          maxLength={1000}
          value={reason}
          error={errors.reason}
          onChange={(e) => setReason(e.currentTarget.value)}
        />
        <FileInput
          label={t('att.leave.attachment')}
          accept="image/jpeg,image/png,application/pdf"
          value={file}
          onChange={setFile}
          error={errors.attachment}
          clearable
          maw={420}
        />
        <Group>
          <Button
            color="green"
            leftSection={<IconSend size={16} aria-hidden />}
            loading={create.isPending}
            onClick={submit}
          >
            {t('att.leave.submit')}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}

function LeaveList({ decide = false }: { decide?: boolean }) {
  const { t } = useTranslation();
  const [status, setStatus] = useState<LeaveStatus | null>(decide ? 'pending' : null);
  const decideLeave = useDecideLeave();
  const withdraw = useWithdrawLeave();
  const act = (row: LeaveRequest, decision: 'approved' | 'rejected') =>
    confirmDialog({
      title: decision === 'approved' ? t('att.leave.approve') : t('att.leave.reject'),
      text:
        decision === 'approved'
          ? t('att.leave.approveConfirm', { name: row.personName, code: row.kind === 'SAKIT' ? 'S' : 'I' })
          : t('att.leave.rejectConfirm', { name: row.personName }),
      confirm: decision === 'approved' ? t('att.leave.approve') : t('att.leave.reject'),
      destructive: decision !== 'approved',
      onConfirm: () =>
        decideLeave.mutate({ id: row.id, decision }, { onSuccess: () => notifyDone('saved'), onError: notifyError }),
    });
  const columns: ListColumn<LeaveRequest>[] = [
    { accessor: 'personName', title: t('att.leave.person') },
    { accessor: 'kind', title: t('att.leave.kind'), render: (r) => t(`att.leave.kinds.${r.kind}`) },
    periodColumn(t('att.leave.period')),
    { accessor: 'reason', title: t('att.leave.reason') },
    {
      accessor: 'status',
      title: t('att.leave.status'),
      noWrap: true,
      render: (r) => (
        <Badge color={STATUS_COLORS[r.status]} variant="light">
          {t(`att.leave.statuses.${r.status}`)}
        </Badge>
      ),
    },
    {
      accessor: '_actions',
      title: t('app.actions'),
      noWrap: true,
      render: (r) => (
        <Group gap={4} wrap="wrap">
          {r.attachment && (
            <Anchor href={`/api/v1/leave-requests/${r.id}/attachment`} target="_blank" size="sm">
              {t('att.leave.view')}
            </Anchor>
          )}
          {decide && r.status === 'pending' && (
            <>
              <Button size="compact-sm" color="green" onClick={() => act(r, 'approved')}>
                {t('att.leave.approve')}
              </Button>
              <Button size="compact-sm" color="red" variant="light" onClick={() => act(r, 'rejected')}>
                {t('att.leave.reject')}
              </Button>
            </>
          )}
          {!decide && r.status === 'pending' && (
            <Button
              size="compact-sm"
              color="red"
              variant="subtle"
              onClick={() =>
                confirmDialog({
                  title: t('att.leave.withdraw'),
                  text: t('att.leave.withdrawConfirm'),
                  confirm: t('att.leave.withdraw'),
                  destructive: true,
                  onConfirm: () => withdraw.mutate(r.id, { onError: notifyError }),
                })
              }
            >
              {t('att.leave.withdraw')}
            </Button>
          )}
        </Group>
      ),
    },
  ];
  return (
    <DataList<LeaveRequest>
      path="/leave-requests"
      label={decide ? t('att.leave.toDecide') : t('att.leave.mine')}
      columns={columns}
      filters={{ status, mine: decide ? undefined : 'true' }}
      exportName={decide ? 'persetujuan-izin' : 'izin-saya'}
      filterControls={
        <Select
          label={t('att.leave.status')}
          data={LEAVE_STATUSES.map((s) => ({ value: s, label: t(`att.leave.statuses.${s}`) }))}
          value={status}
          onChange={(v) => setStatus(v as LeaveStatus | null)}
          clearable
          w={{ base: '100%', xs: 160 }}
        />
      }
    />
  );
}

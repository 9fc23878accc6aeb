import { Button, Group, Modal, Skeleton, Stack, Table, Tabs, Text, Textarea } from '@mantine/core';
import { SANCTION_STATUSES, type Achievement, type Sanction, type SanctionStatus } from '@mms/shared';
import { IconCheck, IconClipboardCheck, IconPrinter, IconX } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { generatePath, useNavigate, useParams } from 'react-router';
import { ROUTES } from '../../../lib/route-names.ts';
import { DataList, type ListColumn } from '../../../components/data-list/data-list.tsx';
import { RowActions, rowActionsColumn } from '../../../components/data-list/row-actions.tsx';
import { DateField } from '../../../components/date-fields.tsx';
import { PageTitle } from '../../../components/page-title.tsx';
import { ClassSelect, TeacherSelect, UnitSelect } from '../../../components/pickers.tsx';
import { PrintButton, PrintedPaper } from '../../../components/print/printed-paper.tsx';
import { serverToday } from '../../../lib/clock.ts';
import { dateText } from '../../../lib/display.ts';
import { notifyDone, notifyError } from '../../../lib/notify.ts';
import { useCurrentUser } from '../../../lib/session.ts';
import { useDecideSanction, useSanctionLetter } from '../api.ts';
import { CodeSelect, StatusBadge } from '../components/parts.tsx';
import { achievementColumns } from './achievement-pages.tsx';
import { ReasonModal, ViolationListPage } from './violation-pages.tsx';
import { userCan } from '../../../lib/permissions.ts';

type Dialog = { kind: 'confirm' | 'reject' | 'complete'; sanction: Sanction } | null;

/** Confirming (dates and supervisor) or recording completion (done date and notes). */
function SanctionModal({ dialog, onClose }: { dialog: Dialog; onClose: () => void }) {
  const { t } = useTranslation();
  const decide = useDecideSanction();
  const s = dialog?.sanction;
  const [v, setV] = useState({
    startDate: s?.startDate ?? serverToday(),
    endDate: s?.endDate ?? '',
    supervisorEmployeeId: s?.supervisorEmployeeId ?? null,
    doneDate: s?.doneDate ?? serverToday(),
    completionNotes: s?.completionNotes ?? '',
  });
  if (!dialog || !s || dialog.kind === 'reject') return null;
  const confirming = dialog.kind === 'confirm';
  const submit = () =>
    decide.mutate(
      confirming
        ? {
            id: s.id,
            action: 'confirm',
            body: {
              startDate: v.startDate || null,
              endDate: v.endDate || null,
              supervisorEmployeeId: v.supervisorEmployeeId,
            },
          }
        : { id: s.id, action: 'update', body: { doneDate: v.doneDate, completionNotes: v.completionNotes || null } },
      {
        onSuccess: () => {
          notifyDone('saved');
          onClose();
        },
        onError: notifyError,
      },
    );
  return (
    <Modal
      opened
      onClose={onClose}
      title={confirming ? t('discipline.sanction.confirmTitle') : t('discipline.sanction.completeTitle')}
    >
      <Stack>
        <Text fw={600}>
          {s.studentName} – {s.title}
        </Text>
        {confirming ? (
          <>
            <DateField
              label={t('discipline.sanction.startDate')}
              value={v.startDate}
              onChange={(startDate) => setV({ ...v, startDate })}
              clearable
            />
            <DateField
              label={t('discipline.sanction.endDate')}
              value={v.endDate}
              min={v.startDate || undefined}
              onChange={(endDate) => setV({ ...v, endDate })}
              clearable
            />
            <TeacherSelect
              label={t('discipline.sanction.supervisor')}
              value={v.supervisorEmployeeId}
              onChange={(supervisorEmployeeId) => setV({ ...v, supervisorEmployeeId })}
              clearable
            />
          </>
        ) : (
          <>
            <DateField
              label={t('discipline.sanction.doneDate')}
              max={serverToday()}
              value={v.doneDate}
              onChange={(doneDate) => doneDate && setV({ ...v, doneDate })}
            />
            <Textarea
              label={t('discipline.sanction.completionNotes')}
              autosize
              value={v.completionNotes}
              onChange={(e) => setV({ ...v, completionNotes: e.currentTarget.value })}
            />
          </>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('discipline.cancel')}
          </Button>
          <Button color="green" loading={decide.isPending} onClick={submit}>
            {confirming ? t('discipline.sanction.confirm') : t('discipline.save')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

function SanctionList() {
  const { t } = useTranslation();
  const user = useCurrentUser();
  const navigate = useNavigate();
  const manager = userCan(user, 'discipline.manage');
  const decide = useDecideSanction();
  const [status, setStatus] = useState<SanctionStatus | null>(null);
  const [classGroupId, setClassGroupId] = useState<number | null>(null);
  const [unitId, setUnitId] = useState<number | null>(null);
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const [dialog, setDialog] = useState<Dialog>(null);
  const columns: ListColumn<Sanction>[] = [
    { accessor: 'createdAt', title: t('discipline.date'), render: (r) => dateText(r.createdAt, 'short') },
    { accessor: 'studentName', title: t('discipline.student') },
    { accessor: 'className', title: t('discipline.class') },
    { accessor: 'title', title: t('discipline.sanction.title') },
    { accessor: 'balance', title: t('discipline.sanction.balance'), textAlign: 'right' },
    {
      accessor: 'status',
      title: t('discipline.status'),
      render: (r) => <StatusBadge status={r.status} />,
      exportValue: (r) => t(`discipline.statuses.${r.status}`),
    },
    {
      accessor: 'startDate',
      title: t('discipline.sanction.period'),
      render: (r) => (r.startDate ? `${dateText(r.startDate, 'short')} – ${dateText(r.endDate, 'short')}` : ''),
    },
    { accessor: 'supervisorName', title: t('discipline.sanction.supervisor') },
    rowActionsColumn<Sanction>((r) => (
      <RowActions
        name={`${r.studentName} ${r.title}`}
        actions={[
          ...(manager && r.status === 'PROPOSED'
            ? [
                {
                  label: t('discipline.sanction.confirm'),
                  icon: <IconCheck size={18} aria-hidden />,
                  color: 'green',
                  onClick: () => setDialog({ kind: 'confirm', sanction: r }),
                },
                {
                  label: t('discipline.sanction.reject'),
                  icon: <IconX size={18} aria-hidden />,
                  color: 'red',
                  onClick: () => setDialog({ kind: 'reject', sanction: r }),
                },
              ]
            : []),
          ...(manager && r.status === 'CONFIRMED'
            ? [
                {
                  label: t('discipline.sanction.complete'),
                  icon: <IconClipboardCheck size={18} aria-hidden />,
                  onClick: () => setDialog({ kind: 'complete', sanction: r }),
                },
              ]
            : []),
          ...(r.status !== 'REJECTED'
            ? [
                {
                  label: t('discipline.sanction.letter'),
                  icon: <IconPrinter size={18} aria-hidden />,
                  onClick: () => void navigate(generatePath(ROUTES['teacher-sanction-letter'], { id: String(r.id) })),
                },
              ]
            : []),
        ]}
      />
    )),
  ];
  const filters = { status, classGroupId, unitId, from: from || undefined, to: to || undefined };
  return (
    <>
      <DataList<Sanction>
        path="/discipline/sanctions"
        label={t('discipline.sanction.sanctions')}
        columns={columns}
        filters={filters}
        print={{ unitId: user.unit?.id ?? unitId }}
        exportName="sanksi"
        serverExport
        filterControls={
          <>
            <CodeSelect
              label={t('discipline.status')}
              placeholder={t('discipline.allStatuses')}
              codes={SANCTION_STATUSES}
              group="statuses"
              value={status}
              onChange={setStatus}
              clearable
            />
            <ClassSelect value={classGroupId} onChange={setClassGroupId} />
            {!user.unit && <UnitSelect value={unitId} onChange={setUnitId} />}
            <DateField label={t('discipline.from')} value={from} onChange={setFrom} clearable />
            <DateField label={t('discipline.to')} value={to} onChange={setTo} clearable />
          </>
        }
      />
      <SanctionModal
        key={dialog ? `${dialog.kind}${dialog.sanction.id}` : 'none'}
        dialog={dialog}
        onClose={() => setDialog(null)}
      />
      <ReasonModal
        key={dialog?.kind === 'reject' ? dialog.sanction.id : 0}
        title={t('discipline.sanction.rejectTitle')}
        label={t('discipline.sanction.reason')}
        opened={dialog?.kind === 'reject'}
        pending={decide.isPending}
        onClose={() => setDialog(null)}
        onSubmit={(reason) =>
          decide.mutate(
            { id: dialog!.sanction.id, action: 'reject', body: { reason } },
            { onSuccess: () => setDialog(null), onError: notifyError },
          )
        }
      />
    </>
  );
}

/** The teacher's sanction list: sanctions and proposals of their classes, and the reports they made. */
export function SanctionListPage() {
  const { t } = useTranslation();
  const [tab, setTab] = useState<string | null>('sanctions');
  return (
    <Stack gap="md">
      <PageTitle>{t('discipline.sanction.listTitle')}</PageTitle>
      <Tabs value={tab} onChange={setTab} keepMounted={false}>
        <Tabs.List>
          <Tabs.Tab value="sanctions">{t('discipline.sanction.sanctions')}</Tabs.Tab>
          <Tabs.Tab value="reports">{t('discipline.violation.myReports')}</Tabs.Tab>
          <Tabs.Tab value="achievements">{t('discipline.achievement.homeroomTitle')}</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="sanctions" pt="md">
          <SanctionList />
        </Tabs.Panel>
        <Tabs.Panel value="reports" pt="md">
          <ViolationListPage own />
        </Tabs.Panel>
        <Tabs.Panel value="achievements" pt="md">
          <DataList<Achievement>
            path="/discipline/achievements/homeroom"
            label={t('discipline.achievement.homeroomTitle')}
            columns={achievementColumns(t)}
            exportName="prestasi-kelas"
          />
        </Tabs.Panel>
      </Tabs>
    </Stack>
  );
}

/** The letter to the parents (surat panggilan / surat peringatan) on the unit's letterhead. */
export function SanctionLetterPage() {
  const { t } = useTranslation();
  const id = Number(useParams().id);
  const letter = useSanctionLetter(id);
  if (!letter.data) return <Skeleton height={480} />;
  const { sanction: s, violations, parentName } = letter.data;
  const total = violations.reduce((n, v) => n + v.points, 0);
  return (
    <PrintedPaper
      unitId={s.unitId}
      title={s.title}
      subtitle={<Text size="sm">{t('discipline.letter.number', { kind: t(`discipline.kinds.${s.kind}`) })}</Text>}
      actions={<PrintButton />}
    >
      <Stack gap="sm" my="md" data-testid="sanction-letter">
        <Text>{parentName ? t('discipline.letter.to', { parent: parentName }) : t('discipline.letter.toUnknown')}</Text>
        <Text>{t('discipline.letter.parentOf')}</Text>
        <Table withTableBorder={false} w="auto">
          <Table.Tbody>
            <Table.Tr>
              <Table.Td>{t('discipline.student')}</Table.Td>
              <Table.Td fw={700} data-testid="letter-student">
                {s.studentName}
              </Table.Td>
            </Table.Tr>
            <Table.Tr>
              <Table.Td>{t('discipline.nis')}</Table.Td>
              <Table.Td>{s.nis}</Table.Td>
            </Table.Tr>
            <Table.Tr>
              <Table.Td>{t('discipline.class')}</Table.Td>
              <Table.Td>{s.className}</Table.Td>
            </Table.Tr>
          </Table.Tbody>
        </Table>
        <Text>{t('discipline.letter.opening', { points: s.balance, year: s.schoolYear })}</Text>
        <Table withTableBorder withColumnBorders>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('discipline.date')}</Table.Th>
              <Table.Th>{t('discipline.rule')}</Table.Th>
              <Table.Th ta="right">{t('discipline.points')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {violations.map((v, i) => (
              <Table.Tr key={i}>
                <Table.Td>{dateText(v.occurredOn)}</Table.Td>
                <Table.Td>{v.ruleName}</Table.Td>
                <Table.Td ta="right">{v.points}</Table.Td>
              </Table.Tr>
            ))}
            <Table.Tr>
              <Table.Td colSpan={2} fw={700}>
                {t('discipline.letter.total')}
              </Table.Td>
              <Table.Td ta="right" fw={700}>
                {total}
              </Table.Td>
            </Table.Tr>
          </Table.Tbody>
        </Table>
        {s.startDate && (
          <Text>
            {t('discipline.letter.schedule', { from: dateText(s.startDate), to: dateText(s.endDate ?? s.startDate) })}
          </Text>
        )}
        <Text>{t('discipline.letter.closing')}</Text>
      </Stack>
    </PrintedPaper>
  );
}

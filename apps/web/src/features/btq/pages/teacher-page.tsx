import {
  Badge,
  Button,
  Checkbox,
  Code,
  Group,
  Modal,
  SegmentedControl,
  Select,
  Skeleton,
  Stack,
  Table,
  Text,
  TextInput,
} from '@mantine/core';
import { ALL_UNIT_DIVISIONS, BtqTeacherAccountInput, BtqTeacherInput, type BtqTeacher } from '@mms/shared';
import { IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ExportButton } from '../../../components/data-list/export-button.tsx';
import { downloadClientXlsx } from '../../../components/data-list/export-xlsx.ts';
import { PageTitle } from '../../../components/page-title.tsx';
import { UnitSelect, useDefaultUnitId } from '../../../components/pickers.tsx';
import { confirmDialog } from '../../../lib/dialogs.tsx';
import { notifyDone, notifyError } from '../../../lib/notify.ts';
import { useCurrentUser } from '../../../lib/session.ts';
import { issueErrors } from '../../../lib/validation.ts';
import { ModalActions } from './parts.tsx';
import { useCreateTeacherAccount, useEmployeeOptions, useSaveTeacher, useTeachers } from '../api.ts';

function TeacherModal({ unitId, onClose }: { unitId: number; onClose: () => void }) {
  const { t } = useTranslation();
  const employees = useEmployeeOptions(unitId);
  const save = useSaveTeacher();
  const [mode, setMode] = useState<'employee' | 'outside'>('employee');
  const [v, setV] = useState({ employeeId: null as number | null, name: '', phone: '', isCoordinator: false });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const submit = () => {
    const parsed = BtqTeacherInput.safeParse({
      unitId,
      employeeId: mode === 'employee' ? v.employeeId : null,
      name: mode === 'outside' ? v.name : undefined,
      phone: v.phone || null,
      isCoordinator: v.isCoordinator,
    });
    if (!parsed.success) return setErrors(issueErrors(parsed.error, 'first'));
    save.mutate({ body: parsed.data }, { onSuccess: () => (notifyDone('saved'), onClose()), onError: notifyError });
  };
  return (
    <Modal opened onClose={onClose} title={t('btq.addTeacher')}>
      <Stack>
        <SegmentedControl
          value={mode}
          onChange={(m) => setMode(m as 'employee' | 'outside')}
          data={[
            { value: 'employee', label: t('btq.employee') },
            { value: 'outside', label: t('btq.outside') },
          ]}
        />
        {mode === 'employee' ? (
          <Select
            label={t('btq.employee')}
            searchable
            data={(employees.data?.items ?? []).map((e) => ({
              value: String(e.id),
              label: `${e.name} (${e.employeeNumber})`,
            }))}
            value={v.employeeId ? String(v.employeeId) : null}
            onChange={(id) => setV({ ...v, employeeId: id ? Number(id) : null })}
            error={errors.name ?? errors.employeeId}
          />
        ) : (
          <TextInput
            label={t('btq.name')}
            value={v.name}
            onChange={(e) => setV({ ...v, name: e.currentTarget.value })}
            error={errors.name}
          />
        )}
        <TextInput
          label={t('btq.phone')}
          value={v.phone}
          onChange={(e) => setV({ ...v, phone: e.currentTarget.value })}
          error={errors.phone}
        />
        <Checkbox
          label={t('btq.coordinator')}
          checked={v.isCoordinator}
          onChange={(e) => setV({ ...v, isCoordinator: e.currentTarget.checked })}
        />
        <ModalActions onCancel={onClose} onSave={submit} saving={save.isPending} />
      </Stack>
    </Modal>
  );
}

/**
 * The sign-in of an outside ustadz: the principal chooses a username; the server answers with a one-time password
 * that this dialog shows once (it is not stored in the clear anywhere).
 */
function AccountModal({ teacher, onClose }: { teacher: BtqTeacher; onClose: () => void }) {
  const { t } = useTranslation();
  const create = useCreateTeacherAccount();
  const [username, setUsername] = useState('');
  const [error, setError] = useState<string>();
  const [made, setMade] = useState<{ username: string; password: string } | null>(null);
  const submit = () => {
    const parsed = BtqTeacherAccountInput.safeParse({ username });
    if (!parsed.success) return setError(Object.values(issueErrors(parsed.error))[0]);
    create.mutate(
      { id: teacher.id, username: parsed.data.username },
      { onSuccess: (r) => setMade({ username: r.username, password: r.password }), onError: notifyError },
    );
  };
  return (
    <Modal opened onClose={onClose} title={`${t('btq.account.make')} — ${teacher.name}`}>
      {made ? (
        <Stack>
          <Text>{t('btq.account.madeHint')}</Text>
          <Text>
            {t('btq.account.username')}: <Code>{made.username}</Code>
          </Text>
          <Text>
            {t('btq.account.password')}: <Code data-testid="one-time-password">{made.password}</Code>
          </Text>
          <Button onClick={onClose}>{t('btq.account.done')}</Button>
        </Stack>
      ) : (
        <Stack>
          <Text size="sm">{t('btq.account.hint')}</Text>
          <TextInput
            label={t('btq.account.username')}
            value={username}
            onChange={(e) => setUsername(e.currentTarget.value)}
            error={error}
            autoComplete="off"
          />
          <ModalActions onCancel={onClose} onSave={submit} saving={create.isPending} />
        </Stack>
      )}
    </Modal>
  );
}

/** Penugasan ustadz: the unit's ustadz (employees or outside teachers), coordinator flag, deactivation. */
export function TeacherPage() {
  const { t } = useTranslation();
  const admin = ALL_UNIT_DIVISIONS.includes(useCurrentUser().division);
  const [unitId, setUnitId] = useState<number | null>(useDefaultUnitId());
  const teachers = useTeachers(unitId);
  const save = useSaveTeacher();
  const [adding, setAdding] = useState(false);
  const [accountOf, setAccountOf] = useState<BtqTeacher | null>(null);
  const [q, setQ] = useState('');
  const needle = q.trim().toLowerCase();
  const shown = (teachers.data?.items ?? []).filter(
    (tr) =>
      !needle || [tr.name, tr.employeeNumber ?? '', tr.username ?? ''].some((v) => v.toLowerCase().includes(needle)),
  );
  const exportRows = () =>
    downloadClientXlsx(
      { title: t('btq.titles.teacher'), filters: needle ? [[t('btq.searchTeacher'), q.trim()]] : [] },
      [
        { title: t('btq.name'), value: (tr: BtqTeacher) => tr.name },
        { title: t('btq.employee'), value: (tr) => tr.employeeNumber ?? t('btq.outside') },
        { title: t('btq.phone'), value: (tr) => tr.phone },
        { title: t('btq.groupCount'), value: (tr) => tr.groupCount },
        { title: t('btq.coordinator'), value: (tr) => (tr.isCoordinator ? '✓' : '') },
        { title: t('btq.active'), value: (tr) => (tr.isActive ? '✓' : '') },
        { title: t('btq.account.title'), value: (tr) => tr.username },
      ],
      shown,
      'ustadz-btq.xlsx',
    );
  const done = { onSuccess: () => notifyDone('saved'), onError: notifyError };
  return (
    <>
      <PageTitle
        actions={
          <Group gap="xs">
            <ExportButton label={t('btq.export')} onExport={exportRows} />
            <Button
              leftSection={<IconPlus size={16} aria-hidden />}
              onClick={() => setAdding(true)}
              disabled={unitId === null}
            >
              {t('btq.addTeacher')}
            </Button>
          </Group>
        }
      >
        {t('btq.titles.teacher')}
      </PageTitle>
      <Stack>
        <Group align="flex-end">
          {admin && <UnitSelect value={unitId} onChange={setUnitId} clearable={false} />}
          <TextInput
            label={t('btq.searchTeacher')}
            value={q}
            onChange={(e) => setQ(e.currentTarget.value)}
            w={{ base: '100%', sm: 260 }}
          />
        </Group>
        {unitId === null ? null : teachers.isPending ? (
          <Skeleton height={160} />
        ) : shown.length ? (
          <Table.ScrollContainer minWidth={560}>
            <Table striped>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('btq.name')}</Table.Th>
                  <Table.Th>{t('btq.employee')}</Table.Th>
                  <Table.Th>{t('btq.phone')}</Table.Th>
                  <Table.Th>{t('btq.groupCount')}</Table.Th>
                  <Table.Th>{t('btq.coordinator')}</Table.Th>
                  <Table.Th>{t('btq.active')}</Table.Th>
                  <Table.Th>{t('btq.account.title')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {shown.map((tr) => (
                  <Table.Tr key={tr.id}>
                    <Table.Td>{tr.name}</Table.Td>
                    <Table.Td>{tr.employeeNumber ?? <Badge variant="light">{t('btq.outside')}</Badge>}</Table.Td>
                    <Table.Td>{tr.phone}</Table.Td>
                    <Table.Td>{tr.groupCount}</Table.Td>
                    <Table.Td>
                      <Checkbox
                        aria-label={`${t('btq.coordinator')} ${tr.name}`}
                        checked={tr.isCoordinator}
                        onChange={(e) =>
                          save.mutate({ id: tr.id, body: { isCoordinator: e.currentTarget.checked } }, done)
                        }
                      />
                    </Table.Td>
                    <Table.Td>
                      <Checkbox
                        aria-label={`${t('btq.active')} ${tr.name}`}
                        checked={tr.isActive}
                        onChange={(e) => {
                          const isActive = e.currentTarget.checked;
                          if (isActive) return save.mutate({ id: tr.id, body: { isActive } }, done);
                          confirmDialog({
                            title: t('btq.deactivate'),
                            text: `${t('btq.deactivate')} ${tr.name}?`,
                            confirm: t('btq.deactivate'),
                            destructive: true,
                            onConfirm: () => save.mutate({ id: tr.id, body: { isActive } }, done),
                          });
                        }}
                      />
                    </Table.Td>
                    <Table.Td>
                      {tr.employeeId !== null ? (
                        <Text size="sm">{t('btq.account.employee')}</Text>
                      ) : tr.username ? (
                        <Code>{tr.username}</Code>
                      ) : (
                        <Button
                          size="xs"
                          variant="light"
                          disabled={!tr.isActive}
                          aria-label={`${t('btq.account.make')} ${tr.name}`}
                          onClick={() => setAccountOf(tr)}
                        >
                          {t('btq.account.make')}
                        </Button>
                      )}
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        ) : (
          <Text>{t('btq.empty')}</Text>
        )}
      </Stack>
      {adding && unitId !== null && <TeacherModal unitId={unitId} onClose={() => setAdding(false)} />}
      {accountOf && <AccountModal teacher={accountOf} onClose={() => setAccountOf(null)} />}
    </>
  );
}

import { Alert, Badge, Button, Group, Paper, Select, Stack, Table, Text, TextInput } from '@mantine/core';
import { FINANCE_ACCOUNT_KINDS, FinanceAccountInput, type FinanceAccount } from '@mms/shared';
import { IconBan, IconPlus, IconSearch } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ExportButton } from '../../../components/data-list/export-button.tsx';
import { downloadClientXlsx } from '../../../components/data-list/export-xlsx.ts';
import { ListSkeleton } from '../../../components/data-list/list-skeleton.tsx';
import { RowActions } from '../../../components/data-list/row-actions.tsx';
import { PageTitle } from '../../../components/page-title.tsx';
import { UnitSelect, useDefaultUnitId } from '../../../components/pickers.tsx';
import { errorText } from '../../../i18n/index.ts';
import { confirmDialog } from '../../../lib/dialogs.tsx';
import { notifyDone, notifyError } from '../../../lib/notify.ts';
import { useCurrentUser } from '../../../lib/session.ts';
import { FormModal } from '../../../lib/unsaved-changes.tsx';
import { ChoiceField, SaveRow, SwitchField, useSaveForm } from '../../../components/save-form.tsx';
import { useFinanceAccounts, useSaveAccount } from '../api.ts';
import { userCan } from '../../../lib/permissions.ts';

interface Values {
  code: string;
  name: string;
  kind: string;
  active: boolean;
}
const body = (v: Values, unitId: number | null) => ({
  unitId: unitId ?? undefined,
  code: v.code,
  name: v.name,
  kind: v.kind,
  active: v.active,
});

/** An account: code, name, kind; the code and kind are fixed once a voucher uses it (the server answers 409). */
export function AccountForm({
  account,
  unitId,
  onDone,
}: {
  account?: FinanceAccount;
  unitId: number | null;
  onDone: () => void;
}) {
  const { t } = useTranslation();
  const save = useSaveAccount();
  const { form, submit, errors } = useSaveForm<Values, FinanceAccountInput>({
    schema: FinanceAccountInput,
    prepare: (v) => body(v, unitId),
    defaultValues: {
      code: account?.code ?? '',
      name: account?.name ?? '',
      kind: account?.kind ?? 'INCOME',
      active: account?.active ?? true,
    },
    save,
    id: account?.id,
    onDone,
  });
  return (
    <form onSubmit={submit} noValidate>
      <Stack>
        {account?.used && <Alert color="blue">{t('financeBooks.accounts.usedHint')}</Alert>}
        <TextInput
          label={t('financeBooks.accounts.code')}
          {...form.register('code')}
          error={errors.code?.message}
          data-autofocus
        />
        <TextInput label={t('financeBooks.accounts.name')} {...form.register('name')} error={errors.name?.message} />
        <ChoiceField
          control={form.control}
          name="kind"
          label={t('financeBooks.accounts.kind')}
          data={FINANCE_ACCOUNT_KINDS.map((k) => ({ value: k, label: t(`financeBooks.accounts.kinds.${k}`) }))}
          error={errors.kind?.message}
        />
        <SwitchField control={form.control} name="active" label={t('financeBooks.accounts.active')} />
        <SaveRow loading={save.isPending} label={t('financeBooks.accounts.save')} />
      </Stack>
    </form>
  );
}

/** treasurer/accounts: a unit's chart of accounts, with kind filter and search; cashiers add, edit, deactivate. */
export function AccountsPage() {
  const { t } = useTranslation();
  const user = useCurrentUser();
  const canManage = userCan(user, 'finance.manage');
  const [unitId, setUnitId] = useState<number | null>(useDefaultUnitId());
  const [kind, setKind] = useState<string | null>(null);
  const [q, setQ] = useState('');
  const [editing, setEditing] = useState<FinanceAccount | 'new' | null>(null);
  const list = useFinanceAccounts(unitId);
  const save = useSaveAccount();
  const needle = q.trim().toLowerCase();
  const items = (list.data?.items ?? []).filter(
    (a) =>
      (!kind || a.kind === kind) &&
      (!needle || a.code.toLowerCase().includes(needle) || a.name.toLowerCase().includes(needle)),
  );
  const kindLabel = (k: string) => t(`financeBooks.accounts.kinds.${k}`);
  const status = (a: FinanceAccount) =>
    a.active ? t('financeBooks.accounts.active') : t('financeBooks.accounts.inactive');
  const deactivate = (a: FinanceAccount) =>
    confirmDialog({
      title: t('financeBooks.accounts.deactivateTitle'),
      text: t('financeBooks.accounts.deactivateText', { name: `${a.code} ${a.name}` }),
      confirm: t('financeBooks.accounts.deactivate'),
      destructive: true,
      onConfirm: () =>
        save.mutate(
          { id: a.id, body: { unitId: a.unitId, code: a.code, name: a.name, kind: a.kind, active: false } },
          { onSuccess: () => notifyDone('saved'), onError: notifyError },
        ),
    });
  const exportRows = () =>
    downloadClientXlsx(
      {
        title: t('financeBooks.accounts.title'),
        filters: [
          ...(kind ? [[t('financeBooks.accounts.kind'), kindLabel(kind)] as const] : []),
          ...(needle ? [[t('financeBooks.accounts.search'), q] as const] : []),
        ],
      },
      [
        { title: t('financeBooks.accounts.code'), value: (a: FinanceAccount) => a.code },
        { title: t('financeBooks.accounts.name'), value: (a: FinanceAccount) => a.name },
        { title: t('financeBooks.accounts.kind'), value: (a: FinanceAccount) => kindLabel(a.kind) },
        { title: t('financeBooks.accounts.status'), value: status },
      ],
      items,
      'bagan-akun.xlsx',
    );
  // a write goes to one unit: ADMIN and YAYASAN choose one first
  const mayAdd = canManage && (unitId !== null || user.unit !== null);
  return (
    <Paper withBorder p={{ base: 'sm', sm: 'lg' }} radius="md">
      <PageTitle
        actions={
          <Group gap="xs">
            <ExportButton onExport={exportRows} />
            {mayAdd && (
              <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={() => setEditing('new')}>
                {t('financeBooks.accounts.add')}
              </Button>
            )}
          </Group>
        }
      >
        {t('financeBooks.accounts.title')}
      </PageTitle>
      <Group align="flex-end" mb="md">
        <UnitSelect value={unitId} onChange={setUnitId} />
        <Select
          label={t('financeBooks.accounts.kind')}
          placeholder={t('financeBooks.accounts.allKinds')}
          data={FINANCE_ACCOUNT_KINDS.map((k) => ({ value: k, label: kindLabel(k) }))}
          value={kind}
          onChange={setKind}
          clearable
          w={{ base: '100%', sm: 180 }}
        />
        <TextInput
          label={t('financeBooks.accounts.search')}
          leftSection={<IconSearch size={16} aria-hidden />}
          value={q}
          onChange={(e) => setQ(e.currentTarget.value)}
          w={{ base: '100%', sm: 220 }}
        />
      </Group>
      {list.isPending ? (
        <ListSkeleton />
      ) : list.isError ? (
        <Alert color="red">{errorText(list.error)}</Alert>
      ) : items.length === 0 ? (
        <Text role="status">{t('financeBooks.accounts.empty')}</Text>
      ) : (
        <Table.ScrollContainer minWidth={600}>
          <Table striped withTableBorder aria-label={t('financeBooks.accounts.title')}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('financeBooks.accounts.code')}</Table.Th>
                <Table.Th>{t('financeBooks.accounts.name')}</Table.Th>
                <Table.Th>{t('financeBooks.accounts.kind')}</Table.Th>
                <Table.Th>{t('financeBooks.accounts.status')}</Table.Th>
                {canManage && <Table.Th>{t('app.actions')}</Table.Th>}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {items.map((a) => (
                <Table.Tr key={a.id}>
                  <Table.Td>{a.code}</Table.Td>
                  <Table.Td>{a.name}</Table.Td>
                  <Table.Td>{kindLabel(a.kind)}</Table.Td>
                  <Table.Td>
                    <Group gap={4}>
                      <Badge variant="light" color={a.active ? 'green' : 'gray'}>
                        {status(a)}
                      </Badge>
                      {a.used && (
                        <Badge variant="outline" color="blue">
                          {t('financeBooks.accounts.used')}
                        </Badge>
                      )}
                    </Group>
                  </Table.Td>
                  {canManage && (
                    <Table.Td>
                      <RowActions
                        name={`${a.code} ${a.name}`}
                        edit={() => setEditing(a)}
                        actions={
                          a.active
                            ? [
                                {
                                  label: t('financeBooks.accounts.deactivate'),
                                  icon: <IconBan size={16} aria-hidden />,
                                  color: 'red',
                                  onClick: () => deactivate(a),
                                },
                              ]
                            : []
                        }
                      />
                    </Table.Td>
                  )}
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      <FormModal
        opened={editing !== null}
        onClose={() => setEditing(null)}
        title={editing === 'new' ? t('financeBooks.accounts.add') : t('financeBooks.accounts.edit')}
      >
        {editing !== null && (
          <AccountForm
            account={editing === 'new' ? undefined : editing}
            unitId={editing === 'new' ? unitId : editing.unitId}
            onDone={() => setEditing(null)}
          />
        )}
      </FormModal>
    </Paper>
  );
}

import '../../../i18n/api-tokens/index.ts';
import {
  Alert,
  Badge,
  Button,
  Checkbox,
  Code,
  CopyButton,
  Group,
  ScrollArea,
  Select,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import {
  addDays,
  API_TOKEN_KINDS,
  API_TOKEN_MAX_DAYS,
  API_TOKEN_STATES,
  ApiTokenInput,
  permissionsOf,
  type ApiToken,
  type ApiTokenCreated,
  type ApiTokenKind,
  type ApiTokenState,
  type Division,
  type Permission,
} from '@mms/shared';
import { IconBan, IconCheck, IconCopy, IconKey, IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DataList, type ListColumn } from '../../../components/data-list/data-list.tsx';
import { RowActions, rowActionsColumn } from '../../../components/data-list/row-actions.tsx';
import { DateField } from '../../../components/date-fields.tsx';
import { PageTitle } from '../../../components/page-title.tsx';
import { UnitSelect } from '../../../components/pickers.tsx';
import { PrintButton } from '../../../components/print/printed-paper.tsx';
import { isApiError } from '../../../lib/api.ts';
import { serverToday } from '../../../lib/clock.ts';
import { confirmDialog } from '../../../lib/dialogs.tsx';
import { dateText, divisionText } from '../../../lib/display.ts';
import { notifyDone, notifyError } from '../../../lib/notify.ts';
import { useCurrentUser } from '../../../lib/session.ts';
import { FormModal, useUnsavedChanges } from '../../../lib/unsaved-changes.tsx';
import { issueErrors } from '../../../lib/validation.ts';
import { useAccounts, useCreateApiToken, useRevokeApiToken, API_TOKENS_PATH } from '../api.ts';

const STATE_COLORS: Record<ApiTokenState, string> = { active: 'green', revoked: 'red', expired: 'gray' };

/**
 * API tokens (ADMIN): integrations and the old client call MMS with `Authorization: Bearer <token>`.
 * A token is shown once when it is made; the list shows its first characters, and a token can be revoked.
 */
export function ApiTokensPage() {
  const { t } = useTranslation();
  const [state, setState] = useState<ApiTokenState | null>(null);
  const [kind, setKind] = useState<ApiTokenKind | null>(null);
  const [creating, setCreating] = useState(false);
  const [created, setCreated] = useState<ApiTokenCreated | null>(null);
  const revoke = useRevokeApiToken();

  const askRevoke = (token: ApiToken) =>
    confirmDialog({
      title: t('apiTokens.revokeTitle'),
      text: t('apiTokens.revokeConfirm', { name: token.name }),
      confirm: t('apiTokens.revoke'),
      destructive: true,
      onConfirm: () =>
        revoke.mutate(token.id, {
          onSuccess: () => notifyDone('saved', t('apiTokens.revokedWhat', { name: token.name })),
          onError: notifyError,
        }),
    });

  const columns: ListColumn<ApiToken>[] = [
    { accessor: 'name', title: t('apiTokens.name') },
    { accessor: 'prefix', title: t('apiTokens.prefix'), render: (r) => <Code>{`${r.prefix}…`}</Code> },
    {
      accessor: 'username',
      title: t('apiTokens.account'),
      render: (r) => `${r.username} (${divisionText(r.userDivision)})`,
    },
    {
      accessor: 'scopes',
      title: t('apiTokens.scopes'),
      render: (r) => r.scopes.join(', '),
      exportValue: (r) => r.scopes.join(', '),
    },
    { accessor: 'unitCode', title: t('apiTokens.unit'), render: (r) => r.unitCode ?? t('apiTokens.anyUnit') },
    { accessor: 'kind', title: t('apiTokens.kind'), render: (r) => t(`apiTokens.kinds.${r.kind}`) },
    { accessor: 'expiresAt', title: t('apiTokens.expires'), render: (r) => dateText(r.expiresAt, 'short') },
    {
      accessor: 'lastUsedAt',
      title: t('apiTokens.lastUsed'),
      render: (r) => (r.lastUsedAt ? dateText(r.lastUsedAt, 'short') : t('apiTokens.never')),
    },
    {
      accessor: 'state',
      title: t('apiTokens.state'),
      render: (r) => (
        <Badge color={STATE_COLORS[r.state]} variant="light">
          {t(`apiTokens.states.${r.state}`)}
        </Badge>
      ),
      exportValue: (r) => t(`apiTokens.states.${r.state}`),
    },
    rowActionsColumn<ApiToken>((r) =>
      r.state === 'active' ? (
        <RowActions
          name={r.name}
          actions={[
            {
              label: t('apiTokens.revoke'),
              icon: <IconBan size={18} aria-hidden />,
              color: 'red',
              onClick: () => askRevoke(r),
            },
          ]}
        />
      ) : null,
    ),
  ];

  return (
    <Stack gap="md">
      <PageTitle actions={<PrintButton />}>{t('apiTokens.title')}</PageTitle>
      <Alert color="blue" icon={<IconKey size={18} aria-hidden />}>
        {t('apiTokens.intro')}
      </Alert>
      <DataList<ApiToken>
        path={API_TOKENS_PATH}
        label={t('apiTokens.title')}
        columns={columns}
        filters={{ state, kind }}
        exportName="token-api"
        exportFilters={[
          ...(state ? [[t('apiTokens.state'), t(`apiTokens.states.${state}`)] as const] : []),
          ...(kind ? [[t('apiTokens.kind'), t(`apiTokens.kinds.${kind}`)] as const] : []),
        ]}
        searchLabel={t('apiTokens.search')}
        actions={
          <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={() => setCreating(true)}>
            {t('apiTokens.create')}
          </Button>
        }
        filterControls={
          <>
            <Select
              label={t('apiTokens.state')}
              placeholder={t('apiTokens.allStates')}
              data={API_TOKEN_STATES.map((s) => ({ value: s, label: t(`apiTokens.states.${s}`) }))}
              value={state}
              onChange={(v) => setState(v as ApiTokenState | null)}
              clearable
              w={{ base: '100%', xs: 160 }}
            />
            <Select
              label={t('apiTokens.kind')}
              placeholder={t('apiTokens.allKinds')}
              data={API_TOKEN_KINDS.map((k) => ({ value: k, label: t(`apiTokens.kinds.${k}`) }))}
              value={kind}
              onChange={(v) => setKind(v as ApiTokenKind | null)}
              clearable
              w={{ base: '100%', xs: 200 }}
            />
          </>
        }
      />
      <FormModal opened={creating} onClose={() => setCreating(false)} title={t('apiTokens.create')} size="lg">
        {creating && (
          <TokenForm
            onCreated={(c) => {
              setCreating(false);
              setCreated(c);
            }}
          />
        )}
      </FormModal>
      <FormModal
        opened={created !== null}
        onClose={() => setCreated(null)}
        title={t('apiTokens.createdTitle')}
        size="lg"
      >
        {created && <CreatedToken created={created} onClose={() => setCreated(null)} />}
      </FormModal>
    </Stack>
  );
}

/** The token in full, this once, with a copy button. */
function CreatedToken({ created, onClose }: { created: ApiTokenCreated; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <Stack gap="sm">
      <Alert color="yellow">{t('apiTokens.shownOnce')}</Alert>
      <Text size="sm">{t('apiTokens.createdFor', { name: created.item.name, account: created.item.username })}</Text>
      <Code block data-testid="new-api-token" style={{ wordBreak: 'break-all' }}>
        {created.token}
      </Code>
      <Group justify="flex-end">
        <CopyButton value={created.token}>
          {({ copied, copy }) => (
            <Button
              variant={copied ? 'filled' : 'default'}
              color={copied ? 'green' : undefined}
              leftSection={copied ? <IconCheck size={16} aria-hidden /> : <IconCopy size={16} aria-hidden />}
              onClick={copy}
            >
              {copied ? t('apiTokens.copied') : t('apiTokens.copy')}
            </Button>
          )}
        </CopyButton>
        <Button onClick={onClose}>{t('apiTokens.done')}</Button>
      </Group>
    </Stack>
  );
}

interface Account {
  id: number;
  label: string;
  division: Division;
}

function TokenForm({ onCreated }: { onCreated: (c: ApiTokenCreated) => void }) {
  const { t } = useTranslation();
  const me = useCurrentUser();
  const create = useCreateApiToken();
  const [search, setSearch] = useState('');
  const [q] = useDebouncedValue(search, 300);
  const accounts = useAccounts(q);
  const self: Account = { id: me.id, label: `${me.username} (${divisionText(me.division)})`, division: me.division };
  const [account, setAccount] = useState<Account>(self);
  const [name, setName] = useState('');
  const [scopes, setScopes] = useState<Permission[]>([]);
  const [unitId, setUnitId] = useState<number | null>(null);
  const [expiresOn, setExpiresOn] = useState(() => addDays(serverToday(), 90));
  const [errors, setErrors] = useState<Record<string, string>>({});
  useUnsavedChanges(name !== '' || scopes.length > 0);

  const options = new Map<string, Account>([[String(self.id), self]]);
  for (const u of accounts.data?.items ?? []) {
    if (u.isActive) {
      options.set(String(u.id), {
        id: u.id,
        label: `${u.username} (${divisionText(u.division)})`,
        division: u.division,
      });
    }
  }
  options.set(String(account.id), account);
  const allowed = permissionsOf(account.division);

  const submit = () => {
    const parsed = ApiTokenInput.safeParse({ name, userId: account.id, scopes, unitId, expiresOn });
    if (!parsed.success) {
      setErrors(issueErrors(parsed.error, 'first'));
      return;
    }
    setErrors({});
    create.mutate(parsed.data, {
      onSuccess: onCreated,
      onError: (e) => {
        if (isApiError(e) && Object.keys(e.fields).length) setErrors(e.fields);
        notifyError(e);
      },
    });
  };

  return (
    <Stack gap="sm">
      <TextInput
        label={t('apiTokens.name')}
        description={t('apiTokens.nameHint')}
        required
        value={name}
        onChange={(e) => setName(e.currentTarget.value)}
        error={errors.name}
        maxLength={100}
      />
      <Select
        label={t('apiTokens.account')}
        description={t('apiTokens.accountHint')}
        required
        searchable
        searchValue={search}
        onSearchChange={setSearch}
        data={[...options.values()].map((a) => ({ value: String(a.id), label: a.label }))}
        value={String(account.id)}
        onChange={(v) => {
          const next = v ? options.get(v) : undefined;
          if (!next) return;
          setAccount(next);
          setScopes(scopes.filter((s) => permissionsOf(next.division).includes(s)));
        }}
        allowDeselect={false}
        error={errors.userId}
      />
      <Group grow wrap="wrap" align="flex-start">
        <UnitSelect
          value={unitId}
          onChange={setUnitId}
          placeholder={t('apiTokens.anyUnit')}
          description={t('apiTokens.unitHint')}
          error={errors.unitId}
        />
        <DateField
          label={t('apiTokens.expiresOn')}
          required
          value={expiresOn}
          onChange={setExpiresOn}
          min={addDays(serverToday(), 1)}
          max={addDays(serverToday(), API_TOKEN_MAX_DAYS)}
          error={errors.expiresOn}
        />
      </Group>
      <Checkbox.Group
        label={t('apiTokens.scopes')}
        description={t('apiTokens.scopesHint')}
        value={scopes}
        onChange={(v) => setScopes(v as Permission[])}
        error={errors.scopes ?? errors['scopes.0']}
        required
      >
        <ScrollArea.Autosize mah={260} type="auto" mt="xs">
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing={6}>
            {allowed.map((p) => (
              <Checkbox key={p} value={p} label={p} />
            ))}
          </SimpleGrid>
        </ScrollArea.Autosize>
      </Checkbox.Group>
      <Group justify="flex-end">
        <Button onClick={submit} loading={create.isPending} leftSection={<IconKey size={16} aria-hidden />}>
          {t('apiTokens.createSubmit')}
        </Button>
      </Group>
    </Stack>
  );
}

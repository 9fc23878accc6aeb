import {
  Alert,
  Anchor,
  Badge,
  Button,
  Group,
  Paper,
  SimpleGrid,
  Skeleton,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core';
import { DIVISION_LABELS, type AuditEntry, type UserDetail } from '@mms/shared';
import { IconKey, IconLogout, IconPencil, IconUserCheck, IconUserOff } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { ROUTES } from '../../../lib/route-names.ts';
import { PageTitle } from '../../../components/page-title.tsx';
import { isApiError } from '../../../lib/api.ts';
import { confirmDialog } from '../../../lib/dialogs.tsx';
import { notifyError, notifyInfo } from '../../../lib/notify.ts';
import { useCurrentUser } from '../../../lib/session.ts';
import { FormModal } from '../../../lib/unsaved-changes.tsx';
import { useEndSessions, useUser, useUserAudit } from '../api.ts';
import { EditAccountForm, ResetPasswordForm } from '../components/account-forms.tsx';
import { browserName, dateTimeText } from '../format.ts';
import { StateBadge, useToggleActive } from './users-page.tsx';
import { DataList } from '../../../components/data-list/data-list.tsx';
import { auditActionText, auditEntityText } from '../../../i18n/audit/index.ts';
import { userCan } from '../../../lib/permissions.ts';

function Field({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text size="sm">{children}</Text>
    </div>
  );
}

function Sessions({ user }: { user: UserDetail }) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language === 'en' ? 'en' : 'id';
  const end = useEndSessions();
  const endOne = (key: string) =>
    confirmDialog({
      title: t('admin.user.endSessionTitle'),
      text: t('admin.user.endSessionText'),
      confirm: t('admin.user.endSession'),
      destructive: true,
      onConfirm: () =>
        end.mutate(
          { id: user.id, key },
          {
            onSuccess: (r) => notifyInfo(t('admin.user.ended', { count: r.ended })),
            onError: (e) => notifyError(e),
          },
        ),
    });
  if (user.sessions.length === 0) return <Text size="sm">{t('admin.user.noSessions')}</Text>;
  return (
    <Table.ScrollContainer minWidth={640}>
      <Table aria-label={t('admin.user.sessionsLabel')} striped>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('admin.user.sessionCreated')}</Table.Th>
            <Table.Th>{t('admin.user.sessionLastSeen')}</Table.Th>
            <Table.Th>{t('admin.user.sessionIp')}</Table.Th>
            <Table.Th>{t('admin.user.sessionAgent')}</Table.Th>
            <Table.Th>{t('app.actions')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {user.sessions.map((s) => (
            <Table.Tr key={s.key}>
              <Table.Td>{dateTimeText(s.createdAt, lang)}</Table.Td>
              <Table.Td>{dateTimeText(s.lastSeenAt, lang)}</Table.Td>
              <Table.Td>{s.ip ?? '–'}</Table.Td>
              <Table.Td title={s.userAgent ?? undefined}>
                {browserName(s.userAgent)}{' '}
                {s.current && (
                  <Badge variant="light" color="blue">
                    {t('admin.user.thisSession')}
                  </Badge>
                )}
              </Table.Td>
              <Table.Td>
                <Button
                  size="xs"
                  variant="light"
                  color="red"
                  aria-label={t('admin.user.endSessionName', { agent: `${browserName(s.userAgent)} ${s.ip ?? ''}` })}
                  onClick={() => endOne(s.key)}
                >
                  {t('admin.user.endSession')}
                </Button>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

function RecentAudit({ userId }: { userId: number }) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language === 'en' ? 'en' : 'id';
  const me = useCurrentUser();
  const allowed = userCan(me, 'audit.read');
  const audit = useUserAudit(userId, allowed);
  if (!allowed) return null;
  const items: AuditEntry[] = audit.data?.items ?? [];
  return (
    <Paper withBorder p="md" radius="md">
      <Title order={2} fz="h4" mb="sm">
        {t('admin.user.auditTitle')}
      </Title>
      {audit.isPending ? (
        <Skeleton height={80} />
      ) : items.length === 0 ? (
        <Text size="sm">{t('admin.user.noAudit')}</Text>
      ) : (
        <DataList
          label={t('admin.user.auditLabel')}
          records={items}
          columns={[
            { accessor: 'at', title: t('admin.audit.at'), render: (a) => dateTimeText(a.at, lang) },
            // the action and the record in words, in the chosen language, as the audit trail reads them
            { accessor: 'action', title: t('admin.audit.action'), render: (a) => auditActionText(a.action) },
            {
              accessor: 'entityType',
              title: t('admin.audit.entityType'),
              render: (a) => [auditEntityText(a.entityType), a.entityId].filter(Boolean).join(' '),
            },
            {
              accessor: 'actorUsername',
              title: t('admin.audit.actor'),
              render: (a) => a.actorUsername ?? t('admin.audit.system'),
            },
            { accessor: 'ip', title: t('admin.audit.ip'), render: (a) => a.ip ?? '–' },
          ]}
        />
      )}
    </Paper>
  );
}

/** other-user: one account, its sessions and recent audit entries, and every action on it. */
export function UserPage() {
  const { t, i18n } = useTranslation();
  const lang = i18n.language === 'en' ? 'en' : 'id';
  const params = useParams();
  const id = Number(params.id);
  const valid = Number.isInteger(id) && id > 0 && id <= 2_147_483_647;
  const me = useCurrentUser();
  const user = useUser(valid ? id : 0);
  const toggle = useToggleActive();
  const end = useEndSessions();
  const [dialog, setDialog] = useState<'edit' | 'reset' | null>(null);

  const back = (
    <Anchor component={Link} to={ROUTES['other-users']} size="sm">
      {t('admin.user.back')}
    </Anchor>
  );
  if (!valid || (user.isError && isApiError(user.error) && user.error.status < 500)) {
    return (
      <Paper withBorder p={{ base: 'sm', sm: 'lg' }} radius="md">
        <PageTitle>{t('admin.user.loadingTitle')}</PageTitle>
        <Alert color="red" mb="md">
          {t('admin.user.notFound')}
        </Alert>
        {back}
      </Paper>
    );
  }
  const u = user.data;
  if (!u) {
    return (
      <Paper withBorder p={{ base: 'sm', sm: 'lg' }} radius="md">
        <PageTitle>{t('admin.user.loadingTitle')}</PageTitle>
        <Skeleton height={240} />
      </Paper>
    );
  }
  const self = u.id === me.id;
  const endAll = () =>
    confirmDialog({
      title: t('admin.user.endAllTitle'),
      text: t('admin.user.endAllText', { name: u.username }),
      confirm: t('admin.user.endAll'),
      destructive: true,
      onConfirm: () =>
        end.mutate(
          { id: u.id },
          {
            onSuccess: (r) => notifyInfo(t('admin.user.ended', { count: r.ended })),
            onError: (e) => notifyError(e),
          },
        ),
    });

  return (
    <Stack>
      <Paper withBorder p={{ base: 'sm', sm: 'lg' }} radius="md">
        <PageTitle>{t('admin.user.title', { username: u.username })}</PageTitle>
        <Group mb="md">{back}</Group>
        <Group gap="xs" mb="md" wrap="wrap">
          <Button
            variant="default"
            leftSection={<IconPencil size={16} aria-hidden />}
            onClick={() => setDialog('edit')}
          >
            {t('admin.user.edit')}
          </Button>
          <Button variant="default" leftSection={<IconKey size={16} aria-hidden />} onClick={() => setDialog('reset')}>
            {t('admin.user.resetPassword')}
          </Button>
          {!self && (
            <Button
              variant="light"
              color={u.isActive ? 'red' : 'green'}
              leftSection={u.isActive ? <IconUserOff size={16} aria-hidden /> : <IconUserCheck size={16} aria-hidden />}
              onClick={() => toggle(u)}
            >
              {u.isActive ? t('admin.users.disable') : t('admin.users.enable')}
            </Button>
          )}
          <Button
            variant="light"
            color="red"
            leftSection={<IconLogout size={16} aria-hidden />}
            onClick={endAll}
            disabled={u.sessions.length === 0}
          >
            {t('admin.user.endAll')}
          </Button>
        </Group>
        <Title order={2} fz="h4" mb="sm">
          {t('admin.user.details')}
        </Title>
        <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }} spacing="sm">
          <Field label={t('admin.users.username')}>{u.username}</Field>
          <Field label={t('admin.users.displayName')}>{u.displayName}</Field>
          <Field label={t('admin.users.division')}>{DIVISION_LABELS[u.division][lang]}</Field>
          <Field label={t('admin.users.unit')}>{u.unitName ? `${u.unitCode} – ${u.unitName}` : '–'}</Field>
          <Field label={t('admin.users.state')}>
            <StateBadge active={u.isActive} />
          </Field>
          <Field label={t('admin.users.lastSignIn')}>
            {u.lastSignInAt ? dateTimeText(u.lastSignInAt, lang) : t('admin.users.never')}
          </Field>
          <Field label={t('admin.user.createdAt')}>{dateTimeText(u.createdAt, lang)}</Field>
          <Field label={t('admin.user.passwordChangedAt')}>{dateTimeText(u.passwordChangedAt, lang)}</Field>
          {u.employeeNumber && <Field label={t('admin.user.employeeNumber')}>{u.employeeNumber}</Field>}
          {u.studentNumber && <Field label={t('admin.user.studentNumber')}>{u.studentNumber}</Field>}
        </SimpleGrid>
      </Paper>
      <Paper withBorder p="md" radius="md">
        <Title order={2} fz="h4" mb="sm">
          {t('admin.user.sessionsTitle')} ({u.sessions.length})
        </Title>
        <Sessions user={u} />
      </Paper>
      <RecentAudit userId={u.id} />
      <FormModal opened={dialog === 'edit'} onClose={() => setDialog(null)} title={t('admin.user.editTitle')}>
        {dialog === 'edit' && <EditAccountForm user={u} onDone={() => setDialog(null)} />}
      </FormModal>
      <FormModal
        opened={dialog === 'reset'}
        onClose={() => setDialog(null)}
        title={t('admin.user.resetTitle', { username: u.username })}
      >
        {dialog === 'reset' && <ResetPasswordForm user={u} onDone={() => setDialog(null)} />}
      </FormModal>
    </Stack>
  );
}

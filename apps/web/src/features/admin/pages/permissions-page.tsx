import '../../../i18n/permissions/index.ts';
import { Alert, Badge, Button, Checkbox, Group, Loader, Stack, Text, Title, UnstyledButton } from '@mantine/core';
import {
  DIVISION_LABELS,
  DIVISIONS,
  effectivePermissions,
  menuLinks,
  PERMISSIONS,
  type Division,
  type Permission,
  type PermissionOverride,
  type PermissionOverrideInput,
  type PermissionRow,
  type PermissionTable,
} from '@mms/shared';
import { IconArrowBackUp, IconCheck, IconInfoCircle, IconLock, IconMinus } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DataList, type ListColumn } from '../../../components/data-list/data-list.tsx';
import { DeferredSelect } from '../../../components/deferred-select.tsx';
import { PageTitle } from '../../../components/page-title.tsx';
import { UnitSelect } from '../../../components/pickers.tsx';
import { api } from '../../../lib/api.ts';
import { confirmDialog } from '../../../lib/dialogs.tsx';
import { dateTimeText, displayLanguage } from '../../../lib/display.ts';
import { notifyError, notifyInfo } from '../../../lib/notify.ts';
import { SESSION_KEY } from '../../../lib/session.ts';
import { useUnits } from '../../school/api.ts';

/** The permission table's path under /api/v1. */
export const PERMISSIONS_PATH = '/permissions';

export const usePermissionTable = () =>
  useQuery({ queryKey: [PERMISSIONS_PATH], queryFn: () => api<PermissionTable>(PERMISSIONS_PATH) });

/** The menu screens a permission opens, by name in the reader's language (what the ADMIN recognises). */
function screensByPermission(lang: 'id' | 'en'): Map<Permission, string[]> {
  const map = new Map<Permission, string[]>();
  for (const link of menuLinks()) {
    const names = map.get(link.permission) ?? [];
    if (!names.includes(link.label[lang])) names.push(link.label[lang]);
    map.set(link.permission, names);
  }
  return map;
}

/**
 * A permission's name in monospace that wraps in a narrow cell (Mantine's Code became a scrollable box there). An
 * element, not a component: the list's search reads the text of what a cell renders.
 */
function permissionName(name: string) {
  return (
    <Text component="code" size="sm" ff="monospace" className="mms-code-wrap">
      {name}
    </Text>
  );
}

/** The code's own answer (packages/shared/src/domain/permissions.ts). */
const inCode = (name: Permission, d: Division) => (PERMISSIONS[name] as readonly Division[]).includes(d);

/** One row of the matrix: a permission with what each division may do in the chosen scope. */
interface MatrixRow extends PermissionRow {
  screens: string;
  /** changed from the code's table for one of the shown divisions in the chosen scope */
  changed: boolean;
}

/**
 * The permission table (ADMIN, issue 39): which division may do what by the code's table
 * (packages/shared/src/domain/permissions.ts) and as the ADMIN changed it, in every unit or one; a cell grants or
 * withdraws after a confirmation naming the change; ADMIN's system rights are locked. Below, the changes with who
 * made them and when, each one undone after a confirmation. The server checks every call and audits every change.
 */
export function PermissionsPage() {
  const { t } = useTranslation();
  const lang = displayLanguage();
  const client = useQueryClient();
  const table = usePermissionTable();
  const units = useUnits();
  const [division, setDivision] = useState<Division | null>(null);
  const [unitId, setUnitId] = useState<number | null>(null);
  const [changedOnly, setChangedOnly] = useState(false);

  const after = (message: string) => (data: PermissionTable) => {
    client.setQueryData([PERMISSIONS_PATH], data);
    notifyInfo(message);
    // the ADMIN's own menu and guards follow the session's permissions
    return client.invalidateQueries({ queryKey: SESSION_KEY });
  };
  const save = useMutation({
    mutationFn: (body: PermissionOverrideInput) =>
      api<PermissionTable>(`${PERMISSIONS_PATH}/overrides`, { method: 'PUT', body }),
    onSuccess: after(t('permTable.saved')),
    onError: notifyError,
  });
  const undo = useMutation({
    mutationFn: (id: number) => api<PermissionTable>(`${PERMISSIONS_PATH}/overrides/${id}`, { method: 'DELETE' }),
    onSuccess: after(t('permTable.undone')),
    onError: notifyError,
  });

  const unitName = (id: number | null) => {
    if (id === null) return t('permTable.unitAll');
    const unit = units.data?.items.find((u) => u.id === id);
    return unit ? `${unit.code} – ${unit.name}` : `#${id}`;
  };
  const scopeText = (id: number | null) =>
    id === null ? t('permTable.scopeAll') : t('permTable.scopeUnit', { unit: unitName(id) });
  const divisionName = (d: Division) => DIVISION_LABELS[d][lang];
  const stateText = (on: boolean) => (on ? t('permTable.yes') : t('permTable.no'));
  const screens = useMemo(() => screensByPermission(lang), [lang]);

  const overrides = useMemo(() => table.data?.overrides ?? [], [table.data]);
  const shownDivisions = useMemo(() => (division ? [division] : [...DIVISIONS]), [division]);
  // what each division may do in the chosen scope (every unit: the division-wide changes only)
  const effective = useMemo(
    () => new Map(DIVISIONS.map((d) => [d, effectivePermissions(d, unitId, overrides)] as const)),
    [unitId, overrides],
  );

  const rows: MatrixRow[] | undefined = useMemo(() => {
    if (!table.data) return undefined;
    const all = table.data.permissions.map((p) => ({
      ...p,
      screens: (screens.get(p.name) ?? []).join(', '),
      changed: shownDivisions.some((d) => effective.get(d)!.has(p.name) !== inCode(p.name, d)),
    }));
    return changedOnly ? all.filter((r) => r.changed) : all;
  }, [table.data, screens, effective, shownDivisions, changedOnly]);

  const askChange = (row: PermissionRow, d: Division) => {
    const now = effective.get(d)!.has(row.name);
    const granted = !now;
    const names = {
      division: divisionName(d),
      permission: row.name,
      scope: scopeText(unitId),
    };
    const affected = screens.get(row.name);
    const backToCode = unitId === null && inCode(row.name, d) === granted;
    confirmDialog({
      title: granted ? t('permTable.grantTitle') : t('permTable.withdrawTitle'),
      text:
        (granted ? t('permTable.grantText', names) : t('permTable.withdrawText', names)) +
        (affected?.length ? t('permTable.screensText', { screens: affected.join(', ') }) : '') +
        (backToCode ? t('permTable.backToCode', { scope: scopeText(unitId) }) : ''),
      confirm: granted ? t('permTable.grant') : t('permTable.withdraw'),
      destructive: !granted,
      onConfirm: () => save.mutate({ division: d, unitId, permission: row.name, granted }),
    });
  };

  const askUndo = (o: PermissionOverride) => {
    const code = inCode(o.permission, o.division);
    confirmDialog({
      title: t('permTable.undoTitle'),
      text: t('permTable.undoText', {
        division: divisionName(o.division),
        permission: o.permission,
        scope: scopeText(o.unitId),
        state: stateText(code),
      }),
      confirm: t('permTable.undo'),
      onConfirm: () => undo.mutate(o.id),
    });
  };

  const cell = (row: MatrixRow, d: Division) => {
    const on = effective.get(d)!.has(row.name);
    const code = inCode(row.name, d);
    const icon = on ? <IconCheck size={14} aria-hidden /> : <IconMinus size={14} aria-hidden />;
    const names = { permission: row.name, division: divisionName(d), scope: scopeText(unitId), state: stateText(on) };
    if (row.system) {
      return (
        <Group gap={4} wrap="nowrap" aria-label={t('permTable.lockedLabel', names)} role="img" c="dimmed">
          <IconLock size={14} aria-hidden />
          <Text size="sm" span>
            {stateText(on)}
          </Text>
        </Group>
      );
    }
    return (
      <UnstyledButton
        onClick={() => askChange(row, d)}
        aria-label={on ? t('permTable.withdrawLabel', names) : t('permTable.grantLabel', names)}
        disabled={save.isPending}
        className="mms-nowrap"
      >
        <Group gap={4} wrap="nowrap">
          <Text
            size="sm"
            span
            c={on ? undefined : 'dimmed'}
            className={on ? 'mms-text-ok' : undefined}
            fw={on ? 600 : 400}
          >
            <Group gap={2} wrap="nowrap" component="span">
              {icon}
              {stateText(on)}
            </Group>
          </Text>
          {on !== code && (
            <Badge size="xs" color="orange" variant="light" title={t('permTable.codeSays', { state: stateText(code) })}>
              {t('permTable.changed')}
            </Badge>
          )}
        </Group>
      </UnstyledButton>
    );
  };

  const columns: ListColumn<MatrixRow>[] = [
    {
      accessor: 'name',
      title: t('permTable.permission'),
      render: (row) => (
        <Stack gap={2}>
          <Group gap={4} wrap="nowrap">
            {permissionName(row.name)}
            {row.system && (
              <Badge size="xs" color="gray" variant="light" leftSection={<IconLock size={10} aria-hidden />}>
                {t('permTable.system')}
              </Badge>
            )}
          </Group>
          {row.screens && (
            <Text size="xs" c="dimmed">
              {row.screens}
            </Text>
          )}
        </Stack>
      ),
    },
    ...shownDivisions.map((d): ListColumn<MatrixRow> => ({
      accessor: `_${d}`,
      title: divisionName(d),
      render: (row) => cell(row, d),
    })),
  ];

  const exportFilters: (readonly [string, string])[] = [
    [t('permTable.division'), division ? divisionName(division) : t('permTable.allDivisions')],
    [t('permTable.unit'), unitName(unitId)],
    ...(changedOnly ? [[t('permTable.changedOnly'), t('permTable.yes')] as const] : []),
  ];

  return (
    <Stack gap="md">
      <PageTitle>{t('permTable.title')}</PageTitle>
      <Alert color="blue" icon={<IconInfoCircle size={18} aria-hidden />}>
        {t('permTable.intro')}
      </Alert>

      {table.isPending ? (
        <Group gap="xs" role="status">
          <Loader size="sm" />
          <Text size="sm">{t('permTable.loading')}</Text>
        </Group>
      ) : table.isError || !rows ? (
        <Alert color="red">{t('permTable.loadError')}</Alert>
      ) : (
        <>
          <DataList<MatrixRow>
            label={t('permTable.matrix')}
            records={rows}
            columns={columns}
            idAccessor="name"
            search={t('permTable.search')}
            pageSize={25}
            emptyText={t('permTable.empty')}
            exportName="tabel-hak-akses"
            exportTitle={t('permTable.exportMatrix')}
            exportFilters={exportFilters}
            exportColumns={[
              { title: t('permTable.permission'), value: (r) => r.name },
              { title: t('permTable.screens'), value: (r) => r.screens },
              { title: t('permTable.system'), value: (r) => (r.system ? t('permTable.yes') : '') },
              ...shownDivisions.map((d) => ({
                title: divisionName(d),
                value: (r: MatrixRow) => {
                  const on = effective.get(d)!.has(r.name);
                  return on === inCode(r.name, d) ? stateText(on) : `${stateText(on)} (${t('permTable.changed')})`;
                },
              })),
            ]}
            filterControls={
              <>
                <DeferredSelect
                  label={t('permTable.division')}
                  placeholder={t('permTable.allDivisions')}
                  data={DIVISIONS.map((d) => ({ value: d, label: divisionName(d) }))}
                  value={division}
                  onChange={(v) => setDivision(v as Division | null)}
                  clearable
                  w={{ base: '100%', sm: 200 }}
                />
                <UnitSelect value={unitId} onChange={setUnitId} placeholder={t('permTable.unitAll')} />
                <Checkbox
                  label={t('permTable.changedOnly')}
                  checked={changedOnly}
                  onChange={(e) => setChangedOnly(e.currentTarget.checked)}
                  mb={8}
                />
              </>
            }
          />

          <Title order={2} size="h4">
            {t('permTable.overrides')}
          </Title>
          <DataList<PermissionOverride>
            label={t('permTable.overrides')}
            records={overrides}
            emptyText={t('permTable.overridesEmpty')}
            exportName="perubahan-hak-akses"
            exportTitle={t('permTable.exportOverrides')}
            columns={[
              {
                accessor: 'permission',
                title: t('permTable.permission'),
                render: (o) => permissionName(o.permission),
              },
              { accessor: 'division', title: t('permTable.division'), render: (o) => divisionName(o.division) },
              { accessor: 'unitId', title: t('permTable.unit'), render: (o) => unitName(o.unitId) },
              {
                accessor: 'granted',
                title: t('permTable.change'),
                render: (o) => (
                  <Badge color={o.granted ? 'green' : 'red'} variant="light">
                    {o.granted ? t('permTable.granted') : t('permTable.withdrawn')}
                  </Badge>
                ),
              },
              {
                accessor: 'createdByName',
                title: t('permTable.by'),
                render: (o) => o.createdByName ?? t('permTable.unknownUser'),
              },
              {
                accessor: 'createdAt',
                title: t('permTable.at'),
                render: (o) => <span className="mms-nowrap">{dateTimeText(o.createdAt, lang)}</span>,
                exportValue: (o) => dateTimeText(o.createdAt, lang),
              },
              {
                accessor: '_actions',
                title: t('permTable.actions'),
                render: (o) => (
                  <Button
                    size="xs"
                    variant="light"
                    leftSection={<IconArrowBackUp size={14} aria-hidden />}
                    onClick={() => askUndo(o)}
                    loading={undo.isPending && undo.variables === o.id}
                    aria-label={t('permTable.undoLabel', {
                      permission: o.permission,
                      division: divisionName(o.division),
                      scope: unitName(o.unitId),
                    })}
                  >
                    {t('permTable.undo')}
                  </Button>
                ),
              },
            ]}
          />
        </>
      )}
    </Stack>
  );
}

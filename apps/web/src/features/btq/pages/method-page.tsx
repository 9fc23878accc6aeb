import {
  ActionIcon,
  Badge,
  Button,
  Checkbox,
  Group,
  Modal,
  NumberInput,
  Paper,
  Select,
  Skeleton,
  Stack,
  Table,
  Text,
  TextInput,
} from '@mantine/core';
import {
  BTQ_METHOD_KINDS,
  BtqCutoffsInput,
  BtqLevelInput,
  BtqMethodInput,
  ALL_UNIT_DIVISIONS,
  type BtqLevel,
  type BtqMethod,
  type BtqMethodKind,
} from '@mms/shared';
import { IconArrowDown, IconArrowUp, IconPencil, IconPlus, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageTitle } from '../../../components/page-title.tsx';
import { UnitSelect, useDefaultUnitId } from '../../../components/pickers.tsx';
import { confirmDialog } from '../../../lib/dialogs.tsx';
import { notifyDone, notifyError } from '../../../lib/notify.ts';
import { useCurrentUser } from '../../../lib/session.ts';
import { issueErrors } from '../../../lib/validation.ts';
import { ModalActions } from './parts.tsx';
import {
  useAddLevel,
  useCutoffs,
  useDeleteLevel,
  useMethods,
  useReorderLevels,
  useSaveCutoffs,
  useSaveMethod,
  useUpdateLevel,
} from '../api.ts';

const num = (v: number | string) => (typeof v === 'number' ? v : NaN);
const done = { onSuccess: () => notifyDone('saved'), onError: notifyError };

function MethodModal({ unitId, onClose }: { unitId: number | null; onClose: () => void }) {
  const { t } = useTranslation();
  const save = useSaveMethod();
  const admin = ALL_UNIT_DIVISIONS.includes(useCurrentUser().division);
  const [v, setV] = useState({ name: '', kind: 'READING' as BtqMethodKind, foundationWide: false });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const submit = () => {
    const parsed = BtqMethodInput.safeParse({ ...v, unitId: v.foundationWide ? undefined : (unitId ?? undefined) });
    if (!parsed.success) return setErrors(issueErrors(parsed.error, 'first'));
    save.mutate({ body: parsed.data }, { onSuccess: () => (notifyDone('saved'), onClose()), onError: notifyError });
  };
  return (
    <Modal opened onClose={onClose} title={t('btq.addMethod')}>
      <Stack>
        <TextInput
          label={t('btq.name')}
          value={v.name}
          onChange={(e) => setV({ ...v, name: e.currentTarget.value })}
          error={errors.name}
        />
        <Select
          label={t('btq.kind')}
          data={BTQ_METHOD_KINDS.map((k) => ({ value: k, label: t(`btq.kinds.${k}`) }))}
          value={v.kind}
          onChange={(k) => setV({ ...v, kind: (k ?? 'READING') as BtqMethodKind })}
          allowDeselect={false}
        />
        {admin && (
          <Checkbox
            label={t('btq.foundationWide')}
            checked={v.foundationWide}
            onChange={(e) => setV({ ...v, foundationWide: e.currentTarget.checked })}
          />
        )}
        <ModalActions onCancel={onClose} onSave={submit} saving={save.isPending} />
      </Stack>
    </Modal>
  );
}

function LevelModal({ methodId, level, onClose }: { methodId: number; level: BtqLevel | null; onClose: () => void }) {
  const { t } = useTranslation();
  const add = useAddLevel();
  const update = useUpdateLevel();
  const [name, setName] = useState(level?.name ?? '');
  const [pages, setPages] = useState<number | string>(level?.pages ?? '');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const submit = () => {
    const parsed = BtqLevelInput.safeParse({ name, pages: pages === '' ? null : num(pages) });
    if (!parsed.success) return setErrors(issueErrors(parsed.error, 'first'));
    const opts = { onSuccess: () => (notifyDone('saved'), onClose()), onError: notifyError };
    if (level) update.mutate({ id: level.id, body: parsed.data }, opts);
    else add.mutate({ methodId, body: parsed.data }, opts);
  };
  return (
    <Modal opened onClose={onClose} title={level ? t('btq.rename', { name: level.name }) : t('btq.addLevel')}>
      <Stack>
        <TextInput
          label={t('btq.name')}
          value={name}
          onChange={(e) => setName(e.currentTarget.value)}
          error={errors.name}
        />
        <NumberInput
          label={t('btq.pages')}
          value={pages}
          onChange={setPages}
          min={1}
          max={1000}
          allowDecimal={false}
          error={errors.pages}
        />
        <ModalActions onCancel={onClose} onSave={submit} saving={add.isPending || update.isPending} />
      </Stack>
    </Modal>
  );
}

function MethodCard({ method, editable }: { method: BtqMethod; editable: boolean }) {
  const { t } = useTranslation();
  const saveMethod = useSaveMethod();
  const update = useUpdateLevel();
  const remove = useDeleteLevel();
  const reorder = useReorderLevels();
  const [editing, setEditing] = useState<BtqLevel | 'new' | null>(null);
  const ids = method.levels.map((l) => l.id);
  const swap = (i: number, j: number) => {
    const next = [...ids];
    [next[i], next[j]] = [next[j]!, next[i]!];
    reorder.mutate({ methodId: method.id, levelIds: next }, { onError: notifyError });
  };
  return (
    <Paper withBorder p="sm" radius="md">
      <Group justify="space-between" mb="xs">
        <Group gap="xs">
          <Text component="h2" fw={700} fz="lg">
            {method.name}
          </Text>
          <Badge variant="light">{t(`btq.kinds.${method.kind}`)}</Badge>
          {method.unitId === null && <Badge variant="outline">{t('btq.foundationWide')}</Badge>}
          {!method.isActive && <Badge color="gray">{t('btq.inactive')}</Badge>}
        </Group>
        {editable && (
          <Group gap="xs">
            <Button
              size="xs"
              variant="light"
              leftSection={<IconPlus size={14} aria-hidden />}
              onClick={() => setEditing('new')}
            >
              {t('btq.addLevel')}
            </Button>
            <Button
              size="xs"
              variant="default"
              onClick={() => saveMethod.mutate({ id: method.id, body: { isActive: !method.isActive } }, done)}
            >
              {method.isActive ? t('btq.deactivate') : t('btq.activate')}
            </Button>
          </Group>
        )}
      </Group>
      <Table.ScrollContainer minWidth={420}>
        <Table striped>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>#</Table.Th>
              <Table.Th>{t('btq.level')}</Table.Th>
              <Table.Th>{t('btq.pages')}</Table.Th>
              <Table.Th>{t('btq.active')}</Table.Th>
              {editable && <Table.Th />}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {method.levels.map((l, i) => (
              <Table.Tr key={l.id}>
                <Table.Td>{l.sortOrder}</Table.Td>
                <Table.Td>
                  {l.name}{' '}
                  {l.inUse && (
                    <Badge size="xs" variant="light">
                      {t('btq.inUse')}
                    </Badge>
                  )}
                </Table.Td>
                <Table.Td>{l.pages ?? '–'}</Table.Td>
                <Table.Td>
                  <Checkbox
                    aria-label={`${t('btq.active')} ${l.name}`}
                    checked={l.isActive}
                    disabled={!editable}
                    onChange={(e) => update.mutate({ id: l.id, body: { isActive: e.currentTarget.checked } }, done)}
                  />
                </Table.Td>
                {editable && (
                  <Table.Td>
                    <Group gap={4} wrap="nowrap">
                      <ActionIcon
                        variant="subtle"
                        aria-label={t('btq.moveUp', { name: l.name })}
                        disabled={i === 0}
                        onClick={() => swap(i, i - 1)}
                      >
                        <IconArrowUp size={16} aria-hidden />
                      </ActionIcon>
                      <ActionIcon
                        variant="subtle"
                        aria-label={t('btq.moveDown', { name: l.name })}
                        disabled={i === ids.length - 1}
                        onClick={() => swap(i, i + 1)}
                      >
                        <IconArrowDown size={16} aria-hidden />
                      </ActionIcon>
                      <ActionIcon
                        variant="subtle"
                        aria-label={t('btq.rename', { name: l.name })}
                        onClick={() => setEditing(l)}
                      >
                        <IconPencil size={16} aria-hidden />
                      </ActionIcon>
                      <ActionIcon
                        variant="subtle"
                        color="red"
                        aria-label={t('btq.deleteLevel', { name: l.name })}
                        disabled={l.inUse}
                        onClick={() =>
                          confirmDialog({
                            title: t('btq.deleteLevel', { name: l.name }),
                            text: t('btq.confirmDelete', { name: l.name }),
                            confirm: t('btq.deleteLevel', { name: '' }).trim(),
                            destructive: true,
                            onConfirm: () =>
                              remove.mutate(l.id, { onSuccess: () => notifyDone('deleted'), onError: notifyError }),
                          })
                        }
                      >
                        <IconTrash size={16} aria-hidden />
                      </ActionIcon>
                    </Group>
                  </Table.Td>
                )}
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      {editing && (
        <LevelModal methodId={method.id} level={editing === 'new' ? null : editing} onClose={() => setEditing(null)} />
      )}
    </Paper>
  );
}

const GRADES = ['MUMTAZ', 'JAYYID_JIDDAN', 'JAYYID', 'MAQBUL'] as const;

function CutoffsCard({ unitId }: { unitId: number }) {
  const cutoffs = useCutoffs(unitId);
  if (cutoffs.isPending) return <Skeleton height={120} />;
  if (!cutoffs.data) return null;
  return <CutoffsForm key={cutoffs.dataUpdatedAt} unitId={unitId} initial={cutoffs.data} />;
}

function CutoffsForm({ unitId, initial }: { unitId: number; initial: Record<(typeof GRADES)[number], number> }) {
  const { t } = useTranslation();
  const save = useSaveCutoffs();
  const [v, setV] = useState<Record<string, number | string>>(() =>
    Object.fromEntries(GRADES.map((g) => [g, initial[g]])),
  );
  const [error, setError] = useState<string | null>(null);
  const submit = () => {
    const parsed = BtqCutoffsInput.safeParse({
      unitId,
      ...Object.fromEntries(GRADES.map((g) => [g, num(v[g] ?? '')])),
    });
    if (!parsed.success) return setError(Object.values(issueErrors(parsed.error))[0] ?? null);
    setError(null);
    save.mutate(parsed.data, done);
  };
  return (
    <Paper withBorder p="sm" radius="md">
      <Text component="h2" fw={700} fz="lg">
        {t('btq.cutoffs')}
      </Text>
      <Text size="sm" mb="sm">
        {t('btq.cutoffsHint')}
      </Text>
      <Group align="flex-end">
        {GRADES.map((g) => (
          <NumberInput
            key={g}
            label={t(`btq.grades.${g}`)}
            value={v[g] ?? ''}
            onChange={(n) => setV({ ...v, [g]: n })}
            min={1}
            max={100}
            allowDecimal={false}
            w={120}
          />
        ))}
        <Button onClick={submit} loading={save.isPending}>
          {t('btq.save')}
        </Button>
      </Group>
      {error && (
        <Text c="red.8" size="sm" mt="xs" role="alert">
          {error}
        </Text>
      )}
    </Paper>
  );
}

/** Metode & jilid: methods with ordered levels, and the unit's grade cut-offs. */
export function MethodPage() {
  const { t } = useTranslation();
  const user = useCurrentUser();
  const admin = ALL_UNIT_DIVISIONS.includes(user.division);
  const [unitId, setUnitId] = useState<number | null>(useDefaultUnitId());
  const methods = useMethods(unitId);
  const [adding, setAdding] = useState(false);
  return (
    <>
      <PageTitle
        actions={
          <Button
            leftSection={<IconPlus size={16} aria-hidden />}
            onClick={() => setAdding(true)}
            disabled={admin && unitId === null}
          >
            {t('btq.addMethod')}
          </Button>
        }
      >
        {t('btq.titles.method')}
      </PageTitle>
      <Stack>
        {admin && <UnitSelect value={unitId} onChange={setUnitId} />}
        {methods.isPending ? (
          <Skeleton height={200} />
        ) : methods.data?.items.length ? (
          methods.data.items.map((m) => <MethodCard key={m.id} method={m} editable={admin || m.unitId !== null} />)
        ) : (
          <Text>{t('btq.empty')}</Text>
        )}
        {unitId !== null && <CutoffsCard unitId={unitId} />}
      </Stack>
      {adding && <MethodModal unitId={unitId} onClose={() => setAdding(false)} />}
    </>
  );
}

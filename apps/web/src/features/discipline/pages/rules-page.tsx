import {
  Badge,
  Button,
  Group,
  Modal,
  NumberInput,
  Paper,
  Skeleton,
  Stack,
  Switch,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import {
  ACHIEVEMENT_LEVELS,
  DisciplineThresholdInput,
  SANCTION_KINDS,
  VIOLATION_CATEGORIES,
  ViolationRuleInput,
  type DisciplineSettings,
  type DisciplineThreshold,
  type SanctionKind,
  type ViolationCategory,
  type ViolationRule,
} from '@mms/shared';
import { IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DataList } from '../../../components/data-list/data-list.tsx';
import { RowActions } from '../../../components/data-list/row-actions.tsx';
import { UnitSelect, useDefaultUnitId } from '../../../components/pickers.tsx';
import { PageTitle } from '../../../components/page-title.tsx';
import { useFieldErrors } from '../../../lib/field-errors.ts';
import { notifyDone, notifyError } from '../../../lib/notify.ts';
import { issueErrors } from '../../../lib/validation.ts';
import { useCatalogue, useDeleteThreshold, useSaveRule, useSaveSettings, useSaveThreshold } from '../api.ts';
import { CodeSelect } from '../components/parts.tsx';
import { RulesImportButton } from '../components/rules-import.tsx';

const num = (v: number | string) => (typeof v === 'number' ? v : NaN);

/** What a rule or threshold dialog does once saved: says so and closes. */
const closeOnSaved = (onClose: () => void) => ({
  onSuccess: () => {
    notifyDone('saved');
    onClose();
  },
  onError: notifyError,
});

/** The foot of a rule or threshold dialog: its active switch, cancel and save. */
function ActiveAndSave(props: {
  isActive: boolean;
  onActive: (isActive: boolean) => void;
  onClose: () => void;
  saving: boolean;
  onSave: () => void;
}) {
  const { t } = useTranslation();
  return (
    <>
      <Switch
        label={t('discipline.rules.active')}
        checked={props.isActive}
        onChange={(e) => props.onActive(e.currentTarget.checked)}
      />
      <Group justify="flex-end">
        <Button variant="default" onClick={props.onClose}>
          {t('discipline.cancel')}
        </Button>
        <Button color="green" loading={props.saving} onClick={props.onSave}>
          {t('discipline.save')}
        </Button>
      </Group>
    </>
  );
}

function RuleModal({
  rule,
  unitId,
  onClose,
}: {
  rule: ViolationRule | 'new' | null;
  unitId: number;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const save = useSaveRule();
  const existing = rule && rule !== 'new' ? rule : null;
  const [v, setV] = useState({
    code: existing?.code ?? '',
    name: existing?.name ?? '',
    category: (existing?.category ?? 'RINGAN') as ViolationCategory | null,
    points: (existing?.points ?? 5) as number | string,
    isActive: existing?.isActive ?? true,
  });
  const [errors, setErrors] = useFieldErrors(v);
  const submit = () => {
    const parsed = ViolationRuleInput.safeParse({
      ...v,
      unitId,
      category: v.category ?? undefined,
      points: num(v.points),
    });
    if (!parsed.success) return setErrors(issueErrors(parsed.error, 'first'));
    const { unitId: _unit, ...update } = parsed.data;
    save.mutate(existing ? { id: existing.id, body: update } : { body: parsed.data }, closeOnSaved(onClose));
  };
  return (
    <Modal
      opened={!!rule}
      onClose={onClose}
      title={existing ? t('discipline.rules.editRule') : t('discipline.rules.addRule')}
    >
      <Stack>
        <TextInput
          label={t('discipline.rules.code')}
          value={v.code}
          error={errors.code}
          onChange={(e) => setV({ ...v, code: e.currentTarget.value })}
          required
        />
        <TextInput
          label={t('discipline.rules.name')}
          value={v.name}
          error={errors.name}
          onChange={(e) => setV({ ...v, name: e.currentTarget.value })}
          required
        />
        <CodeSelect
          label={t('discipline.rules.category')}
          codes={VIOLATION_CATEGORIES}
          group="categories"
          value={v.category}
          onChange={(category) => setV({ ...v, category })}
          error={errors.category}
          required
        />
        <NumberInput
          label={t('discipline.points')}
          min={1}
          value={v.points}
          error={errors.points}
          onChange={(points) => setV({ ...v, points })}
          required
        />
        <ActiveAndSave
          isActive={v.isActive}
          onActive={(isActive) => setV({ ...v, isActive })}
          onClose={onClose}
          saving={save.isPending}
          onSave={submit}
        />
      </Stack>
    </Modal>
  );
}

function ThresholdModal({
  threshold,
  unitId,
  onClose,
}: {
  threshold: DisciplineThreshold | 'new' | null;
  unitId: number;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const save = useSaveThreshold();
  const existing = threshold && threshold !== 'new' ? threshold : null;
  const [v, setV] = useState({
    points: (existing?.points ?? 50) as number | string,
    kind: (existing?.kind ?? 'PANGGILAN_1') as SanctionKind | null,
    title: existing?.title ?? '',
    isActive: existing?.isActive ?? true,
  });
  const [errors, setErrors] = useFieldErrors(v);
  const submit = () => {
    const title = v.title.trim() || (v.kind ? t(`discipline.kinds.${v.kind}`) : '');
    const parsed = DisciplineThresholdInput.safeParse({
      ...v,
      unitId,
      title,
      kind: v.kind ?? undefined,
      points: num(v.points),
    });
    if (!parsed.success) return setErrors(issueErrors(parsed.error, 'first'));
    const { unitId: _unit, ...update } = parsed.data;
    save.mutate(existing ? { id: existing.id, body: update } : { body: parsed.data }, closeOnSaved(onClose));
  };
  return (
    <Modal
      opened={!!threshold}
      onClose={onClose}
      title={existing ? t('discipline.rules.editThreshold') : t('discipline.rules.addThreshold')}
    >
      <Stack>
        <NumberInput
          label={t('discipline.rules.thresholdPoints')}
          min={1}
          value={v.points}
          error={errors.points}
          onChange={(points) => setV({ ...v, points })}
          required
        />
        <CodeSelect
          label={t('discipline.rules.kind')}
          codes={SANCTION_KINDS}
          group="kinds"
          value={v.kind}
          onChange={(kind) => setV({ ...v, kind })}
          error={errors.kind}
          w="100%"
          required
        />
        <TextInput
          label={t('discipline.rules.sanctionTitle')}
          placeholder={v.kind ? t(`discipline.kinds.${v.kind}`) : undefined}
          value={v.title}
          error={errors.title}
          onChange={(e) => setV({ ...v, title: e.currentTarget.value })}
        />
        <ActiveAndSave
          isActive={v.isActive}
          onActive={(isActive) => setV({ ...v, isActive })}
          onClose={onClose}
          saving={save.isPending}
          onSave={submit}
        />
      </Stack>
    </Modal>
  );
}

function SettingsForm({ settings }: { settings: DisciplineSettings }) {
  const { t } = useTranslation();
  const save = useSaveSettings();
  const [offset, setOffset] = useState(settings.achievementsOffset);
  const [points, setPoints] = useState<Record<string, number | string>>(settings.pointsByLevel);
  const submit = () =>
    save.mutate(
      {
        unitId: settings.unitId,
        achievementsOffset: offset,
        pointsByLevel: Object.fromEntries(ACHIEVEMENT_LEVELS.map((l) => [l, num(points[l] ?? 0)])),
      },
      { onSuccess: () => notifyDone('saved'), onError: notifyError },
    );
  return (
    <Paper withBorder p="md" radius="md">
      <Stack gap="sm">
        <Title order={2} fz="h4">
          {t('discipline.rules.settings')}
        </Title>
        <Switch
          label={t('discipline.rules.offset')}
          checked={offset}
          onChange={(e) => setOffset(e.currentTarget.checked)}
        />
        <Group wrap="wrap" align="flex-end">
          {ACHIEVEMENT_LEVELS.map((l) => (
            <NumberInput
              key={l}
              label={t(`discipline.levels.${l}`)}
              min={0}
              value={points[l] ?? 0}
              onChange={(x) => setPoints({ ...points, [l]: x })}
              disabled={!offset}
              w={{ base: '100%', xs: 130 }}
            />
          ))}
        </Group>
        <Group>
          <Button color="green" loading={save.isPending} onClick={submit}>
            {t('discipline.rules.saveSettings')}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}

/** The unit's tata tertib (violation types and points), its point thresholds and the achievement setting. */
export function ViolationRulesPage() {
  const { t } = useTranslation();
  const own = useDefaultUnitId();
  const [chosen, setChosen] = useState<number | null>(null);
  // ADMIN and YAYASAN belong to no unit: they choose the unit whose catalogue they keep
  const unitId = own ?? chosen;
  const catalogue = useCatalogue(false, own ? undefined : chosen);
  const remove = useDeleteThreshold();
  const [rule, setRule] = useState<ViolationRule | 'new' | null>(null);
  const [threshold, setThreshold] = useState<DisciplineThreshold | 'new' | null>(null);
  const unitPick = own ? null : <UnitSelect value={chosen} onChange={setChosen} withAsterisk />;
  if (!catalogue.data) {
    return (
      <Stack>
        <PageTitle>{t('discipline.rules.title')}</PageTitle>
        {unitPick}
        {unitId ? <Skeleton height={300} /> : <Text>{t('discipline.rules.chooseUnit')}</Text>}
      </Stack>
    );
  }
  const { rules, thresholds, settings } = catalogue.data;
  return (
    <Stack gap="md">
      <PageTitle>{t('discipline.rules.title')}</PageTitle>
      {unitPick}
      <Paper withBorder p="md" radius="md">
        <Stack gap="sm">
          <Group justify="space-between">
            <Title order={2} fz="h4">
              {t('discipline.rules.thresholds')}
            </Title>
            <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={() => setThreshold('new')}>
              {t('discipline.rules.addThreshold')}
            </Button>
          </Group>
          <DataList<DisciplineThreshold>
            bare
            label={t('discipline.rules.thresholds')}
            records={thresholds}
            columns={[
              { accessor: 'points', title: t('discipline.rules.thresholdPoints'), textAlign: 'right' },
              { accessor: 'kind', title: t('discipline.rules.kind'), render: (x) => t(`discipline.kinds.${x.kind}`) },
              { accessor: 'title', title: t('discipline.rules.sanctionTitle') },
              {
                accessor: 'isActive',
                title: t('discipline.rules.active'),
                render: (x) => (x.isActive ? t('discipline.rules.yes') : t('discipline.rules.no')),
              },
              {
                accessor: '_actions',
                title: '',
                render: (x) => (
                  <RowActions
                    name={`${x.points} ${x.title}`}
                    edit={() => setThreshold(x)}
                    remove={{
                      title: t('discipline.rules.deleteThreshold'),
                      text: t('discipline.rules.deleteThresholdConfirm', { points: x.points }),
                      run: () => remove.mutateAsync(x.id),
                    }}
                  />
                ),
              },
            ]}
          />
        </Stack>
      </Paper>
      <Paper withBorder p="md" radius="md">
        <Stack gap="sm">
          <Group justify="space-between">
            <Title order={2} fz="h4">
              {t('discipline.rules.rules')}
            </Title>
            <Group gap="xs">
              <RulesImportButton />
              <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={() => setRule('new')}>
                {t('discipline.rules.addRule')}
              </Button>
            </Group>
          </Group>
          <DataList<ViolationRule>
            bare
            label={t('discipline.rules.rules')}
            records={rules}
            columns={[
              { accessor: 'code', title: t('discipline.rules.code') },
              { accessor: 'name', title: t('discipline.rules.name') },
              {
                accessor: 'category',
                title: t('discipline.rules.category'),
                render: (r) => (
                  <Badge
                    variant="light"
                    color={r.category === 'BERAT' ? 'red' : r.category === 'SEDANG' ? 'orange' : 'blue'}
                  >
                    {t(`discipline.categories.${r.category}`)}
                  </Badge>
                ),
              },
              { accessor: 'points', title: t('discipline.points'), textAlign: 'right' },
              {
                accessor: 'isActive',
                title: t('discipline.rules.active'),
                render: (r) => (r.isActive ? t('discipline.rules.yes') : t('discipline.rules.no')),
              },
              {
                accessor: '_actions',
                title: '',
                render: (r) => <RowActions name={`${r.code} ${r.name}`} edit={() => setRule(r)} />,
              },
            ]}
          />
        </Stack>
      </Paper>
      <SettingsForm key={settings.unitId} settings={settings} />
      <RuleModal
        key={rule === 'new' ? 'new' : (rule?.id ?? 'none')}
        rule={rule}
        unitId={settings.unitId}
        onClose={() => setRule(null)}
      />
      <ThresholdModal
        key={threshold === 'new' ? 'new' : (threshold?.id ?? 'none')}
        threshold={threshold}
        unitId={settings.unitId}
        onClose={() => setThreshold(null)}
      />
    </Stack>
  );
}

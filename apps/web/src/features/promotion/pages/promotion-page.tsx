import {
  Alert,
  Badge,
  Button,
  Checkbox,
  Group,
  Modal,
  Paper,
  Select,
  Skeleton,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { ALL_UNIT_DIVISIONS, PROMOTION_DECISIONS, type PromotionDecision, type PromotionRun } from '@mms/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DateField } from '../../../components/date-fields.tsx';
import { PageTitle } from '../../../components/page-title.tsx';
import { UnitSelect, useDefaultUnitId } from '../../../components/pickers.tsx';
import { errorText } from '../../../i18n/index.ts';
import { notifyError, notifyInfo } from '../../../lib/notify.ts';
import { useCan } from '../../../lib/permissions.ts';
import { useCurrentUser } from '../../../lib/session.ts';
import { useAcademicYears } from '../../school/api.ts';
import {
  useApplyPromotion,
  useDecidePromotion,
  useInternalWaves,
  useOfferInternal,
  usePromotion,
  useProposePromotion,
  useUndoPromotion,
} from '../api.ts';

type Change = { decision: PromotionDecision; targetClassName: string };
type ClassOfRun = PromotionRun['classes'][number];

/** One class of the source year: its students' decisions, editable by its homeroom teacher and the leaders. */
function ClassDecisions({ run, cls }: { run: PromotionRun; cls: ClassOfRun }) {
  const { t } = useTranslation();
  const decide = useDecidePromotion();
  const [changes, setChanges] = useState<Record<number, Change>>({});
  const options = PROMOTION_DECISIONS.filter((d) => d !== 'GRADUATE' || cls.gradeLevel >= run.finalLevel).map((d) => ({
    value: d,
    label: t(`promotion.${d}`),
  }));
  const changed = Object.keys(changes).length > 0;
  const save = () =>
    decide.mutate(
      {
        id: run.id,
        body: {
          entries: Object.entries(changes).map(([studentId, c]) => ({
            studentId: Number(studentId),
            decision: c.decision,
            ...(c.decision !== 'GRADUATE' && c.targetClassName.trim() ? { targetClassName: c.targetClassName } : {}),
          })),
        },
      },
      {
        onSuccess: () => {
          setChanges({});
          notifyInfo(t('promotion.saved'));
        },
        onError: notifyError,
      },
    );
  return (
    <Paper withBorder p="sm" component="section" data-testid={`promotion-class-${cls.name}`}>
      <Group justify="space-between" mb="xs">
        <Title order={2} fz="h5">
          {cls.name}
        </Title>
        {cls.canDecide && (
          <Button size="xs" onClick={save} disabled={!changed} loading={decide.isPending}>
            {t('promotion.save')}
          </Button>
        )}
      </Group>
      <Table.ScrollContainer minWidth={520}>
        <Table striped>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('promotion.nis')}</Table.Th>
              <Table.Th>{t('promotion.student')}</Table.Th>
              <Table.Th>{t('promotion.decision')}</Table.Th>
              <Table.Th>{t('promotion.targetClass')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {cls.students.map((s) => {
              const c = changes[s.studentId] ?? { decision: s.decision, targetClassName: s.targetClassName ?? '' };
              const set = (next: Partial<Change>) =>
                setChanges((all) => ({ ...all, [s.studentId]: { ...c, ...next } }));
              return (
                <Table.Tr key={s.studentId}>
                  <Table.Td>{s.nis}</Table.Td>
                  <Table.Td>{s.name}</Table.Td>
                  <Table.Td>
                    <Select
                      aria-label={`${t('promotion.decision')} ${s.name}`}
                      data={options}
                      value={c.decision}
                      allowDeselect={false}
                      disabled={!cls.canDecide}
                      onChange={(v) => v && set({ decision: v as PromotionDecision, targetClassName: '' })}
                    />
                  </Table.Td>
                  <Table.Td>
                    {c.decision === 'GRADUATE' ? (
                      '-'
                    ) : (
                      <TextInput
                        aria-label={`${t('promotion.targetClass')} ${s.name}`}
                        value={c.targetClassName}
                        placeholder={s.targetClassName ?? ''}
                        disabled={!cls.canDecide}
                        maxLength={40}
                        onChange={(e) => set({ targetClassName: e.currentTarget.value })}
                      />
                    )}
                  </Table.Td>
                </Table.Tr>
              );
            })}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Paper>
  );
}

/**
 * After the apply, "Tawarkan jalur internal SMP": the graduates get an accepted application each in an internal wave
 * another unit opened for the new year (docs/promotion.md). For the leaders who also decide admissions.
 */
function InternalOffer({ run }: { run: PromotionRun }) {
  const { t } = useTranslation();
  const waves = useInternalWaves(run.id);
  const offer = useOfferInternal();
  const [waveId, setWaveId] = useState<string | null>(null);
  const items = waves.data?.items ?? [];
  const chosen = waveId ?? (items.length === 1 ? String(items[0]!.id) : null);
  return (
    <Paper withBorder p="sm" component="section" data-testid="promotion-internal">
      <Title order={2} fz="h5" mb="xs">
        {t('promotion.internalTitle')}
      </Title>
      <Text size="sm" mb="xs">
        {t('promotion.internalText')}
      </Text>
      {waves.isSuccess && !items.length ? (
        <Text c="dimmed" size="sm">
          {t('promotion.internalNone', { year: run.toYear.name })}
        </Text>
      ) : (
        <Group align="end">
          <Select
            label={t('promotion.internalWave')}
            data={items.map((w) => ({ value: String(w.id), label: `${w.unitName} · ${w.name} (${w.gradeName})` }))}
            value={chosen}
            onChange={setWaveId}
            w={320}
          />
          <Button
            disabled={!chosen}
            loading={offer.isPending}
            onClick={() =>
              offer.mutate(
                { id: run.id, body: { waveId: Number(chosen) } },
                { onSuccess: (res) => notifyInfo(t('promotion.internalDone', res)), onError: notifyError },
              )
            }
          >
            {t('promotion.internalOffer')}
          </Button>
        </Group>
      )}
    </Paper>
  );
}

/** The year-end wizard: choose the years, review each class's proposal, apply, undo (issue 40 §4). */
export function PromotionPage() {
  const { t } = useTranslation();
  const can = useCan();
  const manages = can('promotion.manage');
  // an ADMIN or YAYASAN user is bound to no one unit: they choose it (the server needs one for a promotion)
  const allUnits = ALL_UNIT_DIVISIONS.includes(useCurrentUser().division);
  const [unitId, setUnitId] = useState<number | null>(useDefaultUnitId());
  const years = useAcademicYears();
  const list = [...(years.data?.items ?? [])].sort((a, b) => a.startDate.localeCompare(b.startDate));
  const [fromYearId, setFromYearId] = useState<number | null>(null);
  const [toYearId, setToYearId] = useState<number | null>(null);
  const [graduationDate, setGraduationDate] = useState<string | null>(null);
  const [confirm, setConfirm] = useState<'apply' | 'undo' | null>(null);
  const [copy, setCopy] = useState({ copyHomerooms: true, copyTeaching: true });
  // Until the user picks, the wizard starts from the active school year into the one after it, graduating on the
  // active year's last day: the close a school does at the end of its year
  const fromId = fromYearId ?? list.find((y) => y.isActive)?.id ?? null;
  const fromYear = list.find((y) => y.id === fromId);
  const toId = toYearId ?? (fromYear ? list.find((y) => y.startDate > fromYear.startDate)?.id : undefined) ?? null;
  const graduationOn = graduationDate ?? fromYear?.endDate ?? null;
  const needsUnit = allUnits && unitId === null;
  const run = usePromotion(fromId, allUnits ? unitId : null, !needsUnit);
  const propose = useProposePromotion();
  const apply = useApplyPromotion();
  const undo = useUndoPromotion();
  const pickFrom = (v: string | null) => {
    setFromYearId(v ? Number(v) : null);
    setToYearId(null);
    setGraduationDate(null);
  };
  const r = run.data;
  const yearOptions = list.map((y) => ({ value: String(y.id), label: y.name }));
  return (
    <Stack>
      <PageTitle>{t('promotion.title')}</PageTitle>
      <Group align="end" wrap="wrap">
        {allUnits && <UnitSelect value={unitId} onChange={setUnitId} placeholder={t('promotion.pickUnit')} />}
        <Select
          label={t('promotion.fromYear')}
          data={yearOptions}
          value={fromId ? String(fromId) : null}
          onChange={pickFrom}
          w={200}
        />
        <Select
          label={t('promotion.toYear')}
          data={yearOptions.filter(
            (y) => !fromYear || list.find((l) => String(l.id) === y.value)!.startDate > fromYear.startDate,
          )}
          value={r ? String(r.toYear.id) : toId ? String(toId) : null}
          onChange={(v) => setToYearId(v ? Number(v) : null)}
          disabled={!!r}
          w={200}
        />
        {!r && (
          <DateField
            label={t('promotion.graduationDate')}
            value={graduationOn ?? ''}
            onChange={(v) => setGraduationDate(v)}
          />
        )}
      </Group>
      {needsUnit ? (
        <Text c="dimmed">{t('promotion.pickUnit')}</Text>
      ) : fromId === null ? (
        <Text c="dimmed">{t('promotion.pickYears')}</Text>
      ) : run.isLoading ? (
        <Skeleton h={120} />
      ) : run.isError ? (
        <Alert color="red">{String(run.error.message)}</Alert>
      ) : !r ? (
        <Stack align="start">
          <Text>{t('promotion.none')}</Text>
          {manages && (
            <Button
              disabled={!toId || !graduationOn}
              loading={propose.isPending}
              onClick={() =>
                propose.mutate(
                  {
                    fromYearId: fromId,
                    toYearId: toId!,
                    graduationDate: graduationOn!,
                    ...(allUnits && unitId ? { unitId } : {}),
                  },
                  { onError: notifyError },
                )
              }
            >
              {t('promotion.propose')}
            </Button>
          )}
        </Stack>
      ) : (
        <Stack>
          <Group justify="space-between">
            <Group>
              <Badge color={r.status === 'APPLIED' ? 'green' : 'gray'}>{t(`promotion.status${r.status}`)}</Badge>
              <Text data-testid="promotion-counts">{t('promotion.counts', r.counts)}</Text>
            </Group>
            {manages && r.status === 'DRAFT' && (
              <Button onClick={() => setConfirm('apply')}>{t('promotion.apply')}</Button>
            )}
            {manages && r.status === 'APPLIED' && (
              <Button color="red" variant="light" onClick={() => setConfirm('undo')}>
                {t('promotion.undo')}
              </Button>
            )}
          </Group>
          {!manages && <Text c="dimmed">{t('promotion.readOnly')}</Text>}
          {manages && can('admission.decide') && r.status === 'APPLIED' && r.counts.graduate > 0 && (
            <InternalOffer run={r} />
          )}
          {r.classes.map((cls) => (
            <ClassDecisions key={`${cls.classGroupId}:${r.status}`} run={r} cls={cls} />
          ))}
        </Stack>
      )}
      <Modal
        opened={confirm !== null}
        onClose={() => {
          setConfirm(null);
          apply.reset();
        }}
        title={confirm === 'undo' ? t('promotion.undoTitle') : t('promotion.applyTitle')}
      >
        {r && (
          <Stack>
            <Text>
              {confirm === 'undo'
                ? t('promotion.undoText', { year: r.toYear.name })
                : t('promotion.applyText', { year: r.toYear.name })}
            </Text>
            {confirm === 'apply' && apply.error && (
              <Alert color="red" data-testid="promotion-apply-error">
                {errorText(apply.error)}
              </Alert>
            )}
            {confirm === 'apply' && (
              <>
                <Checkbox
                  label={t('promotion.copyHomerooms')}
                  checked={copy.copyHomerooms}
                  onChange={(e) => setCopy((c) => ({ ...c, copyHomerooms: e.currentTarget.checked }))}
                />
                <Checkbox
                  label={t('promotion.copyTeaching')}
                  checked={copy.copyTeaching}
                  onChange={(e) => setCopy((c) => ({ ...c, copyTeaching: e.currentTarget.checked }))}
                />
              </>
            )}
            <Group justify="end">
              <Button variant="default" onClick={() => setConfirm(null)}>
                {t('promotion.cancel')}
              </Button>
              <Button
                color={confirm === 'undo' ? 'red' : undefined}
                loading={apply.isPending || undo.isPending}
                onClick={() => {
                  const done = () => setConfirm(null);
                  if (confirm === 'undo') {
                    undo.mutate(r.id, {
                      onSuccess: () => {
                        done();
                        notifyInfo(t('promotion.undone'));
                      },
                      onError: notifyError,
                    });
                  } else {
                    apply.mutate(
                      { id: r.id, body: copy },
                      {
                        onSuccess: (res) => {
                          done();
                          notifyInfo(t('promotion.applied', res));
                        },
                      },
                    );
                  }
                }}
              >
                {t('promotion.confirm')}
              </Button>
            </Group>
          </Stack>
        )}
      </Modal>
    </Stack>
  );
}

import '../../../i18n/school/index.ts';
import {
  Button,
  Group,
  NumberInput,
  Pagination,
  Paper,
  Select,
  Skeleton,
  Stack,
  Switch,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { type Prayer, type PrayerRule } from '@mms/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ExportButton } from '../../../components/data-list/export-button.tsx';
import { downloadServerExport } from '../../../components/data-list/export-xlsx.ts';
import { MonthField } from '../../../components/date-fields.tsx';
import { PrintButton, PrintedPaper, printClasses } from '../../../components/print/printed-paper.tsx';
import { serverToday } from '../../../lib/clock.ts';
import { notifyDone, notifyError } from '../../../lib/notify.ts';
import { useCurrentUser } from '../../../lib/session.ts';
import { recapQuery, usePrayerRecap, usePrayerRule, useSavePrayerRule, type RecapFilters } from '../api.ts';
import { CountsTable } from '../components/counts-table.tsx';
import '../../../i18n/list/index.ts';
import { userCan } from '../../../lib/permissions.ts';

const PAGE_SIZE = 25;

/** The unit's threshold rule: leaders (prayer.monitor) of a unit change it here. */
function RuleEditor() {
  const { t } = useTranslation();
  const rule = usePrayerRule(true);
  return (
    <Paper withBorder p="md" radius="md" className={printClasses.noPrint}>
      <Stack gap="xs">
        <Title order={2} fz="h4">
          {t('prayer.rule.title')}
        </Title>
        <Text size="sm">{t('prayer.rule.help')}</Text>
        {rule.data ? <RuleForm key={JSON.stringify(rule.data)} rule={rule.data} /> : <Skeleton height={60} />}
      </Stack>
    </Paper>
  );
}

function RuleForm({ rule }: { rule: PrayerRule }) {
  const { t } = useTranslation();
  const save = useSavePrayerRule();
  const [threshold, setThreshold] = useState<number | string>(rule.threshold);
  const [points, setPoints] = useState<number | string>(rule.points);
  const [active, setActive] = useState(rule.isActive);
  const submit = async () => {
    try {
      await save.mutateAsync({ threshold: Number(threshold), points: Number(points), isActive: active });
      notifyDone('saved');
    } catch (e) {
      notifyError(e);
    }
  };
  return (
    <Group align="flex-end" wrap="wrap">
      <NumberInput
        label={t('prayer.rule.threshold')}
        value={threshold}
        onChange={setThreshold}
        min={0}
        max={62}
        w={240}
      />
      <NumberInput label={t('prayer.rule.points')} value={points} onChange={setPoints} min={1} max={1000} w={120} />
      <Switch label={t('prayer.rule.active')} checked={active} onChange={(e) => setActive(e.currentTarget.checked)} />
      <Button onClick={() => void submit()} loading={save.isPending}>
        {t('prayer.rule.save')}
      </Button>
    </Group>
  );
}

/** Rekap salat: counts per status per student, class and grade of a month; filters, pages, Excel and print. */
export function PrayerRecapPage() {
  const { t } = useTranslation();
  const user = useCurrentUser();
  const [month, setMonth] = useState(serverToday().slice(0, 7));
  const [prayer, setPrayer] = useState<Prayer | undefined>();
  const [gradeId, setGradeId] = useState<number | undefined>();
  const [classGroupId, setClassGroupId] = useState<number | undefined>();
  const [q, setQ] = useState('');
  const [page, setPage] = useState(1);
  const filters: RecapFilters = {
    month,
    prayer,
    gradeId,
    classGroupId,
    q: q.trim() || undefined,
    page,
    pageSize: PAGE_SIZE,
  };
  const recap = usePrayerRecap(filters);
  // the grade choices: every grade with records in the month; the class choices: its classes (of the grade chosen)
  const choices = usePrayerRecap({ month, prayer, page: 1, pageSize: 1 });
  const classChoices = usePrayerRecap({ month, prayer, gradeId, page: 1, pageSize: 1 });
  const gradeName = choices.data?.byGrade.find((g) => g.gradeId === gradeId)?.gradeName;
  const data = recap.data;
  const reset = () => setPage(1);

  const controls = (
    <Group align="flex-end" wrap="wrap" mb="sm">
      <MonthField label={t('prayer.month')} value={month} onChange={(v) => (setMonth(v), reset())} />
      <Select
        label={t('prayer.prayer')}
        value={prayer ?? ''}
        onChange={(v) => (setPrayer((v || undefined) as Prayer | undefined), reset())}
        data={[
          { value: '', label: t('prayer.allPrayers') },
          { value: 'DZUHUR', label: t('prayer.prayers.DZUHUR') },
          { value: 'ASHAR', label: t('prayer.prayers.ASHAR') },
        ]}
        allowDeselect={false}
        w={{ base: '100%', xs: 200 }}
      />
      <Select
        label={t('prayer.recap.grade')}
        value={gradeId ? String(gradeId) : ''}
        onChange={(v) => (setGradeId(v ? Number(v) : undefined), setClassGroupId(undefined), reset())}
        data={[
          { value: '', label: t('prayer.allGrades') },
          ...(choices.data?.byGrade ?? []).map((g) => ({ value: String(g.gradeId), label: g.gradeName })),
        ]}
        allowDeselect={false}
        w={{ base: '100%', xs: 160 }}
      />
      <Select
        label={t('prayer.class')}
        value={classGroupId ? String(classGroupId) : ''}
        onChange={(v) => (setClassGroupId(v ? Number(v) : undefined), reset())}
        data={[
          { value: '', label: t('prayer.allClasses') },
          ...(classChoices.data?.byClass ?? []).map((c) => ({ value: String(c.classGroupId), label: c.className })),
        ]}
        allowDeselect={false}
        w={{ base: '100%', xs: 160 }}
      />
      <TextInput
        label={t('prayer.search')}
        value={q}
        onChange={(e) => (setQ(e.currentTarget.value), reset())}
        w={{ base: '100%', xs: 220 }}
      />
    </Group>
  );

  return (
    <Stack gap="md">
      {userCan(user, 'prayer.monitor') && user.unit && <RuleEditor />}
      <PrintedPaper
        unitId={user.unit?.id ?? null}
        title={t('prayer.recap.title')}
        subtitle={`${t('prayer.month')}: ${month}${prayer ? ` · ${t(`prayer.prayers.${prayer}`)}` : ''}${gradeName ? ` · ${gradeName}` : ''}`}
        actions={
          <Group gap="xs">
            <PrintButton />
            <ExportButton
              onExport={() =>
                downloadServerExport('/prayer/recap', recapQuery({ ...filters, page: 1 }), `rekap-salat-${month}.xlsx`)
              }
            />
          </Group>
        }
        controls={controls}
        signed={!!data && data.students.total > 0}
      >
        {!data ? (
          <Skeleton height={200} />
        ) : data.students.total === 0 ? (
          <Text>{t('prayer.empty')}</Text>
        ) : (
          <Stack gap="md" mt="md">
            <Title order={2} fz="h4">
              {t('prayer.recap.byClass')}
            </Title>
            <CountsTable
              label={t('prayer.recap.byClass')}
              head={t('prayer.class')}
              rows={data.byClass.map((c) => ({ key: c.classGroupId, name: c.className, ...c }))}
              total={{ key: 'total', name: t('prayer.recap.total'), ...data.total }}
            />
            <Title order={2} fz="h4">
              {t('prayer.recap.byGrade')}
            </Title>
            <CountsTable
              label={t('prayer.recap.byGrade')}
              head={t('prayer.recap.grade')}
              rows={data.byGrade.map((g) => ({ key: g.gradeId, name: g.gradeName, ...g }))}
            />
            <Title order={2} fz="h4">
              {t('prayer.recap.byStudent')}
            </Title>
            <CountsTable
              label={t('prayer.recap.byStudent')}
              head={t('prayer.student')}
              rows={data.students.items.map((s) => ({
                ...s,
                key: `${s.studentId}-${s.className}`,
                name: `${s.name} (${s.className})`,
              }))}
            />
            {data.students.total > PAGE_SIZE && (
              <Pagination
                className={printClasses.noPrint}
                total={Math.ceil(data.students.total / PAGE_SIZE)}
                value={page}
                onChange={setPage}
                getControlProps={(control) => ({ 'aria-label': t(`list.pageControl.${control}`) })}
              />
            )}
          </Stack>
        )}
      </PrintedPaper>
    </Stack>
  );
}

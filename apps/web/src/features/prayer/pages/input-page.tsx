import { Alert, Button, Group, Paper, SegmentedControl, Select, Skeleton, Stack, Text } from '@mantine/core';
import {
  PRAYER_STATUSES,
  UDZUR_REASONS,
  type Prayer,
  type PrayerSaveResult,
  type PrayerSheetRow,
  type PrayerStatus,
  type UdzurReason,
} from '@mms/shared';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DateField } from '../../../components/date-fields.tsx';
import { PageTitle } from '../../../components/page-title.tsx';
import { isApiError } from '../../../lib/api.ts';
import { serverToday } from '../../../lib/clock.ts';
import { notifyError, notifyInfo } from '../../../lib/notify.ts';
import { usePrayerClasses, usePrayerSheet, useSavePrayers } from '../api.ts';

type Entry = { status: PrayerStatus | null; reason: UdzurReason | null };

const timeText = (iso: string) =>
  new Intl.DateTimeFormat('id-ID', {
    timeZone: 'Asia/Jakarta',
    day: 'numeric',
    month: 'short',
    hour: '2-digit',
    minute: '2-digit',
  }).format(new Date(iso));

/** One student: their name, who recorded them, one tap for the status and, when excused, the reason. */
function StudentRow({ row, entry, onChange }: { row: PrayerSheetRow; entry: Entry; onChange: (e: Entry) => void }) {
  const { t } = useTranslation();
  const reasons = UDZUR_REASONS.filter((r) => r !== 'HAID' || row.gender === 'P');
  return (
    <Paper withBorder p="xs" radius="sm" data-testid={`prayer-row-${row.studentId}`}>
      <Stack gap={4}>
        <Group justify="space-between" gap="xs" wrap="nowrap">
          <Text fw={600} size="sm" id={`prayer-student-${row.studentId}`}>
            {row.name}
          </Text>
          <Text size="xs">
            {row.recordedBy && row.recordedAt
              ? t('prayer.input.recordedBy', { name: row.recordedBy, time: timeText(row.recordedAt) })
              : t('prayer.input.notRecorded')}
          </Text>
        </Group>
        <SegmentedControl
          fullWidth
          size="xs"
          aria-labelledby={`prayer-student-${row.studentId}`}
          value={entry.status ?? ''}
          onChange={(v) =>
            onChange({ status: v as PrayerStatus, reason: v === 'UDZUR' ? (entry.reason ?? reasons[0]!) : null })
          }
          data={PRAYER_STATUSES.map((s) => ({ value: s, label: t(`prayer.short.${s}`) }))}
        />
        {entry.status === 'UDZUR' && (
          <SegmentedControl
            fullWidth
            size="xs"
            aria-label={`${t('prayer.reason')} ${row.name}`}
            value={entry.reason ?? ''}
            onChange={(v) => onChange({ status: 'UDZUR', reason: v as UdzurReason })}
            data={reasons.map((r) => ({ value: r, label: t(`prayer.reasons.${r}`) }))}
          />
        )}
      </Stack>
    </Paper>
  );
}

/**
 * Input salat: a class, a school day (today by the server's clock) and a prayer; the whole class on one phone
 * screen, "semua berjamaah" then the exceptions, saved once.
 */
export function PrayerInputPage() {
  const { t } = useTranslation();
  const classes = usePrayerClasses();
  const [chosenClass, setClassGroupId] = useState<number | null>(null);
  const classGroupId = chosenClass ?? classes.data?.classes[0]?.id ?? null;
  const [date, setDate] = useState(serverToday());
  const [prayer, setPrayer] = useState<Prayer>('DZUHUR');
  const sheet = usePrayerSheet(classGroupId, date, prayer);
  const save = useSavePrayers();
  // the taps of this sheet (class, day, prayer, as loaded); another sheet starts from its saved records
  const sheetKey = `${classGroupId}|${date}|${prayer}|${sheet.dataUpdatedAt}`;
  const [edits, setEdits] = useState<{ key: string; entries: Record<number, Entry> }>({ key: '', entries: {} });
  const [saved, setSaved] = useState<{ key: string; result: PrayerSaveResult } | null>(null);
  const entries: Record<number, Entry> =
    edits.key === sheetKey
      ? edits.entries
      : Object.fromEntries((sheet.data?.rows ?? []).map((r) => [r.studentId, { status: r.status, reason: r.reason }]));
  const setEntries = (next: (prev: Record<number, Entry>) => Record<number, Entry>) =>
    setEdits({ key: sheetKey, entries: next(entries) });
  const sameSheet = (key: string) => key.split('|').slice(0, 3).join('|') === sheetKey.split('|').slice(0, 3).join('|');
  const result = saved && sameSheet(saved.key) ? saved.result : null;

  const options = useMemo(() => {
    const list = classes.data?.classes ?? [];
    const group = (own: boolean) =>
      list.filter((c) => c.own === own).map((c) => ({ value: String(c.id), label: c.name }));
    return [
      { group: t('prayer.ownClasses'), items: group(true) },
      { group: t('prayer.otherClasses'), items: group(false) },
    ].filter((g) => g.items.length > 0);
  }, [classes.data, t]);

  const rows = sheet.data?.rows ?? [];
  const unset = rows.filter((r) => !entries[r.studentId]?.status).length;

  const submit = async () => {
    if (!sheet.data) return;
    const records = rows
      .filter((r) => entries[r.studentId]?.status)
      .map((r) => ({
        studentId: r.studentId,
        status: entries[r.studentId]!.status!,
        reason: entries[r.studentId]!.reason,
      }));
    try {
      const result = await save.mutateAsync({ classGroupId: sheet.data.classGroupId, date, prayer, records });
      notifyInfo(t('prayer.input.saved', { count: result.saved }));
      setSaved({ key: sheetKey, result });
    } catch (e) {
      notifyError(e);
    }
  };

  return (
    <Stack gap="sm" maw={640}>
      <PageTitle>{t('prayer.input.title')}</PageTitle>
      <Stack gap="xs">
        <Select
          label={t('prayer.class')}
          data={options}
          value={classGroupId === null ? null : String(classGroupId)}
          onChange={(v) => setClassGroupId(v ? Number(v) : null)}
          searchable
          allowDeselect={false}
        />
        <DateField label={t('prayer.date')} value={date} max={serverToday()} onChange={(v) => v && setDate(v)} />
        <SegmentedControl
          fullWidth
          aria-label={t('prayer.prayer')}
          value={prayer}
          onChange={(v) => setPrayer(v as Prayer)}
          data={(['DZUHUR', 'ASHAR'] as const).map((p) => ({ value: p, label: t(`prayer.prayers.${p}`) }))}
        />
      </Stack>
      {classGroupId === null ? (
        classes.isLoading ? (
          <Skeleton height={120} />
        ) : (
          <Text>{t('prayer.chooseClass')}</Text>
        )
      ) : sheet.isError ? (
        <Alert color="red" role="alert">
          {isApiError(sheet.error) ? sheet.error.message : String(sheet.error)}
        </Alert>
      ) : !sheet.data ? (
        <Skeleton height={240} />
      ) : rows.length === 0 ? (
        <Text>{t('prayer.empty')}</Text>
      ) : (
        <>
          <Button
            variant="light"
            onClick={() =>
              setEntries(() =>
                Object.fromEntries(rows.map((r) => [r.studentId, { status: 'BERJAMAAH' as const, reason: null }])),
              )
            }
          >
            {t('prayer.input.allCongregation')}
          </Button>
          <Stack gap={6}>
            {rows.map((r) => (
              <StudentRow
                key={r.studentId}
                row={r}
                entry={entries[r.studentId] ?? { status: null, reason: null }}
                onChange={(e) => setEntries((prev) => ({ ...prev, [r.studentId]: e }))}
              />
            ))}
          </Stack>
          {unset > 0 && <Text size="sm">{t('prayer.input.unset', { count: unset })}</Text>}
          <Button onClick={() => void submit()} loading={save.isPending} disabled={unset === rows.length}>
            {t('prayer.input.save')}
          </Button>
          {result && (
            <Alert color="green" role="status">
              <Text size="sm">{t('prayer.input.saved', { count: result.saved })}</Text>
              {result.points.map((p) => (
                <Text key={p.studentId} size="sm">
                  {t('prayer.input.points', { name: p.name, points: p.points })}
                </Text>
              ))}
            </Alert>
          )}
        </>
      )}
    </Stack>
  );
}

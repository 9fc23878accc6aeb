import {
  Badge,
  Button,
  Drawer,
  Group,
  NumberInput,
  Paper,
  Select,
  SimpleGrid,
  Skeleton,
  Stack,
  Table,
  Text,
  TextInput,
} from '@mantine/core';
import {
  btqGradeOfRows,
  type BtqBatchInput,
  type BtqProgressEntry,
  type BtqSheet,
  type BtqSheetRow,
} from '@mms/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DateField } from '../../../components/date-fields.tsx';
import { PageTitle } from '../../../components/page-title.tsx';
import { isApiError } from '../../../lib/api.ts';
import { serverToday } from '../../../lib/clock.ts';
import { confirmDialog } from '../../../lib/dialogs.tsx';
import { dateText } from '../../../lib/display.ts';
import { notifyError, notifyInfo } from '../../../lib/notify.ts';
import { useBtqGroups, useBtqHistory, useBtqSheet, usePropose, useSaveEntries } from '../api.ts';

type Num = number | '';
interface Draft {
  kind: 'READING' | 'ZIYADAH' | 'MUROJAAH';
  pageFrom: Num;
  pageTo: Num;
  juz: Num;
  surah: Num;
  ayatFrom: Num;
  ayatTo: Num;
  score: Num;
  note: string;
}

const num = (v: number | null | undefined): Num => (v === null || v === undefined ? '' : v);
const val = (v: Num) => (v === '' ? null : v);

function draftOf(row: BtqSheetRow): Draft {
  const e = row.entries[0];
  const tahfidz = row.level?.methodKind === 'TAHFIDZ';
  return {
    kind: e?.kind ?? (tahfidz ? 'ZIYADAH' : 'READING'),
    pageFrom: e ? num(e.pageFrom) : num(row.suggestedPageFrom),
    pageTo: num(e?.pageTo),
    juz: num(e?.juz),
    surah: num(e?.surah),
    ayatFrom: num(e?.ayatFrom),
    ayatTo: num(e?.ayatTo),
    score: num(e?.score),
    note: e?.note ?? '',
  };
}

/** What a row sends: nothing when the ustadz left it empty. */
function entryOf(row: BtqSheetRow, d: Draft): BtqBatchInput['entries'][number] | null {
  const base = { studentId: row.studentId, kind: d.kind, score: val(d.score), note: d.note.trim() || null };
  if (row.level?.methodKind === 'TAHFIDZ') {
    if (d.surah === '' && d.ayatTo === '') return null;
    return { ...base, juz: val(d.juz), surah: val(d.surah), ayatFrom: val(d.ayatFrom), ayatTo: val(d.ayatTo) };
  }
  if (d.pageTo === '') return null;
  return { ...base, kind: 'READING', pageFrom: val(d.pageFrom), pageTo: val(d.pageTo) };
}

export function entryText(e: BtqProgressEntry, t: (k: string) => string): string {
  if (e.pageFrom !== null) return `${t('btqProgress.pages')} ${e.pageFrom}–${e.pageTo}`;
  return `${t(`btqProgress.kinds.${e.kind}`)} QS ${e.surah}:${e.ayatFrom}–${e.ayatTo}`;
}

function RowCard(p: {
  row: BtqSheetRow;
  draft: Draft;
  error: string | undefined;
  cutoffs: BtqSheet['cutoffs'];
  onChange: (d: Draft) => void;
  onHistory: () => void;
  onPropose: () => void;
}) {
  const { t } = useTranslation();
  const { row, draft, cutoffs } = p;
  const set = (patch: Partial<Draft>) => p.onChange({ ...draft, ...patch });
  const n = (v: string | number): Num => (typeof v === 'number' ? v : '');
  const grade = draft.score === '' ? null : btqGradeOfRows(draft.score, cutoffs);
  const label = (what: string) => `${what} — ${row.name}`;
  return (
    <Paper withBorder p="sm" radius="md" component="section" aria-label={row.name}>
      <Group justify="space-between" gap="xs" wrap="wrap">
        <Text fw={600}>{row.name}</Text>
        <Badge variant="light">{row.level ? row.level.name : t('btqProgress.noLevel')}</Badge>
      </Group>
      {row.lastEntry && (
        <Text size="sm">
          {t('btqProgress.last', { what: `${entryText(row.lastEntry, t)} (${dateText(row.lastEntry.date, 'short')})` })}
          {row.level?.pages ? ` · ${t('btqProgress.ofPages', { pages: row.level.pages })}` : ''}
        </Text>
      )}
      {row.level && (
        <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="xs" mt="xs">
          {row.level.methodKind === 'READING' ? (
            <>
              <NumberInput
                label={t('btqProgress.pageFrom')}
                aria-label={label(t('btqProgress.pageFrom'))}
                min={1}
                max={row.level.pages ?? undefined}
                value={draft.pageFrom}
                onChange={(v) => set({ pageFrom: n(v) })}
              />
              <NumberInput
                label={t('btqProgress.pageTo')}
                aria-label={label(t('btqProgress.pageTo'))}
                min={1}
                value={draft.pageTo}
                onChange={(v) => set({ pageTo: n(v) })}
              />
            </>
          ) : (
            <>
              <Select
                label={t('btqProgress.kind')}
                aria-label={label(t('btqProgress.kind'))}
                data={(['ZIYADAH', 'MUROJAAH'] as const).map((k) => ({ value: k, label: t(`btqProgress.kinds.${k}`) }))}
                value={draft.kind}
                allowDeselect={false}
                onChange={(v) => v && set({ kind: v as Draft['kind'] })}
              />
              <NumberInput
                label={t('btqProgress.juz')}
                aria-label={label(t('btqProgress.juz'))}
                min={1}
                max={30}
                value={draft.juz}
                onChange={(v) => set({ juz: n(v) })}
              />
              <NumberInput
                label={t('btqProgress.surah')}
                aria-label={label(t('btqProgress.surah'))}
                min={1}
                max={114}
                value={draft.surah}
                onChange={(v) => set({ surah: n(v) })}
              />
              <NumberInput
                label={t('btqProgress.ayatFrom')}
                aria-label={label(t('btqProgress.ayatFrom'))}
                min={1}
                value={draft.ayatFrom}
                onChange={(v) => set({ ayatFrom: n(v) })}
              />
              <NumberInput
                label={t('btqProgress.ayatTo')}
                aria-label={label(t('btqProgress.ayatTo'))}
                min={1}
                value={draft.ayatTo}
                onChange={(v) => set({ ayatTo: n(v) })}
              />
            </>
          )}
          <NumberInput
            label={t('btqProgress.score')}
            aria-label={label(t('btqProgress.score'))}
            min={0}
            max={100}
            value={draft.score}
            onChange={(v) => set({ score: n(v) })}
            rightSectionWidth={0}
          />
          <TextInput
            label={t('btqProgress.note')}
            aria-label={label(t('btqProgress.note'))}
            value={draft.note}
            onChange={(e) => set({ note: e.currentTarget.value })}
          />
        </SimpleGrid>
      )}
      {grade && (
        <Text size="sm" mt={4} aria-live="polite">
          {t('btqProgress.grade')}: <b>{t(`btqProgress.grades.${grade}`)}</b>
        </Text>
      )}
      {p.error && (
        <Text c="red.8" size="sm" role="alert" mt={4}>
          {p.error}
        </Text>
      )}
      <Group gap="xs" mt="xs">
        <Button size="xs" variant="default" onClick={p.onHistory}>
          {t('btqProgress.history')}
        </Button>
        {row.canPropose && (
          <Button size="xs" color="green" onClick={p.onPropose}>
            {t('btqProgress.propose')}
          </Button>
        )}
        {row.openPromotionStatus && <Badge color="grape">{t(`btqProgress.statuses.${row.openPromotionStatus}`)}</Badge>}
      </Group>
    </Paper>
  );
}

function HistoryDrawer({ studentId, onClose }: { studentId: number | null; onClose: () => void }) {
  const { t } = useTranslation();
  const history = useBtqHistory(studentId);
  const data = history.data;
  return (
    <Drawer
      opened={studentId !== null}
      onClose={onClose}
      position="bottom"
      size="80%"
      title={data ? t('btqProgress.historyTitle', { name: data.name }) : t('btqProgress.history')}
    >
      {!data ? (
        <Skeleton height={160} />
      ) : data.entries.length === 0 ? (
        <Text>{t('btqProgress.empty')}</Text>
      ) : (
        <EntryTable entries={data.entries} label={t('btqProgress.history')} />
      )}
    </Drawer>
  );
}

export function EntryTable({ entries, label }: { entries: BtqProgressEntry[]; label: string }) {
  const { t } = useTranslation();
  return (
    <Table.ScrollContainer minWidth={320}>
      <Table striped aria-label={label}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('btqProgress.date')}</Table.Th>
            <Table.Th>{t('btqProgress.level')}</Table.Th>
            <Table.Th>{t('btqProgress.kind')}</Table.Th>
            <Table.Th ta="right">{t('btqProgress.score')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {entries.map((e) => (
            <Table.Tr key={e.id}>
              <Table.Td>{dateText(e.date, 'short')}</Table.Td>
              <Table.Td>{e.levelName}</Table.Td>
              <Table.Td>{entryText(e, t)}</Table.Td>
              <Table.Td ta="right">
                {e.score ?? '–'}
                {e.grade ? ` (${t(`btqProgress.grades.${e.grade}`)})` : ''}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/** The rows of one sheet and their drafts; keyed by the loaded sheet, so a new answer starts fresh drafts. */
function SheetForm({ sheet, groupId, date }: { sheet: BtqSheet; groupId: number; date: string }) {
  const { t } = useTranslation();
  const [drafts, setDrafts] = useState<Record<number, Draft>>(() =>
    Object.fromEntries(sheet.rows.map((r) => [r.studentId, draftOf(r)])),
  );
  const [errors, setErrors] = useState<Record<number, string>>({});
  const [historyOf, setHistoryOf] = useState<number | null>(null);
  const save = useSaveEntries();
  const propose = usePropose();
  const rows = sheet.rows;

  const submit = () => {
    const sent = rows
      .map((r) => ({ row: r, entry: drafts[r.studentId] && entryOf(r, drafts[r.studentId]!) }))
      .filter((x) => x.entry);
    save.mutate(
      { groupId, date, entries: sent.map((x) => x.entry!) },
      {
        onSuccess: (res) => {
          setErrors({});
          notifyInfo(t('btqProgress.saved', { count: res.saved }));
        },
        onError: (e) => {
          if (isApiError(e) && Object.keys(e.fields).length) {
            const byRow: Record<number, string> = {};
            for (const [key, message] of Object.entries(e.fields)) {
              const i = Number(key.split('.')[1]);
              const row = sent[i]?.row;
              if (row) byRow[row.studentId] = byRow[row.studentId] ?? message;
            }
            setErrors(byRow);
          }
          notifyError(e);
        },
      },
    );
  };
  const onPropose = (row: BtqSheetRow) =>
    confirmDialog({
      title: t('btqProgress.propose'),
      text: t('btqProgress.proposeConfirm', { name: row.name }),
      confirm: t('btqProgress.propose'),
      onConfirm: () =>
        propose.mutate(row.studentId, { onSuccess: () => notifyInfo(t('btqProgress.proposed')), onError: notifyError }),
    });

  return (
    <>
      {rows.length === 0 && <Text>{t('btqProgress.noMembers')}</Text>}
      {rows.map((row) => (
        <RowCard
          key={row.studentId}
          row={row}
          draft={drafts[row.studentId] ?? draftOf(row)}
          error={errors[row.studentId]}
          cutoffs={sheet.cutoffs}
          onChange={(d) => setDrafts((all) => ({ ...all, [row.studentId]: d }))}
          onHistory={() => setHistoryOf(row.studentId)}
          onPropose={() => onPropose(row)}
        />
      ))}
      {rows.length > 0 && (
        <Button onClick={submit} loading={save.isPending} fullWidth>
          {t('btqProgress.saveAll')}
        </Button>
      )}
      <HistoryDrawer studentId={historyOf} onClose={() => setHistoryOf(null)} />
    </>
  );
}

/** The ustadz's group entry: the whole halaqah on one screen, saved at once. */
export function BtqProgressPage() {
  const { t } = useTranslation();
  const groups = useBtqGroups();
  const [chosen, setChosen] = useState<number | null>(null);
  const groupId = chosen ?? groups.data?.[0]?.id ?? null;
  const [date, setDate] = useState(serverToday());
  const sheet = useBtqSheet(groupId, date);

  return (
    <Stack gap="sm">
      <PageTitle>{t('btqProgress.title')}</PageTitle>
      {groups.data && groups.data.length === 0 ? (
        <Text>{t('btqProgress.noGroups')}</Text>
      ) : (
        <Group align="flex-end" gap="sm" wrap="wrap">
          <Select
            label={t('btqProgress.group')}
            placeholder={t('btqProgress.chooseGroup')}
            data={(groups.data ?? []).map((g) => ({ value: String(g.id), label: `${g.name} (${g.teacherName})` }))}
            value={groupId === null ? null : String(groupId)}
            onChange={(v) => setChosen(v ? Number(v) : null)}
            allowDeselect={false}
            w={{ base: '100%', xs: 280 }}
          />
          <DateField label={t('btqProgress.date')} value={date} max={serverToday()} onChange={(v) => v && setDate(v)} />
        </Group>
      )}
      {groupId !== null && !sheet.data && <Skeleton height={240} />}
      {sheet.data && groupId !== null && (
        <SheetForm key={`${groupId}-${date}-${sheet.dataUpdatedAt}`} sheet={sheet.data} groupId={groupId} date={date} />
      )}
    </Stack>
  );
}

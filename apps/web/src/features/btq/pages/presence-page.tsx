import {
  Alert,
  Button,
  Group,
  Paper,
  SegmentedControl,
  Select,
  Skeleton,
  Stack,
  Table,
  Text,
  TextInput,
} from '@mantine/core';
import { BTQ_PRESENCE_STATUSES, type BtqGroup, type BtqPresenceSheet, type BtqPresenceStatus } from '@mms/shared';
import { IconChecks } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ExportButton } from '../../../components/data-list/export-button.tsx';
import { downloadServerExport } from '../../../components/data-list/export-xlsx.ts';
import { DateField, MonthField } from '../../../components/date-fields.tsx';
import { PageTitle } from '../../../components/page-title.tsx';
import { useDefaultUnitId } from '../../../components/pickers.tsx';
import { serverToday } from '../../../lib/clock.ts';
import { dateText } from '../../../lib/display.ts';
import { notifyDone, notifyError } from '../../../lib/notify.ts';
import { useGroups, usePresenceRecap, usePresenceSheet, useSavePresence } from '../api.ts';

/** The group picker of the presence screens: an ustadz gets only their own groups from the server. */
function GroupPick({
  groups,
  value,
  onChange,
}: {
  groups: BtqGroup[];
  value: number | null;
  onChange: (id: number | null) => void;
}) {
  const { t } = useTranslation();
  return (
    <Select
      label={t('btq.group')}
      placeholder={t('btq.chooseGroup')}
      data={groups.map((g) => ({ value: String(g.id), label: `${g.name} – ${g.teacherName}` }))}
      value={value ? String(value) : null}
      onChange={(v) => onChange(v ? Number(v) : null)}
      nothingFoundMessage={t('btq.noGroups')}
      searchable
      size="md"
      w={{ base: '100%', sm: 320 }}
    />
  );
}

function PresenceSheet({ groupId, date }: { groupId: number; date: string }) {
  const { t } = useTranslation();
  const sheet = usePresenceSheet(groupId, date);
  if (sheet.isPending) return <Skeleton height={160} />;
  if (!sheet.data) return null;
  if (!sheet.data.schoolDay) return <Alert color="orange">{t('btq.notSchoolDay')}</Alert>;
  if (sheet.data.items.length === 0) return <Text>{t('btq.noMembers')}</Text>;
  // a fresh form for every answer of the server: the marks start from what is recorded
  return <SheetForm key={sheet.dataUpdatedAt} sheet={sheet.data} />;
}

function SheetForm({ sheet }: { sheet: BtqPresenceSheet }) {
  const { t } = useTranslation();
  const save = useSavePresence();
  const items = sheet.items;
  const { groupId, date } = { groupId: sheet.group.id, date: sheet.date };
  const [marks, setMarks] = useState<Record<number, BtqPresenceStatus>>(() =>
    Object.fromEntries(items.filter((i) => i.status).map((i) => [i.studentId, i.status!])),
  );
  // a note per student (the izin/sakit reason), kept from what is recorded
  const [notes, setNotes] = useState<Record<number, string>>(() =>
    Object.fromEntries(items.filter((i) => i.note).map((i) => [i.studentId, i.note!])),
  );
  const complete = items.every((i) => marks[i.studentId]);
  const submit = () =>
    save.mutate(
      {
        groupId,
        date,
        entries: items.map((i) => ({
          studentId: i.studentId,
          status: marks[i.studentId]!,
          note: notes[i.studentId]?.trim() || null,
        })),
      },
      { onSuccess: () => notifyDone('saved'), onError: notifyError },
    );
  return (
    <Stack gap="sm">
      {sheet.recorded && <Alert color="blue">{t('btq.recorded')}</Alert>}
      <Button
        size="md"
        variant="light"
        leftSection={<IconChecks size={18} aria-hidden />}
        onClick={() => setMarks(Object.fromEntries(items.map((i) => [i.studentId, 'HADIR' as const])))}
      >
        {t('btq.allPresent')}
      </Button>
      {items.map((i) => (
        <Paper key={i.studentId} withBorder p="sm" radius="md">
          <Text fw={600} id={`btq-student-${i.studentId}`}>
            {i.name}
          </Text>
          <Text size="sm">{i.nis}</Text>
          <SegmentedControl
            mt="xs"
            fullWidth
            size="md"
            aria-labelledby={`btq-student-${i.studentId}`}
            role="radiogroup"
            value={marks[i.studentId] ?? ''}
            onChange={(v) => setMarks((m) => ({ ...m, [i.studentId]: v as BtqPresenceStatus }))}
            data={BTQ_PRESENCE_STATUSES.map((s) => ({ value: s, label: t(`btq.statuses.${s}`) }))}
          />
          {(notes[i.studentId] || (marks[i.studentId] && marks[i.studentId] !== 'HADIR')) && (
            <TextInput
              mt="xs"
              size="md"
              label={`${t('btq.note')} — ${i.name}`}
              placeholder={t('btq.notePlaceholder')}
              maxLength={200}
              value={notes[i.studentId] ?? ''}
              onChange={(e) => {
                const v = e.currentTarget.value;
                setNotes((n) => ({ ...n, [i.studentId]: v }));
              }}
            />
          )}
        </Paper>
      ))}
      <Button size="md" onClick={submit} disabled={!complete} loading={save.isPending}>
        {t('btq.save')}
      </Button>
    </Stack>
  );
}

function PresenceRecap({ groupId }: { groupId: number }) {
  const { t } = useTranslation();
  const [month, setMonth] = useState(serverToday().slice(0, 7));
  const recap = usePresenceRecap(groupId, month);
  return (
    <Paper withBorder p="sm" radius="md" mt="lg">
      <Text component="h2" fw={700} fz="lg" mb="sm">
        {t('btq.titles.recap')}
      </Text>
      <Group align="flex-end" mb="sm">
        <MonthField label={t('btq.month')} value={month} onChange={setMonth} />
        <ExportButton
          label={t('btq.export')}
          onExport={() => downloadServerExport('/btq/presence/recap', { groupId, month }, `presensi-btq-${month}.xlsx`)}
        />
      </Group>
      {recap.isPending ? (
        <Skeleton height={80} />
      ) : recap.data && recap.data.items.length ? (
        <Table.ScrollContainer minWidth={420}>
          <Text size="sm" mb="xs">
            {t('btq.sessions', { count: recap.data.sessions })}
          </Text>
          <Table striped>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('btq.student')}</Table.Th>
                {BTQ_PRESENCE_STATUSES.map((s) => (
                  <Table.Th key={s}>{t(`btq.statuses.${s}`)}</Table.Th>
                ))}
                <Table.Th>{t('btq.notes')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {recap.data.items.map((r) => (
                <Table.Tr key={r.studentId}>
                  <Table.Td>{r.name}</Table.Td>
                  {BTQ_PRESENCE_STATUSES.map((s) => (
                    <Table.Td key={s}>{r[s]}</Table.Td>
                  ))}
                  <Table.Td>
                    {r.notes.map((n) => (
                      <Text key={`${n.date}-${n.status}`} size="sm">
                        {dateText(n.date, 'short')} · {t(`btq.statuses.${n.status}`)}: {n.note}
                      </Text>
                    ))}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      ) : (
        <Text>{t('btq.empty')}</Text>
      )}
    </Paper>
  );
}

/** Presensi BTQ: the ustadz (or the principal) marks every member of a group on a school day, phone first. */
export function PresencePage() {
  const { t } = useTranslation();
  const [chosen, setChosen] = useState<number | null>(null);
  const [date, setDate] = useState(serverToday());
  const groups = (useGroups(useDefaultUnitId()).data?.items ?? []).filter((g) => g.isActive);
  // an ustadz with one group has it chosen for them
  const groupId = chosen ?? (groups.length === 1 ? groups[0]!.id : null);
  return (
    <>
      <PageTitle>{t('btq.titles.presence')}</PageTitle>
      <Stack gap="sm">
        <Group align="flex-end">
          <GroupPick groups={groups} value={groupId} onChange={setChosen} />
          <DateField label={t('btq.date')} value={date} onChange={setDate} max={serverToday()} />
        </Group>
        {groupId ? <PresenceSheet groupId={groupId} date={date} /> : <Text>{t('btq.chooseGroup')}</Text>}
        {groupId && <PresenceRecap groupId={groupId} />}
      </Stack>
    </>
  );
}

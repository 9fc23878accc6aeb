import { Anchor, Group, Paper, Skeleton, Stack, TextInput } from '@mantine/core';
import {
  ACHIEVEMENT_FIELDS,
  ACHIEVEMENT_LEVELS,
  AchievementInput,
  can,
  type Achievement,
  type AchievementField,
  type AchievementLevel,
} from '@mms/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { generatePath, useNavigate, useParams } from 'react-router';
import { ROUTES } from '../../../lib/route-names.ts';
import { DataList, type ListColumn } from '../../../components/data-list/data-list.tsx';
import { RowActions, rowActionsColumn } from '../../../components/data-list/row-actions.tsx';
import { DateField } from '../../../components/date-fields.tsx';
import { PageTitle } from '../../../components/page-title.tsx';
import { ClassSelect, UnitSelect } from '../../../components/pickers.tsx';
import { serverToday } from '../../../lib/clock.ts';
import { dateText } from '../../../lib/display.ts';
import { useFieldErrors } from '../../../lib/field-errors.ts';
import { notifyDone, notifyError } from '../../../lib/notify.ts';
import { useCurrentUser } from '../../../lib/session.ts';
import { issueErrors } from '../../../lib/validation.ts';
import { useAchievement, useSaveAchievement } from '../api.ts';
import { CodeSelect, NotesEvidenceSave, recordStudent, RecordStudentPicker } from '../components/parts.tsx';
import { PrintListButton } from '../../../components/print/print-list.tsx';

function AchievementForm({ existing, onSaved }: { existing?: Achievement; onSaved: () => void }) {
  const { t } = useTranslation();
  const today = serverToday();
  const save = useSaveAchievement();
  const [file, setFile] = useState<File | null>(null);
  const [v, setV] = useState({
    student: recordStudent(existing),
    date: existing?.date ?? today,
    title: existing?.title ?? '',
    field: (existing?.field ?? null) as AchievementField | null,
    level: (existing?.level ?? null) as AchievementLevel | null,
    rank: existing?.rank ?? '',
    organiser: existing?.organiser ?? '',
    notes: existing?.notes ?? '',
  });
  const [errors, setErrors] = useFieldErrors({ ...v, studentId: v.student?.id });
  const submit = () => {
    const parsed = AchievementInput.safeParse({
      studentId: v.student?.id ?? NaN,
      date: v.date,
      title: v.title,
      field: v.field ?? undefined,
      level: v.level ?? undefined,
      rank: v.rank,
      organiser: v.organiser.trim() || null,
      notes: v.notes.trim() || null,
    });
    if (!parsed.success) return setErrors(issueErrors(parsed.error, 'first'));
    setErrors({});
    const { studentId: _s, ...update } = parsed.data;
    save.mutate(existing ? { id: existing.id, body: update, file } : { body: parsed.data, file }, {
      onSuccess: () => {
        notifyDone('saved');
        onSaved();
      },
      onError: notifyError,
    });
  };
  return (
    <Paper withBorder p="md" radius="md">
      <Stack gap="sm">
        <RecordStudentPicker
          value={v.student}
          onChange={(student) => setV({ ...v, student })}
          error={errors.studentId}
          fixed={!!existing}
        />
        <TextInput
          label={t('discipline.achievement.title')}
          value={v.title}
          error={errors.title}
          onChange={(e) => setV({ ...v, title: e.currentTarget.value })}
          required
        />
        <Group align="flex-end" wrap="wrap">
          <DateField
            label={t('discipline.date')}
            max={today}
            value={v.date}
            error={errors.date}
            onChange={(d) => d && setV({ ...v, date: d })}
          />
          <CodeSelect
            label={t('discipline.achievement.field')}
            codes={ACHIEVEMENT_FIELDS}
            group="fields"
            value={v.field}
            onChange={(field) => setV({ ...v, field })}
            error={errors.field}
            required
          />
          <CodeSelect
            label={t('discipline.achievement.level')}
            codes={ACHIEVEMENT_LEVELS}
            group="levels"
            value={v.level}
            onChange={(level) => setV({ ...v, level })}
            error={errors.level}
            required
          />
          <TextInput
            label={t('discipline.achievement.rank')}
            value={v.rank}
            error={errors.rank}
            onChange={(e) => setV({ ...v, rank: e.currentTarget.value })}
            required
          />
        </Group>
        <TextInput
          label={t('discipline.achievement.organiser')}
          value={v.organiser}
          error={errors.organiser}
          onChange={(e) => setV({ ...v, organiser: e.currentTarget.value })}
        />
        <NotesEvidenceSave
          notes={v.notes}
          notesError={errors.notes}
          onNotes={(notes) => setV({ ...v, notes })}
          file={file}
          onFile={setFile}
          saving={save.isPending}
          onSave={submit}
        />
      </Stack>
    </Paper>
  );
}

export function AchievementInputPage() {
  const { t } = useTranslation();
  const [key, setKey] = useState(0);
  return (
    <Stack gap="md">
      <PageTitle>{t('discipline.achievement.inputTitle')}</PageTitle>
      <AchievementForm key={key} onSaved={() => setKey((k) => k + 1)} />
    </Stack>
  );
}

export function AchievementEditPage() {
  const { t } = useTranslation();
  const id = Number(useParams().id);
  const navigate = useNavigate();
  const achievement = useAchievement(id);
  return (
    <Stack gap="md">
      <PageTitle>{t('discipline.achievement.editTitle')}</PageTitle>
      {achievement.data ? (
        <AchievementForm existing={achievement.data} onSaved={() => void navigate(ROUTES['bpbk-achievement-list'])} />
      ) : (
        <Skeleton height={320} />
      )}
    </Stack>
  );
}

export function achievementColumns(t: (k: string) => string): ListColumn<Achievement>[] {
  return [
    { accessor: 'date', title: t('discipline.date'), render: (r) => dateText(r.date, 'short') },
    { accessor: 'studentName', title: t('discipline.student') },
    { accessor: 'className', title: t('discipline.class') },
    { accessor: 'title', title: t('discipline.achievement.title') },
    { accessor: 'field', title: t('discipline.achievement.field'), render: (r) => t(`discipline.fields.${r.field}`) },
    { accessor: 'level', title: t('discipline.achievement.level'), render: (r) => t(`discipline.levels.${r.level}`) },
    { accessor: 'rank', title: t('discipline.achievement.rank') },
    { accessor: 'creditPoints', title: t('discipline.achievement.credit'), textAlign: 'right' },
    {
      accessor: 'evidence',
      title: t('discipline.evidenceLink'),
      render: (r) =>
        r.evidence ? (
          <Anchor href={r.evidence.url} target="_blank" rel="noreferrer">
            {r.evidence.name}
          </Anchor>
        ) : null,
      exportValue: (r) => r.evidence?.name ?? '',
    },
  ];
}

export function AchievementListPage() {
  const { t } = useTranslation();
  const user = useCurrentUser();
  const writer = can(user.division, 'counselling.manage');
  const [classGroupId, setClassGroupId] = useState<number | null>(null);
  const [unitId, setUnitId] = useState<number | null>(null);
  const [field, setField] = useState<AchievementField | null>(null);
  const [level, setLevel] = useState<AchievementLevel | null>(null);
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const columns: ListColumn<Achievement>[] = [
    ...achievementColumns(t),
    ...(writer
      ? [
          rowActionsColumn<Achievement>((r) => (
            <RowActions
              name={`${r.studentName} ${r.title}`}
              edit={generatePath(ROUTES['bpbk-achievement-edit'], { id: String(r.id) })}
            />
          )),
        ]
      : []),
  ];
  const filters = { classGroupId, unitId, field, level, from: from || undefined, to: to || undefined };
  return (
    <Stack gap="md">
      <PageTitle>{t('discipline.achievement.listTitle')}</PageTitle>
      <DataList<Achievement>
        path="/discipline/achievements"
        label={t('discipline.achievement.listTitle')}
        columns={columns}
        filters={filters}
        actions={
          <PrintListButton
            path="/discipline/achievements"
            filters={filters}
            title={t('discipline.achievement.listTitle')}
            unitId={user.unit?.id ?? unitId}
            columns={columns}
          />
        }
        exportName="prestasi"
        serverExport
        filterControls={
          <>
            {!user.unit && <UnitSelect value={unitId} onChange={setUnitId} />}
            <ClassSelect value={classGroupId} onChange={setClassGroupId} />
            <CodeSelect
              label={t('discipline.achievement.field')}
              placeholder={t('discipline.achievement.allFields')}
              codes={ACHIEVEMENT_FIELDS}
              group="fields"
              value={field}
              onChange={setField}
              clearable
            />
            <CodeSelect
              label={t('discipline.achievement.level')}
              placeholder={t('discipline.achievement.allLevels')}
              codes={ACHIEVEMENT_LEVELS}
              group="levels"
              value={level}
              onChange={setLevel}
              clearable
            />
            <DateField label={t('discipline.from')} value={from} onChange={setFrom} clearable />
            <DateField label={t('discipline.to')} value={to} onChange={setTo} clearable />
          </>
        }
      />
    </Stack>
  );
}

import { Anchor, Group, Stack, TextInput } from '@mantine/core';
import {
  ACHIEVEMENT_FIELDS,
  ACHIEVEMENT_LEVELS,
  AchievementInput,
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
import { notifyDone } from '../../../lib/notify.ts';
import { useCurrentUser } from '../../../lib/session.ts';
import { useAchievement, useSaveAchievement } from '../api.ts';
import { CodeSelect } from '../components/parts.tsx';
import {
  RecordEditPage,
  RecordInputPage,
  StudentRecordForm,
  type RecordFieldsProps,
} from '../components/record-form.tsx';
import { userCan } from '../../../lib/permissions.ts';

interface AchievementValues {
  date: string;
  title: string;
  field: AchievementField | null;
  level: AchievementLevel | null;
  rank: string;
  organiser: string;
}

/** The achievement's own fields: its title, when, the field and level, the rank and the organiser. */
function AchievementFields({ values: v, set, errors }: RecordFieldsProps<AchievementValues, Achievement>) {
  const { t } = useTranslation();
  const today = serverToday();
  return (
    <>
      <TextInput
        label={t('discipline.achievement.title')}
        value={v.title}
        error={errors.title}
        onChange={(e) => set({ title: e.currentTarget.value })}
        required
      />
      <Group align="flex-end" wrap="wrap">
        <DateField
          label={t('discipline.date')}
          max={today}
          value={v.date}
          error={errors.date}
          onChange={(d) => d && set({ date: d })}
        />
        <CodeSelect
          label={t('discipline.achievement.field')}
          codes={ACHIEVEMENT_FIELDS}
          group="fields"
          value={v.field}
          onChange={(field) => set({ field })}
          error={errors.field}
          required
        />
        <CodeSelect
          label={t('discipline.achievement.level')}
          codes={ACHIEVEMENT_LEVELS}
          group="levels"
          value={v.level}
          onChange={(level) => set({ level })}
          error={errors.level}
          required
        />
        <TextInput
          label={t('discipline.achievement.rank')}
          value={v.rank}
          error={errors.rank}
          onChange={(e) => set({ rank: e.currentTarget.value })}
          required
        />
      </Group>
      <TextInput
        label={t('discipline.achievement.organiser')}
        value={v.organiser}
        error={errors.organiser}
        onChange={(e) => set({ organiser: e.currentTarget.value })}
      />
    </>
  );
}

function AchievementForm({ existing, onSaved }: { existing?: Achievement; onSaved: () => void }) {
  const save = useSaveAchievement();
  return (
    <StudentRecordForm
      existing={existing}
      initial={{
        date: existing?.date ?? serverToday(),
        title: existing?.title ?? '',
        field: existing?.field ?? null,
        level: existing?.level ?? null,
        rank: existing?.rank ?? '',
        organiser: existing?.organiser ?? '',
      }}
      body={(v) => ({
        date: v.date,
        title: v.title,
        field: v.field ?? undefined,
        level: v.level ?? undefined,
        rank: v.rank,
        organiser: v.organiser.trim() || null,
      })}
      schema={AchievementInput}
      save={save}
      onSaved={() => {
        notifyDone('saved');
        onSaved();
      }}
      fields={AchievementFields}
    />
  );
}

export function AchievementInputPage() {
  const { t } = useTranslation();
  return <RecordInputPage title={t('discipline.achievement.inputTitle')} form={AchievementForm} />;
}

export function AchievementEditPage() {
  const { t } = useTranslation();
  const id = Number(useParams().id);
  const navigate = useNavigate();
  const achievement = useAchievement(id);
  return (
    <RecordEditPage title={t('discipline.achievement.editTitle')} record={achievement.data}>
      {(a) => <AchievementForm existing={a} onSaved={() => void navigate(ROUTES['bpbk-achievement-list'])} />}
    </RecordEditPage>
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
  const writer = userCan(user, 'counselling.manage');
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
        print={{ unitId: user.unit?.id ?? unitId }}
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

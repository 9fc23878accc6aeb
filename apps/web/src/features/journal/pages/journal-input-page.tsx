import {
  Alert,
  Box,
  Button,
  Group,
  Paper,
  SegmentedControl,
  Select,
  Skeleton,
  Stack,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import {
  ATTENDANCE_CODES,
  JournalInput,
  weekdayOf,
  type AttendanceCode,
  type ClassJournal,
  type LessonRoster,
  type LessonSubstitute,
} from '@mms/shared';
import { IconDeviceFloppy } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { notifyDone, notifyError } from '../../../lib/notify.ts';
import { issueErrors } from '../../../lib/validation.ts';
import { useCurrentUser } from '../../../lib/session.ts';
import {
  useClassLessons,
  useJournal,
  useLessonRoster,
  useOwnLessons,
  useSaveJournal,
  useSetSubstitute,
  useSubstitutes,
  useTeachers,
} from '../api.ts';
import { ClassSelect } from '../components/filters.tsx';
import { serverToday } from '../../../lib/clock.ts';
import { useUnsavedChanges } from '../../../lib/unsaved-changes.tsx';
import { DateField } from '../../../components/date-fields.tsx';
import { userCan } from '../../../lib/permissions.ts';

/** A lesson the journal can be written for: of the timetable, or one the school named the caller substitute for. */
interface DayLesson {
  id: number;
  unitId: number;
  period: number;
  className: string;
  subjectName: string;
  teacherName: string;
  employeeId: number;
  asSubstitute: boolean;
}

/**
 * The substitute teacher of the lesson: those who name substitutes (principal, WAKAKUR, admin) pick
 * or withdraw one here; everyone else reads who the school named.
 */
function SubstituteField(props: {
  slotId: number;
  unitId: number;
  teacherId: number;
  date: string;
  current: LessonSubstitute | null;
  recorded: string | null;
}) {
  const { t } = useTranslation();
  const user = useCurrentUser();
  const manages = userCan(user, 'journal.substitute.manage');
  const teachers = useTeachers(manages ? props.unitId : null);
  const set = useSetSubstitute(props.slotId, props.date);
  if (!manages) {
    const name = props.current?.substituteName ?? props.recorded;
    return (
      <Text size="sm">
        {t('journal.substitute')}: {name ?? t('journal.noSubstitute')}
      </Text>
    );
  }
  return (
    <Select
      label={t('journal.substitute')}
      description={t('journal.substituteHint')}
      placeholder={t('journal.noSubstitute')}
      data={(teachers.data?.items ?? [])
        .filter((x) => x.id !== props.teacherId)
        .map((x) => ({ value: String(x.id), label: x.name }))}
      value={props.current ? String(props.current.substituteEmployeeId) : null}
      onChange={(v) =>
        set.mutate(v ? { employeeId: Number(v) } : null, {
          onSuccess: () => notifyDone('saved'),
          onError: (e) => notifyError(e),
        })
      }
      disabled={set.isPending}
      searchable
      clearable
    />
  );
}

interface Draft {
  topic: string;
  objective: string;
  notes: string;
  codes: Record<number, AttendanceCode>;
}

function draftOf(journal: ClassJournal | null, roster: LessonRoster): Draft {
  const codes: Record<number, AttendanceCode> = {};
  for (const s of roster.students) codes[s.studentId] = s.lessonCode ?? s.dailyCode ?? 'H';
  if (journal) for (const a of journal.absences) codes[a.studentId] = a.code;
  return {
    topic: journal?.topic ?? '',
    objective: journal?.objective ?? '',
    notes: journal?.notes ?? '',
    codes,
  };
}

/** The class journal of one lesson: pick a lesson of the teacher's day, write topic and objective, mark absences. */
export function JournalInputPage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const today = serverToday();
  const date = params.get('date') && params.get('date')! <= today ? params.get('date')! : today;
  const slotParam = Number(params.get('slot')) || null;
  const user = useCurrentUser();
  // leaders may write the journal of any lesson: they pick a class and see its timetable
  const leader = userCan(user, 'analytics.school');
  const classParam = Number(params.get('class')) || null;
  const own = useOwnLessons();
  const ofClass = useClassLessons(leader ? classParam : null);
  const lessons = classParam && leader ? ofClass : own;
  // the lessons the school named this teacher substitute for on the date
  const substitutions = useSubstitutes(date);
  const dayLessons = useMemo(() => {
    const ofTimetable: DayLesson[] = (lessons.data?.items ?? [])
      .filter((l) => l.day === weekdayOf(date))
      .map((l) => ({ ...l, asSubstitute: false }));
    const stoodIn: DayLesson[] =
      leader && classParam
        ? []
        : (substitutions.data ?? [])
            .filter((x) => !ofTimetable.some((l) => l.id === x.timetableSlotId))
            .map((x) => ({
              id: x.timetableSlotId,
              unitId: x.unitId,
              period: x.period,
              className: x.className,
              subjectName: x.subjectName,
              teacherName: x.teacherName,
              employeeId: x.teacherEmployeeId,
              asSubstitute: true,
            }));
    return [...ofTimetable, ...stoodIn].sort((a, b) => a.period - b.period);
  }, [lessons.data, substitutions.data, date, leader, classParam]);
  const slot = dayLessons.find((l) => l.id === slotParam);
  // a lesson that is not on the date's weekday has no journal that day
  const slotId = slot ? slot.id : null;
  const journal = useJournal(slotId, date);
  const roster = useLessonRoster(slotId, date);
  const save = useSaveJournal(slotId ?? 0, date);
  const [errors, setErrors] = useState<Record<string, string>>({});

  const sourceKey =
    roster.data && journal.data !== undefined
      ? `${slotId}/${date}/${roster.dataUpdatedAt}/${journal.dataUpdatedAt}`
      : '';
  const [state, setState] = useState<{ key: string; draft: Draft | null }>({ key: '', draft: null });
  const draft =
    state.key === sourceKey
      ? state.draft
      : roster.data && journal.data !== undefined
        ? draftOf(journal.data, roster.data)
        : null;
  // a changed topic or absence not saved yet: leaving (or picking another lesson or date) asks first
  useUnsavedChanges(
    !!draft &&
      state.key === sourceKey &&
      !!roster.data &&
      journal.data !== undefined &&
      JSON.stringify(draft) !== JSON.stringify(draftOf(journal.data, roster.data)),
  );
  const patch = (p: Partial<Draft>) => draft && setState({ key: sourceKey, draft: { ...draft, ...p } });

  const setParam = (next: { date?: string; slot?: number | null; class?: number | null }) => {
    const p = new URLSearchParams(params);
    if (next.class !== undefined) {
      if (next.class) p.set('class', String(next.class));
      else p.delete('class');
      p.delete('slot');
    }
    if (next.date !== undefined) {
      p.set('date', next.date);
      p.delete('slot');
    }
    if (next.slot !== undefined) {
      if (next.slot) p.set('slot', String(next.slot));
      else p.delete('slot');
    }
    setParams(p, { replace: true });
  };

  const submit = () => {
    if (!draft || !slotId) return;
    const body = {
      topic: draft.topic,
      objective: draft.objective.trim() || null,
      notes: draft.notes.trim() || null,
      absences: Object.entries(draft.codes)
        .filter(([, c]) => c !== 'H')
        .map(([studentId, code]) => ({ studentId: Number(studentId), code: code as 'S' | 'I' | 'A' })),
    };
    const parsed = JournalInput.safeParse(body);
    if (!parsed.success) {
      setErrors(issueErrors(parsed.error, 'first'));
      return;
    }
    setErrors({});
    save.mutate(parsed.data, {
      onSuccess: () => notifyDone('saved'),
      onError: (e) => notifyError(e),
    });
  };

  return (
    <Stack gap="md" pb={96}>
      <Title order={1} fz="h3">
        {t('journal.inputTitle')}
      </Title>
      <Group gap="sm" align="flex-end" wrap="wrap">
        <DateField label={t('att.date')} value={date} max={today} onChange={(v) => v && setParam({ date: v })} />
        {leader && <ClassSelect value={classParam} onChange={(v) => setParam({ class: v })} />}
        <Select
          label={t('journal.lesson')}
          placeholder={t('journal.pickLesson')}
          data={dayLessons.map((l) => ({
            value: String(l.id),
            label: `${t('journal.period', { period: l.period })} · ${l.className} · ${l.subjectName}${classParam ? ` · ${l.teacherName}` : ''}${l.asSubstitute ? ` · ${t('journal.asSubstitute')}` : ''}`,
          }))}
          value={slotId ? String(slotId) : null}
          onChange={(v) => setParam({ slot: v ? Number(v) : null })}
          w={{ base: '100%', sm: 360 }}
        />
      </Group>
      {lessons.data && dayLessons.length === 0 && <Text c="dimmed">{t('journal.noLessons')}</Text>}
      {slotId && (roster.isPending || journal.isPending) && <Skeleton h={200} />}
      {journal.data && <Alert color="blue">{t('journal.filled')}</Alert>}
      {draft && roster.data && (
        <>
          <Paper withBorder p="md" radius="md">
            <Stack gap="sm">
              <TextInput
                label={t('journal.topic')}
                required
                maxLength={500}
                value={draft.topic}
                error={errors.topic}
                onChange={(e) => patch({ topic: e.currentTarget.value })}
              />
              <Textarea
                label={t('journal.objective')}
                autosize
                minRows={2}
                value={draft.objective}
                error={errors.objective}
                onChange={(e) => patch({ objective: e.currentTarget.value })}
              />
              <Textarea
                label={t('journal.notes')}
                autosize
                minRows={2}
                value={draft.notes}
                error={errors.notes}
                onChange={(e) => patch({ notes: e.currentTarget.value })}
              />
              {slot && (
                <SubstituteField
                  slotId={slot.id}
                  unitId={slot.unitId}
                  teacherId={slot.employeeId}
                  date={date}
                  current={substitutions.data?.find((x) => x.timetableSlotId === slot.id) ?? null}
                  recorded={journal.data?.substituteName ?? null}
                />
              )}
            </Stack>
          </Paper>
          <Title order={2} fz="h4">
            {t('journal.absences')} · {roster.data.className}
          </Title>
          <Stack gap="xs">
            {roster.data.students.map((s, i) => (
              <Paper key={s.studentId} withBorder p="xs" radius="md" data-testid={`journal-row-${s.nis}`}>
                <Group justify="space-between" wrap="wrap" gap="xs">
                  <Box miw={0} style={{ flex: '1 1 180px' }}>
                    <Text fw={600} truncate>
                      {i + 1}. {s.name}
                    </Text>
                    {s.dailyCode && (
                      <Text size="xs" c="dimmed">
                        {t('journal.dailyCode', { code: t(`att.codes.${s.dailyCode}`) })}
                      </Text>
                    )}
                  </Box>
                  <SegmentedControl
                    aria-label={t('att.register.codeOf', { name: s.name })}
                    value={draft.codes[s.studentId] ?? 'H'}
                    onChange={(v) => patch({ codes: { ...draft.codes, [s.studentId]: v as AttendanceCode } })}
                    data={[...ATTENDANCE_CODES]}
                    style={{ flex: '1 1 200px', maxWidth: 280 }}
                  />
                </Group>
              </Paper>
            ))}
          </Stack>
          <Paper withBorder shadow="md" p="sm" radius="md" className="mms-sticky-bar">
            <Group justify="flex-end">
              <Button
                color="green"
                size="md"
                leftSection={<IconDeviceFloppy size={18} aria-hidden />}
                loading={save.isPending}
                onClick={submit}
              >
                {t('journal.save')}
              </Button>
            </Group>
          </Paper>
        </>
      )}
    </Stack>
  );
}

import { ApiError } from '../../../lib/api.ts';
import {
  Alert,
  Badge,
  Box,
  Button,
  Group,
  NumberInput,
  Paper,
  SegmentedControl,
  Skeleton,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { ATTENDANCE_CODES, type AttendanceCode, type ClassRegister } from '@mms/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { ROUTES } from '../../../lib/route-names.ts';
import { notifyDone, notifyError } from '../../../lib/notify.ts';
import { useUnsavedChanges } from '../../../lib/unsaved-changes.tsx';
import { jakartaToday, lastSchoolDay, useRegister, useSaveRegister } from '../api.ts';
import { DateField } from '../../../components/date-fields.tsx';
import { CODE_COLORS } from '../components/code-badge.tsx';
import '../../../i18n/list/index.ts';

interface Mark {
  code: AttendanceCode;
  lateMinutes: number;
  note: string;
}
type Draft = Record<number, Mark>;

const draftOf = (register: ClassRegister): Draft =>
  Object.fromEntries(
    register.entries.map((e) => [e.studentId, { code: e.code, lateMinutes: e.lateMinutes, note: e.note ?? '' }]),
  );

export const registerPath = (classGroupId: number, date: string) =>
  ROUTES['tutor-attendance-register'].replace(':classGroupId', String(classGroupId)).replace(':date', date);

/** The homeroom teacher's daily register: the whole class on one screen, H by default, one tap for S, I or A. */
export function RegisterPage() {
  const { t } = useTranslation();
  const params = useParams();
  const navigate = useNavigate();
  const classGroupId = Number(params.classGroupId);
  const date = params.date ?? lastSchoolDay();
  const today = jakartaToday();
  const register = useRegister(classGroupId, date);
  const save = useSaveRegister(classGroupId, date);
  // the draft belongs to the loaded register; a new class or date starts from the server's answer again
  const sourceKey = register.data
    ? `${register.data.classGroupId}/${register.data.date}/${register.dataUpdatedAt}`
    : '';
  const [state, setState] = useState<{ key: string; draft: Draft }>({ key: '', draft: {} });
  const draft = state.key === sourceKey ? state.draft : register.data ? draftOf(register.data) : {};
  // a mark changed and not saved yet: leaving asks first
  const dirty =
    !!register.data &&
    state.key === sourceKey &&
    JSON.stringify(state.draft) !== JSON.stringify(draftOf(register.data));
  useUnsavedChanges(dirty && !save.isPending);
  const setMark = (studentId: number, patch: Partial<Mark>) =>
    setState({ key: sourceKey, draft: { ...draft, [studentId]: { ...draft[studentId]!, ...patch } } });

  const counts: Record<AttendanceCode, number> = { H: 0, S: 0, I: 0, A: 0 };
  for (const m of Object.values(draft)) counts[m.code] += 1;

  const allPresent = () =>
    setState({
      key: sourceKey,
      draft: Object.fromEntries(Object.entries(draft).map(([id, m]) => [id, { ...m, code: 'H' as const }])),
    });

  const submit = () => {
    const entries = Object.entries(draft).map(([studentId, m]) => ({
      studentId: Number(studentId),
      code: m.code,
      lateMinutes: m.code === 'H' ? m.lateMinutes : 0,
      note: m.note.trim() || null,
    }));
    save.mutate({ entries }, { onSuccess: () => notifyDone('saved'), onError: notifyError });
  };

  return (
    <Stack gap="md" pb={96}>
      <Group justify="space-between" wrap="wrap" gap="sm" align="flex-end">
        <Title order={1} fz="h3">
          {t('att.register.title', { className: register.data?.className ?? '' })}
        </Title>
        <Group gap="sm" align="flex-end">
          <DateField
            label={t('att.date')}
            value={date}
            max={today}
            onChange={(v) => v && v <= today && void navigate(registerPath(classGroupId, v), { replace: true })}
          />
          {register.data && (
            <Badge color={register.data.taken ? 'green' : 'orange'} size="lg" variant="light">
              {register.data.taken ? t('att.taken') : t('att.notTaken')}
            </Badge>
          )}
        </Group>
      </Group>
      {date > today && <Alert color="red">{t('att.futureDate')}</Alert>}
      {register.isPending && <Skeleton h={240} />}
      {register.isError && (
        // the server names why: not a school day of the calendar (and which holiday), outside the year...
        <Alert color="red">{register.error instanceof ApiError ? register.error.message : t('list.loadFailed')}</Alert>
      )}
      {register.data?.entries.length === 0 && <Text c="dimmed">{t('att.register.empty')}</Text>}
      <Stack gap="xs">
        {register.data?.entries.map((e, i) => {
          const mark = draft[e.studentId];
          if (!mark) return null;
          return (
            <Paper key={e.studentId} withBorder p="sm" radius="md" data-testid={`register-row-${e.nis}`}>
              <Group justify="space-between" wrap="wrap" gap="xs">
                <Box miw={0} style={{ flex: '1 1 180px' }}>
                  <Text fw={600} truncate>
                    {i + 1}. {e.name}
                  </Text>
                  <Text size="xs" c="dimmed">
                    {e.nis}
                  </Text>
                </Box>
                <SegmentedControl
                  aria-label={t('att.register.codeOf', { name: e.name })}
                  name={`code-${e.studentId}`}
                  value={mark.code}
                  onChange={(v) => setMark(e.studentId, { code: v as AttendanceCode })}
                  color={CODE_COLORS[mark.code]}
                  size="lg"
                  style={{ flex: '1 1 200px', maxWidth: 280 }}
                  data={ATTENDANCE_CODES.map((c) => ({
                    value: c,
                    label: (
                      <span title={t(`att.codes.${c}`)} aria-label={t(`att.codes.${c}`)}>
                        {c}
                      </span>
                    ),
                  }))}
                />
              </Group>
              <Group gap="xs" mt="xs" wrap="wrap">
                {mark.code === 'H' && (
                  <NumberInput
                    aria-label={t('att.register.lateOf', { name: e.name })}
                    placeholder={t('att.late')}
                    min={0}
                    max={600}
                    size="xs"
                    w={140}
                    value={mark.lateMinutes || ''}
                    onChange={(v) => setMark(e.studentId, { lateMinutes: typeof v === 'number' ? v : 0 })}
                  />
                )}
                <TextInput
                  aria-label={t('att.register.noteOf', { name: e.name })}
                  placeholder={t('att.note')}
                  size="xs"
                  style={{ flex: '1 1 160px' }}
                  maxLength={500}
                  value={mark.note}
                  onChange={(ev) => setMark(e.studentId, { note: ev.currentTarget.value })}
                />
              </Group>
            </Paper>
          );
        })}
      </Stack>
      {register.data && register.data.entries.length > 0 && (
        <Paper withBorder shadow="md" p="xs" radius="md" className="mms-sticky-bar" data-testid="register-save-bar">
          <Group justify="space-between" wrap="wrap" gap="xs">
            <Text fw={600} size="sm" aria-live="polite">
              {t('att.register.counts', counts)}
            </Text>
            <Group gap={4} wrap="nowrap" style={{ flex: '1 1 260px' }} justify="flex-end">
              <Button variant="default" size="sm" px="xs" onClick={allPresent}>
                {t('att.register.allPresent')}
              </Button>
              <Button
                color="green"
                size="sm"
                px="sm"
                loading={save.isPending}
                disabled={date > today || !register.data}
                onClick={submit}
              >
                {t('att.register.save')}
              </Button>
            </Group>
          </Group>
        </Paper>
      )}
    </Stack>
  );
}

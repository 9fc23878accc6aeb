import '../../../i18n/admission-selection/index.ts';
import {
  Alert,
  Badge,
  Button,
  Checkbox,
  Group,
  NumberInput,
  Paper,
  Select,
  Skeleton,
  Stack,
  Table,
  Text,
  TextInput,
} from '@mantine/core';
import { APPLICANT_STATE_LABELS, type QuestionContent, type QuestionResponse } from '@mms/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { downloadServerExport } from '../../../components/data-list/export-xlsx.ts';
import { PageTitle } from '../../../components/page-title.tsx';
import { errorText } from '../../../i18n/index.ts';
import { confirmDialog } from '../../../lib/dialogs.tsx';
import { displayLanguage } from '../../../lib/display.ts';
import { notifyError, notifyInfo } from '../../../lib/notify.ts';
import { RichContent } from '../../../lib/rich-content.tsx';
import { ROUTES } from '../../../lib/route-names.ts';
import { gradeText } from '../../exam-engine/api.ts';
import {
  useCorrectAnswer,
  useDecide,
  useSelectionAttempt,
  useSelectionAttempts,
  useSelectionRanking,
  useSelectionWaves,
  type Decision,
} from '../api.ts';

const scoreText = (n: number | null) => (n === null ? '–' : gradeText(n));
const stateText = (s: keyof typeof APPLICANT_STATE_LABELS) => APPLICANT_STATE_LABELS[s][displayLanguage()];

/** The wave picker of the selection screens; the first (newest) wave is chosen at first. */
export function useWave() {
  const waves = useSelectionWaves();
  const [picked, setPicked] = useState<number | null>(null);
  const waveId = picked ?? waves.data?.items[0]?.id ?? null;
  return { waves, waveId, setWaveId: setPicked };
}

export function WavePicker({ w }: { w: ReturnType<typeof useWave> }) {
  const { t } = useTranslation();
  if (w.waves.isLoading) return <Skeleton height={36} />;
  if (!w.waves.data?.items.length) return <Text>{t('selection.noWaves')}</Text>;
  return (
    <Select
      label={t('selection.wave')}
      data={w.waves.data.items.map((x) => ({ value: String(x.id), label: x.name }))}
      value={w.waveId === null ? null : String(w.waveId)}
      onChange={(v) => v && w.setWaveId(Number(v))}
      allowDeselect={false}
      maw={360}
    />
  );
}

/** principal-selection-answers: the attempts of a wave with their scores. */
export function SelectionAnswersPage() {
  const { t } = useTranslation();
  const w = useWave();
  const attempts = useSelectionAttempts(w.waveId);
  const items = attempts.data?.items ?? [];
  return (
    <Stack gap="md">
      <PageTitle>{t('selection.answers.title')}</PageTitle>
      <WavePicker w={w} />
      {attempts.isLoading && <Skeleton height={120} />}
      {attempts.error && <Alert color="red">{errorText(attempts.error)}</Alert>}
      {attempts.data && !items.length && <Text>{t('selection.answers.empty')}</Text>}
      {items.length > 0 && (
        <Table.ScrollContainer minWidth={560}>
          <Table striped>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('selection.answers.regNo')}</Table.Th>
                <Table.Th>{t('selection.answers.name')}</Table.Th>
                <Table.Th>{t('selection.answers.status')}</Table.Th>
                <Table.Th>{t('selection.answers.score')}</Table.Th>
                <Table.Th>{t('selection.answers.corrected')}</Table.Th>
                <Table.Th />
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {items.map((a) => (
                <Table.Tr key={a.attemptId}>
                  <Table.Td>{a.regNo}</Table.Td>
                  <Table.Td>{a.name}</Table.Td>
                  <Table.Td>{t(`selection.answers.statusText.${a.status}`)}</Table.Td>
                  <Table.Td>{scoreText(a.score)}</Table.Td>
                  <Table.Td>{a.corrected}</Table.Td>
                  <Table.Td>
                    <Button
                      component={Link}
                      to={ROUTES['principal-selection-answer-edit'].replace(':id', String(a.attemptId))}
                      size="xs"
                      variant="light"
                      aria-label={`${t('selection.answers.open')} ${a.name}`}
                    >
                      {t('selection.answers.open')}
                    </Button>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Stack>
  );
}

/** The key of a closed question as text: the options' ids and texts, true/false, accepted answers. */
export function keyText(content: QuestionContent): string {
  switch (content.type) {
    case 'SINGLE':
      return content.key;
    case 'MULTIPLE':
      return content.key.join(', ');
    case 'TRUE_FALSE':
      return content.statements.map((s) => `${s.id}: ${content.key[s.id] ? 'B' : 'S'}`).join(', ');
    case 'MATCHING':
      return Object.entries(content.key)
        .map(([l, r]) => `${l}→${r}`)
        .join(', ');
    case 'SHORT':
      return content.accepted.map((a) => ('text' in a ? a.text : String(a.number))).join(' / ');
    default:
      return '–';
  }
}

/** The applicant's response as text, in the key's terms. */
export function responseText(response: QuestionResponse | null): string | null {
  if (!response) return null;
  switch (response.type) {
    case 'SINGLE':
      return response.optionId;
    case 'MULTIPLE':
      return response.optionIds.join(', ') || null;
    case 'TRUE_FALSE': {
      const parts = Object.entries(response.answers).map(([id, v]) => `${id}: ${v ? 'B' : 'S'}`);
      return parts.length ? parts.join(', ') : null;
    }
    case 'MATCHING': {
      const parts = Object.entries(response.pairs).map(([l, r]) => `${l}→${r}`);
      return parts.length ? parts.join(', ') : null;
    }
    default:
      return response.text.trim() || null;
  }
}

/** principal-selection-answer-edit/:id: every answer with the key; correct one answer's points with a note. */
export function SelectionAnswerEditPage() {
  const { t } = useTranslation();
  const id = Number(useParams().id);
  const detail = useSelectionAttempt(id);
  if (detail.error) return <Alert color="red">{errorText(detail.error)}</Alert>;
  if (!detail.data) return <Skeleton height={200} />;
  const { attempt, answers } = detail.data;
  return (
    <Stack gap="md">
      <PageTitle>{t('selection.edit.title')}</PageTitle>
      <Paper withBorder p="md" radius="md">
        <Text fw={600}>
          {attempt.name} · {attempt.regNo}
        </Text>
        <Text data-testid="attempt-score">
          {t('selection.edit.total', {
            score: scoreText(attempt.score),
            earned: gradeText(attempt.earned),
            max: attempt.maxPoints,
          })}
        </Text>
      </Paper>
      {answers.map((a) => (
        <Paper
          key={a.questionId}
          withBorder
          p="md"
          radius="md"
          component="section"
          aria-label={t('selection.edit.question', { n: a.position })}
        >
          <Stack gap="xs">
            <Group justify="space-between">
              <Text fw={600}>{t('selection.edit.question', { n: a.position })}</Text>
              <Badge variant="light">
                {gradeText(a.earned)} / {a.points}
              </Badge>
            </Group>
            <RichContent html={a.stem} />
            {'options' in a.content && (
              <Stack gap={2}>
                {a.content.options.map((o) => (
                  <Group key={o.id} gap="xs" wrap="nowrap">
                    <Text fw={600}>{o.id}.</Text>
                    <RichContent html={o.text} inline />
                  </Group>
                ))}
              </Stack>
            )}
            <Text size="sm">
              {t('selection.edit.key')}: <b>{keyText(a.content)}</b>
            </Text>
            <Text size="sm">
              {t('selection.edit.response')}: <b>{responseText(a.response) ?? t('selection.edit.noResponse')}</b>
            </Text>
            {a.autoEarned !== null && (
              <Text size="sm">{t('selection.edit.auto', { score: gradeText(a.autoEarned) })}</Text>
            )}
            {a.correctedAt && (
              <Text size="sm" c="dimmed">
                {t('selection.edit.correctedBy', { who: a.correctedBy ?? '–', note: a.correctionNote ?? '' })}
              </Text>
            )}
            {attempt.status !== 'IN_PROGRESS' && (
              <Correction attemptId={id} questionId={a.questionId} max={a.points} earned={a.earned} />
            )}
          </Stack>
        </Paper>
      ))}
    </Stack>
  );
}

function Correction({
  attemptId,
  questionId,
  max,
  earned,
}: {
  attemptId: number;
  questionId: number;
  max: number;
  earned: number;
}) {
  const { t } = useTranslation();
  const correct = useCorrectAnswer(attemptId);
  const [value, setValue] = useState<number | string>(earned);
  const [note, setNote] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const save = () =>
    correct.mutate(
      { questionId, earned: Number(value), note },
      {
        onSuccess: () => {
          setNote('');
          setErrors({});
          notifyInfo(t('selection.edit.saved'));
        },
        onError: (e) => {
          const fields = (e as { fields?: Record<string, string> }).fields ?? {};
          setErrors(fields);
          if (!Object.keys(fields).length) notifyError(e);
        },
      },
    );
  return (
    <Group align="flex-end" gap="xs" wrap="wrap">
      <NumberInput
        label={t('selection.edit.earned')}
        value={value}
        onChange={setValue}
        min={0}
        max={max}
        step={0.5}
        decimalScale={2}
        w={110}
        error={errors.earned}
      />
      <TextInput
        label={t('selection.edit.note')}
        value={note}
        onChange={(e) => setNote(e.currentTarget.value)}
        error={errors.note}
        style={{ flex: 1, minWidth: 200 }}
      />
      <Button onClick={save} loading={correct.isPending}>
        {t('selection.edit.correct')}
      </Button>
    </Group>
  );
}

/** principal-selection-ranking: the wave's ranking with the quota line; accept, waitlist or reject. */
export function SelectionRankingPage() {
  const { t } = useTranslation();
  const w = useWave();
  const ranking = useSelectionRanking(w.waveId);
  const decide = useDecide();
  const [selected, setSelected] = useState<Set<number>>(new Set());
  const items = ranking.data?.items ?? [];
  const undecided = items.filter((r) => r.state === 'TESTED');
  const run = (decisions: { applicantId: number; to: Decision }[]) => {
    if (!decisions.length || !w.waveId) return;
    confirmDialog({
      title: t('selection.ranking.title'),
      text: t('selection.ranking.confirmDecide', { count: decisions.length }),
      confirm: t('selection.ranking.decide'),
      onConfirm: () =>
        decide.mutate(
          { waveId: w.waveId!, decisions, note: null },
          {
            onSuccess: (r) => {
              setSelected(new Set());
              notifyInfo(t('selection.ranking.decided', { count: r.moved }));
            },
            onError: notifyError,
          },
        ),
    });
  };
  return (
    <Stack gap="md">
      <PageTitle
        actions={
          w.waveId && (
            <Button
              variant="default"
              onClick={() =>
                void downloadServerExport(
                  '/admission/selection/ranking/export',
                  { waveId: w.waveId! },
                  `peringkat-seleksi-${w.waveId}.xlsx`,
                ).catch(notifyError)
              }
            >
              {t('selection.ranking.export')}
            </Button>
          )
        }
      >
        {t('selection.ranking.title')}
      </PageTitle>
      <WavePicker w={w} />
      {ranking.data && <Text>{t('selection.ranking.quota', { quota: ranking.data.wave.quota })}</Text>}
      {ranking.isLoading && <Skeleton height={120} />}
      {ranking.error && <Alert color="red">{errorText(ranking.error)}</Alert>}
      {ranking.data && !items.length && <Text>{t('selection.ranking.empty')}</Text>}
      {items.length > 0 && (
        <>
          <Group gap="xs" wrap="wrap">
            <Button
              color="green"
              onClick={() =>
                run(undecided.filter((r) => r.withinQuota).map((r) => ({ applicantId: r.applicantId, to: 'ACCEPTED' })))
              }
            >
              {t('selection.ranking.acceptQuota')}
            </Button>
            <Button
              variant="default"
              onClick={() =>
                run(
                  undecided
                    .filter((r) => !r.withinQuota)
                    .map((r) => ({ applicantId: r.applicantId, to: 'WAITLISTED' })),
                )
              }
            >
              {t('selection.ranking.waitlistRest')}
            </Button>
            <Button
              color="red"
              disabled={!selected.size}
              onClick={() => run([...selected].map((applicantId) => ({ applicantId, to: 'REJECTED' })))}
            >
              {t('selection.ranking.reject')}
            </Button>
          </Group>
          <Table.ScrollContainer minWidth={560}>
            <Table>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th />
                  <Table.Th>{t('selection.ranking.rank')}</Table.Th>
                  <Table.Th>{t('selection.answers.regNo')}</Table.Th>
                  <Table.Th>{t('selection.answers.name')}</Table.Th>
                  <Table.Th>{t('selection.answers.score')}</Table.Th>
                  <Table.Th>{t('selection.ranking.state')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {items.map((r, i) => (
                  <Table.Tr
                    key={r.applicantId}
                    style={
                      i > 0 && items[i - 1]!.withinQuota && !r.withinQuota
                        ? { borderTop: '3px solid var(--mantine-color-red-7)' }
                        : undefined
                    }
                  >
                    <Table.Td>
                      <Checkbox
                        aria-label={t('selection.ranking.select', { name: r.name })}
                        checked={selected.has(r.applicantId)}
                        disabled={r.state !== 'TESTED' && r.state !== 'WAITLISTED'}
                        onChange={(e) => {
                          const next = new Set(selected);
                          if (e.currentTarget.checked) next.add(r.applicantId);
                          else next.delete(r.applicantId);
                          setSelected(next);
                        }}
                      />
                    </Table.Td>
                    <Table.Td>{r.rank}</Table.Td>
                    <Table.Td>{r.regNo}</Table.Td>
                    <Table.Td>{r.name}</Table.Td>
                    <Table.Td>{scoreText(r.score)}</Table.Td>
                    <Table.Td>
                      {stateText(r.state)}
                      {r.withinQuota && (
                        <Badge ml="xs" size="sm" color="green" variant="light">
                          {t('selection.ranking.withinQuota')}
                        </Badge>
                      )}
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        </>
      )}
    </Stack>
  );
}

import {
  Alert,
  Badge,
  Button,
  Card,
  Group,
  NumberInput,
  Radio,
  Select,
  Skeleton,
  Stack,
  Table,
  Text,
} from '@mantine/core';
import { QUESTION_TYPE_LABELS, type AssessmentResults, type ItemAnalysisResult } from '@mms/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ExportButton } from '../../../components/data-list/export-button.tsx';
import { downloadClientXlsx, type ExportColumn } from '../../../components/data-list/export-xlsx.ts';
import { PrintButton, PrintedPaper } from '../../../components/print/printed-paper.tsx';
import { errorText } from '../../../i18n/index.ts';
import { RichContent } from '../../../lib/rich-content.tsx';
import { notifyDone, notifyError, notifyInfo } from '../../../lib/notify.ts';
import { useCurrentUser } from '../../../lib/session.ts';
import { useChangeKey, useEssays, useItemAnalysis, useMarkEssay } from '../api.ts';
import { confirmDialog } from '../../../lib/dialogs.tsx';
import { FormModal } from '../../../lib/unsaved-changes.tsx';
import { formatScore } from '../grid-model.ts';

type Row = AssessmentResults['rows'][number];
const useLang = () => (useTranslation().i18n.language === 'en' ? 'en' : 'id');

/** The results of an assessment on the printed paper: every student, their score, grade and KKM, and a summary. */
export function ResultsTable({ results }: { results: AssessmentResults }) {
  const { t } = useTranslation();
  const lang = useLang();
  const user = useCurrentUser();
  const a = results.assessment;
  const show = (n: number | null) => (n === null ? '–' : formatScore(n, lang));
  const passedText = (r: Row) =>
    r.passed === null
      ? r.pendingEssays
        ? t('grades.results.pending', { count: r.pendingEssays })
        : '–'
      : r.passed
        ? t('grades.results.passed')
        : t('grades.results.notPassed');
  const columns: ExportColumn<Row>[] = [
    { title: t('grades.nis'), value: (r) => r.nis },
    { title: t('grades.student'), value: (r) => r.name },
    { title: t('grades.results.class'), value: (r) => r.className },
    { title: t('grades.results.status'), value: (r) => t(`grades.results.statuses.${r.status}`) },
    { title: t('grades.results.earned'), value: (r) => r.earned },
    { title: t('grades.results.grade'), value: (r) => r.grade },
    { title: t('grades.results.passed'), value: passedText },
  ];
  const s = results.summary;
  return (
    <PrintedPaper
      unitId={user.unit?.id ?? null}
      title={a.title}
      subtitle={
        <Text size="sm">
          {a.subjectName} · {a.gradeName} · {t('grades.results.kkm', { kkm: a.passingMark })}
        </Text>
      }
      actions={
        <>
          <PrintButton />
          <ExportButton
            onExport={() =>
              downloadClientXlsx(
                { title: a.title, filters: [[t('grades.results.assessment'), a.title]] },
                columns,
                results.rows,
                `nilai-${a.title}.xlsx`,
              )
            }
          />
        </>
      }
    >
      <Stack gap="sm" mt="md">
        <Group gap="xl" data-testid="results-summary">
          <Text size="sm">
            {t('grades.results.takers')}: <b>{s.takers}</b>
          </Text>
          <Text size="sm">
            {t('grades.results.mean')}: <b>{show(s.mean)}</b>
          </Text>
          <Text size="sm">
            {t('grades.results.highest')}: <b>{show(s.highest)}</b>
          </Text>
          <Text size="sm">
            {t('grades.results.lowest')}: <b>{show(s.lowest)}</b>
          </Text>
          <Text size="sm">
            {t('grades.results.belowPassing')}: <b>{s.belowPassing}</b>
          </Text>
        </Group>
        <Table.ScrollContainer minWidth={560}>
          <Table striped withTableBorder data-testid="results-table">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('grades.no')}</Table.Th>
                <Table.Th>{t('grades.student')}</Table.Th>
                <Table.Th>{t('grades.results.class')}</Table.Th>
                <Table.Th>{t('grades.results.status')}</Table.Th>
                <Table.Th ta="right">{t('grades.results.earned')}</Table.Th>
                <Table.Th ta="right">{t('grades.results.grade')}</Table.Th>
                <Table.Th>{t('grades.results.passed')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {results.rows.map((r, i) => (
                <Table.Tr key={r.studentId} data-testid={`result-${r.nis}`}>
                  <Table.Td>{i + 1}</Table.Td>
                  <Table.Td>
                    <Text size="sm">{r.name}</Text>
                    <Text size="xs" c="dimmed">
                      {r.nis}
                    </Text>
                  </Table.Td>
                  <Table.Td>{r.className}</Table.Td>
                  <Table.Td>{t(`grades.results.statuses.${r.status}`)}</Table.Td>
                  <Table.Td ta="right">{r.earned === null ? '–' : `${show(r.earned)} / ${r.max}`}</Table.Td>
                  <Table.Td ta="right" fw={700} data-testid="result-grade">
                    {show(r.grade)}
                  </Table.Td>
                  <Table.Td>
                    {r.passed === false ? (
                      <Badge color="red" variant="light">
                        {passedText(r)}
                      </Badge>
                    ) : (
                      passedText(r)
                    )}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      </Stack>
    </PrintedPaper>
  );
}

/** Essay marking: the answers of one question (or all essay questions), each marked by its rubric. */
export function EssayMarking({ assessmentId, results }: { assessmentId: number; results: AssessmentResults }) {
  const { t } = useTranslation();
  const essays = results.items.filter((i) => i.type === 'ESSAY');
  const [questionId, setQuestionId] = useState<number | null>(null);
  const list = useEssays(assessmentId, questionId);
  const mark = useMarkEssay(assessmentId);
  const [marks, setMarks] = useState<Record<number, (number | string)[]>>({});
  if (list.isError) return <Alert color="red">{errorText(list.error)}</Alert>;
  return (
    <Stack gap="sm">
      <Select
        label={t('grades.results.question')}
        placeholder={t('grades.results.allQuestions')}
        data={essays.map((e) => ({
          value: String(e.questionId),
          label: t('grades.results.questionN', { n: e.position }),
        }))}
        value={questionId === null ? null : String(questionId)}
        onChange={(v) => setQuestionId(v ? Number(v) : null)}
        clearable
        w={{ base: '100%', xs: 240 }}
      />
      {!list.data ? (
        <Skeleton height={160} />
      ) : list.data.items.length === 0 ? (
        <Text c="dimmed">{t('grades.results.noEssays')}</Text>
      ) : (
        list.data.items.map((e) => {
          const criteria = e.rubric.length ? e.rubric : [{ criterion: t('grades.results.earned'), points: e.points }];
          const current = marks[e.answerId] ?? criteria.map(() => '');
          return (
            <Card key={e.answerId} withBorder data-testid={`essay-${e.answerId}`}>
              <Group justify="space-between" mb="xs">
                <Text fw={700}>
                  {t('grades.results.questionN', { n: e.position })} · {e.studentName}
                </Text>
                <Text size="sm">
                  {e.score === null
                    ? t('grades.results.notMarked')
                    : t('grades.results.score', { score: e.score, points: e.points })}
                </Text>
              </Group>
              <RichContent html={e.stem} />
              <Text size="sm" fw={600} mt="xs">
                {t('grades.results.answerOf', { student: e.studentName })}
              </Text>
              <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
                {e.text}
              </Text>
              {e.modelAnswer && (
                <>
                  <Text size="sm" fw={600} mt="xs">
                    {t('grades.results.modelAnswer')}
                  </Text>
                  <RichContent html={e.modelAnswer} />
                </>
              )}
              <Group align="flex-end" mt="sm" gap="sm">
                {criteria.map((c, i) => (
                  <NumberInput
                    key={c.criterion}
                    label={t('grades.results.criterionScore', {
                      criterion: c.criterion,
                      max: c.points,
                      student: e.studentName,
                    })}
                    min={0}
                    max={c.points}
                    allowDecimal={false}
                    value={current[i] ?? ''}
                    onChange={(v) =>
                      setMarks((m) => ({ ...m, [e.answerId]: current.map((x, j) => (j === i ? v : x)) }))
                    }
                    w={220}
                  />
                ))}
                <Button
                  loading={mark.isPending}
                  disabled={current.some((x) => x === '')}
                  onClick={async () => {
                    try {
                      await mark.mutateAsync({ answerId: e.answerId, marks: current.map(Number) });
                      notifyDone('saved');
                    } catch (error) {
                      notifyError(error);
                    }
                  }}
                >
                  {t('grades.results.saveMark')}
                </Button>
              </Group>
            </Card>
          );
        })
      )}
    </Stack>
  );
}

type ItemRow = ItemAnalysisResult['items'][number];

/** Changing a pilihan ganda's key: pick the right option; the server regrades every attempt after asking. */
function KeyChange({ assessmentId, item, onDone }: { assessmentId: number; item: ItemRow; onDone: () => void }) {
  const { t } = useTranslation();
  const change = useChangeKey(assessmentId);
  const single = item.single!;
  const [key, setKey] = useState(single.key);
  const letter = (id: string) => String.fromCharCode(65 + single.options.findIndex((o) => o.id === id));
  return (
    <Stack gap="sm">
      <Radio.Group label={t('grades.results.keyOf', { n: item.position })} value={key} onChange={setKey}>
        <Stack gap={6} mt={6}>
          {single.options.map((o) => (
            <Radio key={o.id} value={o.id} label={<RichContent html={`${letter(o.id)}. ${o.text}`} />} />
          ))}
        </Stack>
      </Radio.Group>
      <Group justify="flex-end">
        <Button
          disabled={key === single.key}
          loading={change.isPending}
          onClick={() =>
            confirmDialog({
              title: t('grades.results.changeKey'),
              text: t('grades.results.changeKeyConfirm', { n: item.position, key: letter(key) }),
              confirm: t('grades.results.changeKey'),
              onConfirm: async () => {
                try {
                  const r = await change.mutateAsync({
                    questionId: item.questionId,
                    content: { type: 'SINGLE', options: single.options, key },
                  });
                  notifyInfo(t('grades.results.regraded', { n: r.regraded, changed: r.changed.length }));
                  onDone();
                } catch (error) {
                  notifyError(error);
                }
              },
            })
          }
        >
          {t('grades.results.changeKey')}
        </Button>
      </Group>
    </Stack>
  );
}

/** Item analysis: p with its level, D, r, how often each option was chosen, flags, and the test's reliability. */
export function ItemAnalysisView({ assessmentId, title }: { assessmentId: number; title: string }) {
  const { t } = useTranslation();
  const lang = useLang();
  const analysis = useItemAnalysis(assessmentId);
  const [keying, setKeying] = useState<ItemRow | null>(null);
  if (analysis.isError) return <Alert color="red">{errorText(analysis.error)}</Alert>;
  if (!analysis.data) return <Skeleton height={200} />;
  const a = analysis.data;
  const num = (n: number | null) => (n === null ? '–' : formatScore(Math.round(n * 100) / 100, lang));
  const choices = (r: ItemRow) =>
    Object.entries(r.choices)
      .sort(([x], [y]) => x.localeCompare(y))
      .map(([k, v]) => `${k.toUpperCase()}: ${v}`)
      .join(', ');
  const flags = (r: ItemRow) => r.flags.map((f) => t(`grades.results.flagLabels.${f}`)).join('; ');
  const columns: ExportColumn<ItemRow>[] = [
    { title: t('grades.results.question'), value: (r) => r.position },
    { title: t('grades.results.type'), value: (r) => QUESTION_TYPE_LABELS[r.type][lang] },
    { title: t('grades.results.difficulty'), value: (r) => r.difficulty },
    { title: t('grades.results.discrimination'), value: (r) => r.discrimination },
    { title: t('grades.results.pointBiserial'), value: (r) => r.pointBiserial },
    { title: t('grades.results.choices'), value: choices },
    { title: t('grades.results.flags'), value: flags },
  ];
  return (
    <Stack gap="sm">
      <Group justify="space-between">
        <Stack gap={0}>
          <Text size="sm" data-testid="analysis-reliability">
            {t('grades.results.reliability', { kr20: num(a.kr20), alpha: num(a.alpha) })}
          </Text>
          <Text size="sm" c="dimmed">
            {t('grades.results.groups', { takers: a.takers, group: a.groupSize })}
          </Text>
        </Stack>
        <ExportButton
          onExport={() =>
            downloadClientXlsx(
              { title: `${t('grades.results.tabAnalysis')} ${title}` },
              columns,
              a.items,
              `analisis-${title}.xlsx`,
            )
          }
        />
      </Group>
      <Table.ScrollContainer minWidth={640}>
        <Table striped withTableBorder data-testid="analysis-table">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('grades.results.question')}</Table.Th>
              <Table.Th>{t('grades.results.type')}</Table.Th>
              <Table.Th ta="right">{t('grades.results.difficulty')}</Table.Th>
              <Table.Th ta="right">{t('grades.results.discrimination')}</Table.Th>
              <Table.Th ta="right">{t('grades.results.pointBiserial')}</Table.Th>
              <Table.Th>{t('grades.results.choices')}</Table.Th>
              <Table.Th>{t('grades.results.flags')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {a.items.map((r) => (
              <Table.Tr key={r.questionId} data-testid={`analysis-${r.position}`}>
                <Table.Td>{r.position}</Table.Td>
                <Table.Td>{QUESTION_TYPE_LABELS[r.type][lang]}</Table.Td>
                <Table.Td ta="right">
                  {num(r.difficulty)}
                  {r.difficultyLevel && ` (${t(`grades.results.levels.${r.difficultyLevel}`)})`}
                </Table.Td>
                <Table.Td ta="right">{num(r.discrimination)}</Table.Td>
                <Table.Td ta="right">{num(r.pointBiserial)}</Table.Td>
                <Table.Td>{choices(r) || '–'}</Table.Td>
                <Table.Td>
                  {r.flags.map((f) => (
                    <Badge key={f} color={f.startsWith('NEGATIVE') ? 'red' : 'yellow'} variant="light" mr={4}>
                      {t(`grades.results.flagLabels.${f}`)}
                    </Badge>
                  ))}
                  {r.single && (
                    <Button
                      size="compact-xs"
                      variant="subtle"
                      aria-label={t('grades.results.changeKeyOf', { n: r.position })}
                      onClick={() => setKeying(r)}
                    >
                      {t('grades.results.changeKey')}
                    </Button>
                  )}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      <FormModal
        opened={keying !== null}
        onClose={() => setKeying(null)}
        title={keying ? t('grades.results.changeKeyOf', { n: keying.position }) : ''}
      >
        {keying && <KeyChange assessmentId={assessmentId} item={keying} onDone={() => setKeying(null)} />}
      </FormModal>
    </Stack>
  );
}

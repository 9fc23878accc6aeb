import '../../../i18n/admission-selection/index.ts';
import {
  ActionIcon,
  Alert,
  Button,
  Group,
  NumberInput,
  Paper,
  SimpleGrid,
  Skeleton,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageTitle } from '../../../components/page-title.tsx';
import { PrintButton, PrintedPaper } from '../../../components/print/printed-paper.tsx';
import { errorText } from '../../../i18n/index.ts';
import { isApiError } from '../../../lib/api.ts';
import { confirmDialog } from '../../../lib/dialogs.tsx';
import { notifyError, notifyInfo } from '../../../lib/notify.ts';
import { whenText } from '../../exam-engine/api.ts';
import { useDraw, useSelectionAnnouncement, useSelectionCards, useSelectionDraws, useSelectionWaves } from '../api.ts';
import { WavePicker, useWave } from './staff-pages.tsx';

/** principal-selection-cards: a printable test card per verified applicant of a wave. */
export function SelectionCardsPage() {
  const { t } = useTranslation();
  const w = useWave();
  const cards = useSelectionCards(w.waveId);
  const unitId = w.waves.data?.items.find((x) => x.id === w.waveId)?.unitId ?? null;
  return (
    <Stack gap="md">
      <PageTitle>{t('selection.cards.title')}</PageTitle>
      <WavePicker w={w} />
      {cards.isLoading && <Skeleton height={120} />}
      {cards.error && <Alert color="red">{errorText(cards.error)}</Alert>}
      {cards.data && (
        <PrintedPaper
          unitId={unitId}
          title={t('selection.cards.title')}
          subtitle={`${cards.data.wave.unitName} · ${cards.data.wave.name}`}
          actions={<PrintButton />}
          signed={false}
        >
          {!cards.data.items.length && <Text>{t('selection.cards.empty')}</Text>}
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            {cards.data.items.map((c) => (
              <Paper key={c.applicantId} withBorder p="sm" radius="sm" data-testid="test-card">
                <Text fw={700}>{t('selection.cards.card')}</Text>
                <Text>{c.name}</Text>
                <Text size="sm">
                  {t('selection.test.regNo')}: <b>{c.regNo}</b>
                </Text>
                <Text size="sm">
                  {t('selection.test.window', {
                    from: whenText(cards.data.wave.testOpensAt),
                    to: whenText(cards.data.wave.testClosesAt),
                  })}
                </Text>
                <Text size="sm">{t('selection.cards.where', { url: `${window.location.origin}/spmb/test` })}</Text>
              </Paper>
            ))}
          </SimpleGrid>
        </PrintedPaper>
      )}
    </Stack>
  );
}

/** principal-selection-announcement: the printable list of accepted and waitlisted applicants. */
export function SelectionAnnouncementPage() {
  const { t } = useTranslation();
  const w = useWave();
  const ann = useSelectionAnnouncement(w.waveId);
  const unitId = w.waves.data?.items.find((x) => x.id === w.waveId)?.unitId ?? null;
  const list = (title: string, rows: { regNo: string; name: string }[]) => (
    <Stack gap={4}>
      <Title order={2} fz="h5">
        {title}
      </Title>
      {rows.length ? (
        <Table>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>No</Table.Th>
              <Table.Th>{t('selection.answers.regNo')}</Table.Th>
              <Table.Th>{t('selection.answers.name')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((r, i) => (
              <Table.Tr key={r.regNo}>
                <Table.Td>{i + 1}</Table.Td>
                <Table.Td>{r.regNo}</Table.Td>
                <Table.Td>{r.name}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      ) : (
        <Text size="sm">–</Text>
      )}
    </Stack>
  );
  return (
    <Stack gap="md">
      <PageTitle>{t('selection.announcement.title')}</PageTitle>
      <WavePicker w={w} />
      {ann.isLoading && <Skeleton height={120} />}
      {ann.error && <Alert color="red">{errorText(ann.error)}</Alert>}
      {ann.data && (
        <PrintedPaper
          unitId={unitId}
          title={t('selection.announcement.title')}
          subtitle={`${ann.data.wave.unitName} · ${ann.data.wave.name}`}
          actions={<PrintButton />}
        >
          <Stack gap="md">
            {list(t('selection.announcement.accepted'), ann.data.accepted)}
            {list(t('selection.announcement.waitlisted'), ann.data.waitlisted)}
          </Stack>
        </PrintedPaper>
      )}
    </Stack>
  );
}

/** principal-selection-random: draw the sets of a wave by tag counts with a seed (repeatable). */
export function SelectionRandomPage() {
  const { t } = useTranslation();
  const w = useWave();
  const draws = useSelectionDraws(w.waveId);
  const draw = useDraw();
  const [seed, setSeed] = useState<number | string>('');
  const [counts, setCounts] = useState<{ tag: string; count: number | string }[]>([]);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const waves = useSelectionWaves();
  const run = () =>
    confirmDialog({
      title: t('selection.random.title'),
      text: t('selection.random.confirm'),
      confirm: t('selection.random.draw'),
      onConfirm: () =>
        draw.mutate(
          {
            waveId: w.waveId!,
            ...(seed === '' ? {} : { seed: Number(seed) }),
            tagCounts: counts.map((c) => ({ tag: c.tag, count: Number(c.count) })),
          },
          {
            onSuccess: (r) => {
              setErrors({});
              notifyInfo(t('selection.random.done', { drawn: r.drawn, skipped: r.skipped, seed: r.seed }));
            },
            onError: (e) => {
              if (isApiError(e)) setErrors(e.fields);
              notifyError(e);
            },
          },
        ),
    });
  return (
    <Stack gap="md">
      <PageTitle>{t('selection.random.title')}</PageTitle>
      {waves.data && <WavePicker w={w} />}
      <Paper withBorder p="md" radius="md">
        <Stack gap="sm">
          <Text size="sm">{t('selection.random.help')}</Text>
          {counts.map((c, i) => (
            <Group key={i} align="flex-end" gap="xs">
              <TextInput
                label={t('selection.random.tag')}
                value={c.tag}
                onChange={(e) => {
                  const tag = e.currentTarget.value;
                  setCounts(counts.map((x, j) => (j === i ? { ...x, tag } : x)));
                }}
                error={errors[`tagCounts.${i}.tag`]}
              />
              <NumberInput
                label={t('selection.random.count')}
                value={c.count}
                min={1}
                max={200}
                w={100}
                onChange={(count) => setCounts(counts.map((x, j) => (j === i ? { ...x, count } : x)))}
                error={errors[`tagCounts.${i}.count`]}
              />
              <ActionIcon
                variant="subtle"
                color="red"
                mb={4}
                aria-label={t('selection.random.remove', { n: i + 1 })}
                onClick={() => setCounts(counts.filter((_, j) => j !== i))}
              >
                <IconTrash size={16} aria-hidden />
              </ActionIcon>
            </Group>
          ))}
          <Group>
            <Button
              variant="light"
              size="xs"
              leftSection={<IconPlus size={14} aria-hidden />}
              onClick={() => setCounts([...counts, { tag: '', count: 1 }])}
            >
              {t('selection.random.addTag')}
            </Button>
          </Group>
          <NumberInput
            label={t('selection.random.seed')}
            description={t('selection.random.seedHelp')}
            value={seed}
            onChange={setSeed}
            min={1}
            maw={260}
            error={errors.seed}
          />
          <Group>
            <Button onClick={run} loading={draw.isPending} disabled={!w.waveId}>
              {t('selection.random.draw')}
            </Button>
          </Group>
        </Stack>
      </Paper>
      {draws.data && (
        <>
          <Text>
            {t('selection.random.lastSeed', { seed: draws.data.lastSeed ?? '–' })} ·{' '}
            {t('selection.random.perApplicant', { count: draws.data.wave.questionCount })}
          </Text>
          {!draws.data.items.length && <Text>{t('selection.random.empty')}</Text>}
          {draws.data.items.length > 0 && (
            <Table.ScrollContainer minWidth={480}>
              <Table striped>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>{t('selection.answers.regNo')}</Table.Th>
                    <Table.Th>{t('selection.answers.name')}</Table.Th>
                    <Table.Th>{t('selection.random.questions')}</Table.Th>
                    <Table.Th>{t('selection.random.started')}</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {draws.data.items.map((a) => (
                    <Table.Tr key={a.applicantId}>
                      <Table.Td>{a.regNo}</Table.Td>
                      <Table.Td>{a.name}</Table.Td>
                      <Table.Td>{a.questionCount}</Table.Td>
                      <Table.Td>{a.started ? t('selection.random.yes') : t('selection.random.no')}</Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          )}
        </>
      )}
    </Stack>
  );
}

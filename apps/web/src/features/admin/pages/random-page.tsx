import {
  Alert,
  Button,
  Group,
  NumberInput,
  Paper,
  SegmentedControl,
  SimpleGrid,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core';
import { MAX_DRAW_SEED, type RandomDrawMode, type RandomDrawResult } from '@mms/shared';
import { IconArrowsShuffle, IconFileSpreadsheet } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { downloadClientXlsx } from '../../../components/data-list/export-xlsx.ts';
import { PageTitle } from '../../../components/page-title.tsx';
import { ClassSelect, useActiveYearId } from '../../../components/pickers.tsx';
import { PrintButton, PrintedPaper, printClasses } from '../../../components/print/printed-paper.tsx';
import { notifyError } from '../../../lib/notify.ts';
import { useRandomDraw } from '../api.ts';
import '../../../i18n/list/index.ts';

interface Row {
  group: number;
  number: number;
  nis: string;
  name: string;
}

const rowsOf = (r: RandomDrawResult): Row[] =>
  r.groups.flatMap((g) => g.students.map((s, i) => ({ group: g.number, number: i + 1, nis: s.nis, name: s.name })));

function Result({ result }: { result: RandomDrawResult }) {
  const { t } = useTranslation();
  const c = result.classGroup;
  const exportXlsx = () =>
    downloadClientXlsx(
      {
        title: t('admin.random.printTitle'),
        filters: [
          [t('admin.random.class'), `${c.name} (${c.unitCode}, ${c.academicYearName})`],
          [t('admin.random.mode'), t(`admin.random.${result.mode}`)],
          [t(result.mode === 'pick' ? 'admin.random.countPick' : 'admin.random.countGroups'), String(result.count)],
          [t('admin.random.seed'), String(result.seed)],
        ],
      },
      [
        ...(result.mode === 'groups' ? [{ title: t('admin.random.group'), value: (r: Row) => r.group }] : []),
        { title: t('admin.random.number'), value: (r: Row) => r.number },
        { title: t('admin.random.nis'), value: (r: Row) => r.nis },
        { title: t('admin.random.name'), value: (r: Row) => r.name },
      ],
      rowsOf(result),
      `${t('admin.random.exportName')}-${c.name}-${result.seed}.xlsx`,
    ).catch(notifyError);
  return (
    <PrintedPaper
      unitId={null}
      title={t('admin.random.printTitle')}
      signed={false}
      subtitle={
        <>
          <Text size="sm">
            {t('admin.random.classLine', {
              name: c.name,
              unit: c.unitCode,
              year: c.academicYearName,
              size: result.classSize,
            })}
          </Text>
          <Text fw={700} data-testid="draw-seed">
            {t('admin.random.seedShown', { seed: result.seed })}
          </Text>
          <Text size="xs" c="dimmed">
            {t('admin.random.seedRepeat')}
          </Text>
        </>
      }
      actions={
        <>
          <Button
            variant="default"
            leftSection={<IconFileSpreadsheet size={16} aria-hidden />}
            onClick={() => void exportXlsx()}
          >
            {t('list.export')}
          </Button>
          <PrintButton />
        </>
      }
    >
      <SimpleGrid
        cols={{ base: 1, sm: result.groups.length > 1 ? 2 : 1, lg: result.groups.length > 2 ? 3 : 1 }}
        mt="md"
      >
        {result.groups.map((g) => {
          const heading =
            result.mode === 'pick' ? t('admin.random.drawnTitle') : t('admin.random.groupTitle', { number: g.number });
          return (
            <Stack key={g.number} gap={4}>
              <Title order={2} fz="h5">
                {heading}
              </Title>
              <Table aria-label={heading} withTableBorder data-testid="draw-group">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>{t('admin.random.number')}</Table.Th>
                    <Table.Th>{t('admin.random.nis')}</Table.Th>
                    <Table.Th>{t('admin.random.name')}</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {g.students.map((s, i) => (
                    <Table.Tr key={s.id}>
                      <Table.Td>{i + 1}</Table.Td>
                      <Table.Td>{s.nis}</Table.Td>
                      <Table.Td>{s.name}</Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Stack>
          );
        })}
      </SimpleGrid>
    </PrintedPaper>
  );
}

/** other-random-generator: draw N students of a class or split it into N groups, repeatable from the seed shown. */
export function RandomGeneratorPage() {
  const { t } = useTranslation();
  const activeYear = useActiveYearId();
  const [classGroupId, setClassGroupId] = useState<number | null>(null);
  const [mode, setMode] = useState<RandomDrawMode>('pick');
  const [count, setCount] = useState<number | string>(5);
  const [seed, setSeed] = useState<number | string>('');
  const draw = useRandomDraw();

  const run = (withSeed?: number) => {
    if (!classGroupId) return;
    const s = withSeed ?? (typeof seed === 'number' ? seed : undefined);
    draw.mutate(
      { classGroupId, mode, count: typeof count === 'number' ? count : 0, seed: s },
      { onError: (e) => notifyError(e) },
    );
  };

  return (
    <Stack>
      <Paper withBorder p={{ base: 'sm', sm: 'lg' }} radius="md" className={printClasses.noPrint}>
        <PageTitle>{t('admin.random.title')}</PageTitle>
        <form
          onSubmit={(e) => {
            e.preventDefault();
            run();
          }}
        >
          <Group align="flex-end" gap="sm" wrap="wrap">
            <ClassSelect
              value={classGroupId}
              onChange={setClassGroupId}
              academicYearId={activeYear}
              withAsterisk
              placeholder={t('admin.random.chooseClass')}
              w={{ base: '100%', sm: 240 }}
            />
            <Stack gap={4}>
              <Text size="sm" fw={500} id="draw-mode-label">
                {t('admin.random.mode')}
              </Text>
              <SegmentedControl
                aria-labelledby="draw-mode-label"
                value={mode}
                onChange={(v) => setMode(v as RandomDrawMode)}
                data={[
                  { value: 'pick', label: t('admin.random.pick') },
                  { value: 'groups', label: t('admin.random.groups') },
                ]}
              />
            </Stack>
            <NumberInput
              label={mode === 'pick' ? t('admin.random.countPick') : t('admin.random.countGroups')}
              value={count}
              onChange={setCount}
              min={1}
              max={200}
              allowDecimal={false}
              allowNegative={false}
              w={{ base: '100%', sm: 150 }}
            />
            <NumberInput
              label={t('admin.random.seed')}
              description={t('admin.random.seedHint')}
              value={seed}
              onChange={setSeed}
              min={1}
              max={MAX_DRAW_SEED}
              allowDecimal={false}
              allowNegative={false}
              w={{ base: '100%', sm: 260 }}
            />
            <Button
              type="submit"
              leftSection={<IconArrowsShuffle size={16} aria-hidden />}
              loading={draw.isPending}
              disabled={!classGroupId}
            >
              {t('admin.random.draw')}
            </Button>
          </Group>
        </form>
        {!classGroupId && (
          <Alert mt="md" variant="light">
            {t('admin.random.chooseClass')}
          </Alert>
        )}
      </Paper>
      {draw.data && <Result result={draw.data} />}
    </Stack>
  );
}

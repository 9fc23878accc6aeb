import {
  Button,
  Group,
  NumberInput,
  Paper,
  SegmentedControl,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { LedgerEntryInput, type StudentLedger } from '@mms/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DateField } from '../../../components/date-fields.tsx';
import { serverToday } from '../../../lib/clock.ts';
import { dateText } from '../../../lib/display.ts';
import { useFieldErrors } from '../../../lib/field-errors.ts';
import { notifyDone, notifyError } from '../../../lib/notify.ts';
import { issueErrors } from '../../../lib/validation.ts';
import { useAddLedgerEntry } from '../api.ts';

/** Every line of a student's point record of the year, with the balance after each line. */
export function LedgerView({ ledger }: { ledger: StudentLedger }) {
  const { t } = useTranslation();
  const source = (s: string) => t(`discipline.sources.${s}`, { defaultValue: s });
  return (
    <Stack gap="sm">
      <Group gap="lg">
        <Text>{t('discipline.ledger.schoolYear', { year: ledger.schoolYear })}</Text>
        <Text fw={700} data-testid="ledger-balance">
          {t('discipline.ledger.balance')}: {ledger.balance}
        </Text>
      </Group>
      <Text size="sm">
        {ledger.reached
          ? t('discipline.ledger.reached', { title: ledger.reached.title, points: ledger.reached.points })
          : t('discipline.ledger.noneReached')}
      </Text>
      {ledger.lines.length === 0 ? (
        <Text c="dimmed">{t('discipline.ledger.empty')}</Text>
      ) : (
        <Table.ScrollContainer minWidth={560}>
          <Table striped withTableBorder>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('discipline.date')}</Table.Th>
                <Table.Th>{t('discipline.ledger.source')}</Table.Th>
                <Table.Th>{t('discipline.notes')}</Table.Th>
                <Table.Th ta="right">{t('discipline.points')}</Table.Th>
                <Table.Th ta="right">{t('discipline.ledger.afterLine')}</Table.Th>
                <Table.Th>{t('discipline.ledger.by')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {ledger.lines.map((l) => (
                <Table.Tr key={l.id}>
                  <Table.Td>{dateText(l.date, 'short')}</Table.Td>
                  <Table.Td>{source(l.source)}</Table.Td>
                  <Table.Td>{l.note}</Table.Td>
                  <Table.Td ta="right">{l.points > 0 ? `+${l.points}` : l.points}</Table.Td>
                  <Table.Td ta="right">{l.balance}</Table.Td>
                  <Table.Td>{l.createdByName}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Stack>
  );
}

/** Pemutihan or a manual adjustment with its reason (BPBK and the principal). */
export function LedgerEntryForm({ studentId }: { studentId: number }) {
  const { t } = useTranslation();
  const add = useAddLedgerEntry(studentId);
  const [v, setV] = useState({
    kind: 'remission' as 'remission' | 'adjustment',
    date: serverToday(),
    points: 10 as number | string,
    reason: '',
  });
  const [errors, setErrors] = useFieldErrors(v);
  const submit = () => {
    const parsed = LedgerEntryInput.safeParse({ ...v, points: typeof v.points === 'number' ? v.points : NaN });
    if (!parsed.success) return setErrors(issueErrors(parsed.error, 'first'));
    setErrors({});
    add.mutate(parsed.data, {
      onSuccess: () => {
        setV({ ...v, reason: '' });
        notifyDone('saved');
      },
      onError: notifyError,
    });
  };
  return (
    <Paper withBorder p="md" radius="md">
      <Stack gap="sm">
        <Title order={2} fz="h5">
          {t('discipline.ledger.entryTitle')}
        </Title>
        <SegmentedControl
          aria-label={t('discipline.ledger.kind')}
          value={v.kind}
          onChange={(kind) => setV({ ...v, kind: kind as 'remission' | 'adjustment' })}
          data={[
            { value: 'remission', label: t('discipline.ledger.kindRemission') },
            { value: 'adjustment', label: t('discipline.ledger.kindAdjustment') },
          ]}
        />
        <Group align="flex-end" wrap="wrap">
          <DateField
            label={t('discipline.date')}
            max={serverToday()}
            value={v.date}
            error={errors.date}
            onChange={(d) => d && setV({ ...v, date: d })}
          />
          <NumberInput
            label={t('discipline.points')}
            value={v.points}
            error={errors.points}
            onChange={(points) => setV({ ...v, points })}
            w={{ base: '100%', xs: 120 }}
          />
        </Group>
        <TextInput
          label={t('discipline.ledger.reason')}
          value={v.reason}
          error={errors.reason}
          onChange={(e) => setV({ ...v, reason: e.currentTarget.value })}
        />
        <Group>
          <Button color="green" loading={add.isPending} onClick={submit}>
            {t('discipline.ledger.add')}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}

import { Button, Group, Stack, Text, TextInput, Textarea } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { RupiahInput } from './rupiah-input.tsx';

/** The fields of an adjustment (with its label) or a correction: a signed whole-rupiah amount and a reason. */
export function LineDialog(props: {
  withLabel: boolean;
  pending: boolean;
  onSubmit: (v: { label: string; amount: number; reason: string }) => void;
}) {
  const { t } = useTranslation();
  const [label, setLabel] = useState('');
  const [amount, setAmount] = useState(0);
  const [reason, setReason] = useState('');
  return (
    <Stack>
      {props.withLabel && (
        <TextInput
          label={t('bisyaroh.process.label')}
          value={label}
          onChange={(e) => setLabel(e.currentTarget.value)}
          required
        />
      )}
      <RupiahInput label={t('bisyaroh.common.amount')} value={amount} onChange={setAmount} negative required />
      <Text size="sm">{t('bisyaroh.process.adjustHint')}</Text>
      <Textarea
        label={t('bisyaroh.common.reason')}
        value={reason}
        onChange={(e) => setReason(e.currentTarget.value)}
        required
      />
      <Group justify="flex-end">
        <Button loading={props.pending} onClick={() => props.onSubmit({ label, amount, reason })}>
          {t('bisyaroh.common.save')}
        </Button>
      </Group>
    </Stack>
  );
}

import { Alert, Badge, Button, Group, Paper, Stack, Text, TextInput, Textarea, Title } from '@mantine/core';
import { InstrumentMetaInput, type Instrument } from '@mms/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notifyDone, notifyError } from '../../../lib/notify.ts';
import { issueErrors } from '../../../lib/validation.ts';
import { useUpdateInstrument } from '../api.ts';

/** Items marked as a sample by MMS: their source says so. */
export const isSample = (i: Pick<Instrument, 'source'>) => i.source.startsWith('CONTOH');

/** The instrument's name, texts, source and licence (the licence is shown to whoever edits the items). */
export function MetaForm({ instrument }: { instrument: Instrument }) {
  const { t } = useTranslation();
  const [values, setValues] = useState({
    name: instrument.name,
    description: instrument.description,
    instructions: instrument.instructions,
    source: instrument.source,
    licence: instrument.licence,
  });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const update = useUpdateInstrument(instrument.id);
  const field = (key: keyof typeof values) => ({
    label: t(`instruments.meta.${key}`),
    value: values[key],
    error: errors[key],
    onChange: (e: { currentTarget: { value: string } }) => setValues((v) => ({ ...v, [key]: e.currentTarget.value })),
  });
  const submit = () => {
    const parsed = InstrumentMetaInput.safeParse(values);
    if (!parsed.success) return setErrors(issueErrors(parsed.error));
    setErrors({});
    update.mutate(parsed.data, {
      onSuccess: () => notifyDone('saved', t('instruments.meta.what')),
      onError: notifyError,
    });
  };
  return (
    <Paper withBorder p="md">
      <Stack gap="sm">
        <Group justify="space-between">
          <Title order={2} fz="h4">
            {t('instruments.meta.title')}
          </Title>
          <Badge variant="light">{t('instruments.meta.version', { n: instrument.version })}</Badge>
        </Group>
        <Text size="sm" data-testid="instrument-licence">
          {t('instruments.sourceLine', { source: instrument.source || '–', licence: instrument.licence || '–' })}
        </Text>
        {isSample(instrument) && <Alert color="yellow">{t('instruments.sample')}</Alert>}
        <TextInput {...field('name')} withAsterisk />
        <Textarea {...field('description')} autosize minRows={1} />
        <Textarea {...field('instructions')} autosize minRows={2} />
        <Group grow align="flex-start">
          <TextInput {...field('source')} />
          <TextInput {...field('licence')} />
        </Group>
        <Group justify="flex-end">
          <Button variant="light" onClick={submit} loading={update.isPending}>
            {t('instruments.meta.save')}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}

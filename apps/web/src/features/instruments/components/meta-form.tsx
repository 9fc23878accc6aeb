import { Alert, Badge, Button, Group, Paper, Stack, Text, TextInput, Textarea, Title } from '@mantine/core';
import { InstrumentMetaInput, type Instrument } from '@mms/shared';
import { useTranslation } from 'react-i18next';
import { useContractForm } from '../../../lib/contract-form.ts';
import { notifyDone } from '../../../lib/notify.ts';
import { useUpdateInstrument } from '../api.ts';

/** Items marked as a sample by MMS: their source says so. */
export const isSample = (i: Pick<Instrument, 'source'>) => i.source.startsWith('CONTOH');

/** The instrument's name, texts, source and licence (the licence is shown to whoever edits the items). */
export function MetaForm({ instrument }: { instrument: Instrument }) {
  const { t } = useTranslation();
  const update = useUpdateInstrument(instrument.id);
  const form = useContractForm(InstrumentMetaInput, {
    name: instrument.name,
    description: instrument.description,
    instructions: instrument.instructions,
    source: instrument.source,
    licence: instrument.licence,
  });
  const field = (key: 'name' | 'description' | 'instructions' | 'source' | 'licence') => ({
    label: t(`instruments.meta.${key}`),
    ...form.field(key),
  });
  const submit = form.submit(async (data) => {
    await update.mutateAsync(data);
    notifyDone('saved', t('instruments.meta.what'));
  });
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
          <Button variant="light" onClick={() => void submit()} loading={update.isPending}>
            {t('instruments.meta.save')}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}

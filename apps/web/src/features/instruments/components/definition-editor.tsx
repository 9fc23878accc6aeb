import {
  ActionIcon,
  Alert,
  Button,
  Checkbox,
  Group,
  NumberInput,
  Paper,
  Select,
  Stack,
  Text,
  TextInput,
  Textarea,
  Title,
} from '@mantine/core';
import {
  INSTRUMENT_ITEM_TYPES,
  InstrumentDefinitionInput,
  SCALE_SCORINGS,
  type Instrument,
  type InstrumentItemType,
  type ScaleBand,
  type ScaleScoring,
} from '@mms/shared';
import { IconArrowUp, IconPlus, IconTrash } from '@tabler/icons-react';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../../lib/api.ts';
import { notifyDone, notifyError } from '../../../lib/notify.ts';
import { issueErrors, messageText } from '../../../lib/validation.ts';
import { useSaveDefinition } from '../api.ts';

export interface ScaleDraft {
  code: string;
  name: string;
  description: string;
  scoring: ScaleScoring;
  bands: ScaleBand[];
}
export interface ItemDraft {
  text: string;
  type: InstrumentItemType;
  scaleCode: string | null;
  reversed: boolean;
  weight: number;
  options: { label: string; scaleCode: string }[];
}
export interface DefinitionDraft {
  scales: ScaleDraft[];
  items: ItemDraft[];
}

export const draftOf = (instrument: Instrument): DefinitionDraft => ({
  scales: instrument.scales.map(({ code, name, description, scoring, bands }) => ({
    code,
    name,
    description,
    scoring,
    bands,
  })),
  items: instrument.items.map(({ text, type, scaleCode, reversed, weight, options }) => ({
    text,
    type,
    scaleCode,
    reversed,
    weight,
    options,
  })),
});

/** The problems of a draft by field path ("items.3.scaleCode"), in the reader's language: the contract's check. */
export function draftErrors(draft: DefinitionDraft): Record<string, string> {
  const parsed = InstrumentDefinitionInput.safeParse(draft);
  return parsed.success ? {} : issueErrors(parsed.error);
}

const replaceAt = <T,>(list: T[], i: number, next: T) => list.map((x, j) => (j === i ? next : x));
const removeAt = <T,>(list: T[], i: number) => list.filter((_, j) => j !== i);

/**
 * The items and scales editor: every scale with its scoring and bands, every item with its type, scale, reversal,
 * weight and options. Checked with the save's own contract before it is sent; the server checks again.
 */
export function DefinitionEditor({ instrument }: { instrument: Instrument }) {
  const { t } = useTranslation();
  const [draft, setDraft] = useState<DefinitionDraft>(() => draftOf(instrument));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const save = useSaveDefinition(instrument.id);
  const err = (path: string) => errors[path];
  // a code typed twice is an error to show, not two options (the select takes each value once)
  const scaleOptions = draft.scales
    .filter((s, i) => s.code && draft.scales.findIndex((o) => o.code === s.code) === i)
    .map((s) => ({ value: s.code, label: `${s.code} – ${s.name}` }));

  const setScale = (i: number, next: Partial<ScaleDraft>) =>
    setDraft((d) => ({ ...d, scales: replaceAt(d.scales, i, { ...d.scales[i]!, ...next }) }));
  const setItem = (i: number, next: Partial<ItemDraft>) =>
    setDraft((d) => ({ ...d, items: replaceAt(d.items, i, { ...d.items[i]!, ...next }) }));

  const submit = () => {
    const problems = draftErrors(draft);
    setErrors(problems);
    if (Object.keys(problems).length) return;
    save.mutate(draft, {
      onSuccess: () => notifyDone('saved', t('instruments.savedWhat')),
      onError: (e) => {
        if (isApiError(e) && Object.keys(e.fields).length) {
          setErrors(Object.fromEntries(Object.entries(e.fields).map(([k, v]) => [k, messageText(v)])));
        }
        notifyError(e);
      },
    });
  };
  const problemCount = Object.keys(errors).length;

  return (
    <Stack gap="md">
      {instrument.answered && <Alert color="blue">{t('instruments.answered')}</Alert>}
      <Title order={2} fz="h4">
        {t('instruments.scales.title')}
      </Title>
      {draft.scales.map((s, i) => (
        <Paper key={i} withBorder p="sm" component="fieldset" aria-label={`${t('instruments.scales.title')} ${i + 1}`}>
          <Group align="flex-start" wrap="wrap">
            <TextInput
              label={t('instruments.scales.code')}
              value={s.code}
              onChange={(e) => setScale(i, { code: e.currentTarget.value.toUpperCase() })}
              error={err(`scales.${i}.code`)}
              w={110}
              withAsterisk
            />
            <TextInput
              label={t('instruments.scales.name')}
              value={s.name}
              onChange={(e) => setScale(i, { name: e.currentTarget.value })}
              error={err(`scales.${i}.name`)}
              w={{ base: '100%', sm: 240 }}
              withAsterisk
            />
            <Select
              label={t('instruments.scales.scoring')}
              data={SCALE_SCORINGS.map((v) => ({ value: v, label: t(`instruments.scales.scorings.${v}`) }))}
              value={s.scoring}
              onChange={(v) => v && setScale(i, { scoring: v as ScaleScoring })}
              allowDeselect={false}
              w={200}
            />
            <TextInput
              label={t('instruments.scales.description')}
              value={s.description}
              onChange={(e) => setScale(i, { description: e.currentTarget.value })}
              style={{ flex: 1 }}
              miw={200}
            />
            <RemoveButton
              mt={28}
              label={t('instruments.scales.remove', { code: s.code || i + 1 })}
              onClick={() => setDraft((d) => ({ ...d, scales: removeAt(d.scales, i) }))}
            />
          </Group>
          <Text size="sm" fw={600} mt="sm">
            {t('instruments.scales.bands')}
          </Text>
          {err(`scales.${i}.bands`) && (
            <Text c="red.8" size="sm" role="alert">
              {err(`scales.${i}.bands`)}
            </Text>
          )}
          {s.bands.map((b, j) => (
            <Group key={j} align="flex-end" wrap="wrap" mt={4}>
              <NumberInput
                label={t('instruments.scales.from')}
                value={b.from}
                onChange={(v) => setScale(i, { bands: replaceAt(s.bands, j, { ...b, from: Number(v) || 0 }) })}
                w={90}
                decimalScale={2}
              />
              <NumberInput
                label={t('instruments.scales.to')}
                value={b.to}
                onChange={(v) => setScale(i, { bands: replaceAt(s.bands, j, { ...b, to: Number(v) || 0 }) })}
                w={90}
                decimalScale={2}
              />
              <TextInput
                label={t('instruments.scales.label')}
                value={b.label}
                onChange={(e) => setScale(i, { bands: replaceAt(s.bands, j, { ...b, label: e.currentTarget.value }) })}
                error={err(`scales.${i}.bands.${j}.label`)}
                w={150}
              />
              <TextInput
                label={t('instruments.scales.interpretation')}
                value={b.interpretation}
                onChange={(e) =>
                  setScale(i, { bands: replaceAt(s.bands, j, { ...b, interpretation: e.currentTarget.value }) })
                }
                style={{ flex: 1 }}
                miw={200}
              />
              <RemoveButton
                mb={4}
                label={t('instruments.scales.removeBand', { n: j + 1 })}
                onClick={() => setScale(i, { bands: removeAt(s.bands, j) })}
              />
            </Group>
          ))}
          <AddRowButton
            mt="xs"
            onClick={() => setScale(i, { bands: [...s.bands, { from: 0, to: 0, label: '', interpretation: '' }] })}
          >
            {t('instruments.scales.addBand')}
          </AddRowButton>
        </Paper>
      ))}
      <Group>
        <Button
          variant="light"
          leftSection={<IconPlus size={16} aria-hidden />}
          onClick={() =>
            setDraft((d) => ({
              ...d,
              scales: [...d.scales, { code: '', name: '', description: '', scoring: 'SUM', bands: [] }],
            }))
          }
        >
          {t('instruments.scales.add')}
        </Button>
      </Group>

      <Title order={2} fz="h4">
        {t('instruments.items.title', { n: draft.items.length })}
      </Title>
      {draft.items.map((item, i) => (
        <Paper key={i} withBorder p="sm">
          <Group align="flex-start" wrap="wrap">
            <Text fw={600} mt={28} w={32}>
              {i + 1}.
            </Text>
            <Textarea
              label={t('instruments.items.text', { n: i + 1 })}
              value={item.text}
              onChange={(e) => setItem(i, { text: e.currentTarget.value })}
              error={err(`items.${i}.text`)}
              autosize
              minRows={1}
              style={{ flex: 1 }}
              miw={240}
              withAsterisk
            />
            <Select
              label={t('instruments.items.type')}
              data={INSTRUMENT_ITEM_TYPES.map((v) => ({ value: v, label: t(`instruments.items.types.${v}`) }))}
              value={item.type}
              onChange={(v) =>
                v &&
                setItem(i, {
                  type: v as InstrumentItemType,
                  options:
                    v === 'CHOICE' && item.options.length === 0
                      ? [
                          { label: '', scaleCode: '' },
                          { label: '', scaleCode: '' },
                        ]
                      : item.options,
                })
              }
              allowDeselect={false}
              w={140}
            />
            {item.type !== 'CHOICE' && (
              <>
                <Select
                  label={t('instruments.items.scale')}
                  data={scaleOptions}
                  value={item.scaleCode}
                  onChange={(v) => setItem(i, { scaleCode: v })}
                  error={err(`items.${i}.scaleCode`)}
                  w={180}
                  withAsterisk
                />
                <Checkbox
                  label={t('instruments.items.reversed')}
                  checked={item.reversed}
                  onChange={(e) => setItem(i, { reversed: e.currentTarget.checked })}
                  mt={34}
                />
              </>
            )}
            <NumberInput
              label={t('instruments.items.weight')}
              value={item.weight}
              onChange={(v) => setItem(i, { weight: Number(v) || 0 })}
              error={err(`items.${i}.weight`)}
              min={1}
              max={10}
              w={80}
            />
            <Group gap={4} mt={28}>
              <ActionIcon
                variant="subtle"
                aria-label={t('instruments.items.up', { n: i + 1 })}
                disabled={i === 0}
                onClick={() =>
                  setDraft((d) => {
                    const items = [...d.items];
                    [items[i - 1], items[i]] = [items[i]!, items[i - 1]!];
                    return { ...d, items };
                  })
                }
              >
                <IconArrowUp size={16} aria-hidden />
              </ActionIcon>
              <RemoveButton
                label={t('instruments.items.remove', { n: i + 1 })}
                onClick={() => setDraft((d) => ({ ...d, items: removeAt(d.items, i) }))}
              />
            </Group>
          </Group>
          {item.type === 'CHOICE' && (
            <Stack gap={4} mt="xs" ml={40}>
              {err(`items.${i}.options`) && (
                <Text c="red.8" size="sm" role="alert">
                  {err(`items.${i}.options`)}
                </Text>
              )}
              {item.options.map((o, j) => (
                <Group key={j} align="flex-end" wrap="wrap">
                  <TextInput
                    label={t('instruments.items.option', { n: j + 1 })}
                    value={o.label}
                    onChange={(e) =>
                      setItem(i, { options: replaceAt(item.options, j, { ...o, label: e.currentTarget.value }) })
                    }
                    error={err(`items.${i}.options.${j}.label`)}
                    style={{ flex: 1 }}
                    miw={200}
                  />
                  <Select
                    label={t('instruments.items.optionScale', { n: j + 1 })}
                    data={scaleOptions}
                    value={o.scaleCode || null}
                    onChange={(v) => setItem(i, { options: replaceAt(item.options, j, { ...o, scaleCode: v ?? '' }) })}
                    error={err(`items.${i}.options.${j}.scaleCode`)}
                    w={180}
                  />
                  <RemoveButton
                    mb={4}
                    label={t('instruments.items.removeOption', { n: j + 1 })}
                    onClick={() => setItem(i, { options: removeAt(item.options, j) })}
                  />
                </Group>
              ))}
              <AddRowButton
                w="fit-content"
                onClick={() => setItem(i, { options: [...item.options, { label: '', scaleCode: '' }] })}
              >
                {t('instruments.items.addOption')}
              </AddRowButton>
            </Stack>
          )}
        </Paper>
      ))}
      <Group>
        <Button
          variant="light"
          leftSection={<IconPlus size={16} aria-hidden />}
          onClick={() =>
            setDraft((d) => ({
              ...d,
              items: [
                ...d.items,
                { text: '', type: 'LIKERT5', scaleCode: null, reversed: false, weight: 1, options: [] },
              ],
            }))
          }
        >
          {t('instruments.items.add')}
        </Button>
      </Group>
      {problemCount > 0 && (
        <Alert color="red" role="alert">
          {t('instruments.problems', { count: problemCount })}
          {errors.scales && <Text size="sm">{errors.scales}</Text>}
          {errors.items && <Text size="sm">{errors.items}</Text>}
        </Alert>
      )}
      <Group justify="flex-end">
        <Button color="green" onClick={submit} loading={save.isPending}>
          {t('instruments.saveDefinition')}
        </Button>
      </Group>
    </Stack>
  );
}

/** The red bin that removes one scale, band, item or option; its label names which. */
function RemoveButton({ label, ...rest }: { label: string; onClick: () => void; mt?: number; mb?: number }) {
  return (
    <ActionIcon variant="subtle" color="red" aria-label={label} {...rest}>
      <IconTrash size={16} aria-hidden />
    </ActionIcon>
  );
}

/** The small "add a band / an option" button under a list of rows. */
function AddRowButton(props: { onClick: () => void; mt?: string; w?: string; children: ReactNode }) {
  return <Button variant="subtle" size="xs" leftSection={<IconPlus size={14} aria-hidden />} {...props} />;
}

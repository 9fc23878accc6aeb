import { Button, Group, Select, Switch } from '@mantine/core';
import {
  Controller,
  useForm,
  type Control,
  type DefaultValues,
  type FieldPath,
  type FieldValues,
} from 'react-hook-form';
import type { z } from 'zod';
import { notifyDone, notifyError } from '../lib/notify.ts';
import { formResolver } from '../lib/validation.ts';

/**
 * A small master-data form (a payment component, an account of the chart): the contract checks the values in the
 * reader's language, a valid form saves (new or by id), says so and closes.
 */
export function useSaveForm<V extends FieldValues, B>(options: {
  schema: z.ZodType<B>;
  /** the values as the contract wants them */
  prepare: (values: V) => unknown;
  defaultValues: DefaultValues<V>;
  save: {
    mutate: (
      variables: { id?: number; body: B },
      options: { onSuccess: () => void; onError: (error: unknown) => void },
    ) => void;
  };
  id: number | undefined;
  onDone: () => void;
}) {
  const { schema, prepare, save, id, onDone } = options;
  const form = useForm<V>({ resolver: formResolver<V>(schema, prepare), defaultValues: options.defaultValues });
  const submit = form.handleSubmit((v) =>
    save.mutate(
      { id, body: schema.parse(prepare(v)) },
      {
        onSuccess: () => {
          notifyDone('saved');
          onDone();
        },
        onError: notifyError,
      },
    ),
  );
  return { form, submit, errors: form.formState.errors };
}

/** A choice of one of a fixed list (frequency, account kind). */
export function ChoiceField<V extends FieldValues>(props: {
  control: Control<V>;
  name: FieldPath<V>;
  label: string;
  data: { value: string; label: string }[];
  error: string | undefined;
}) {
  return (
    <Controller
      control={props.control}
      name={props.name}
      render={({ field }) => (
        <Select
          label={props.label}
          data={props.data}
          value={field.value}
          onChange={(v) => field.onChange(v ?? '')}
          error={props.error}
          allowDeselect={false}
        />
      )}
    />
  );
}

/** An on/off field (active). */
export function SwitchField<V extends FieldValues>(props: { control: Control<V>; name: FieldPath<V>; label: string }) {
  return (
    <Controller
      control={props.control}
      name={props.name}
      render={({ field }) => (
        <Switch label={props.label} checked={field.value} onChange={(e) => field.onChange(e.currentTarget.checked)} />
      )}
    />
  );
}

/** The form's save button, at the right. */
export function SaveRow({ loading, label }: { loading: boolean; label: string }) {
  return (
    <Group justify="flex-end">
      <Button type="submit" loading={loading}>
        {label}
      </Button>
    </Group>
  );
}

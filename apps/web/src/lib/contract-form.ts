import type { ChangeEvent } from 'react';
import {
  get,
  useForm,
  useWatch,
  type DefaultValues,
  type FieldValues,
  type Path,
  type PathValue,
  type UseFormReturn,
} from 'react-hook-form';
import type { z } from 'zod';
import { isApiError } from './api.ts';
import { notifyError } from './notify.ts';
import { formResolver, messageText } from './validation.ts';

/** A Mantine input's change: an input event (TextInput, Checkbox) or the value itself (Select, NumberInput). */
type Change = ChangeEvent<HTMLInputElement | HTMLTextAreaElement> | unknown;

const isEvent = (next: unknown): next is ChangeEvent<HTMLInputElement> =>
  typeof next === 'object' && next !== null && 'currentTarget' in next && 'nativeEvent' in next;

/** What an input's change means: the text of an input event, or the value a Mantine picker gives. */
const valueOf = (next: Change, checked = false): unknown =>
  isEvent(next) ? (checked ? next.currentTarget.checked : next.currentTarget.value) : next;

/** The first message in a nested error tree (depth first, in the order of its keys). */
function firstMessage(node: unknown): string | undefined {
  if (!node || typeof node !== 'object') return undefined;
  const { message, ref: _ref, ...rest } = node as { message?: unknown; ref?: unknown };
  if (typeof message === 'string') return message;
  for (const child of Object.values(rest)) {
    const found = firstMessage(child);
    if (found) return found;
  }
  return undefined;
}

export interface ContractForm<V extends FieldValues, O> {
  /** the react-hook-form form (watch, setValue, reset, formState ...) */
  form: UseFormReturn<V>;
  /** value, onChange and error of a Mantine input of the field (TextInput, Select, NumberInput, DateField ...) */
  field: <N extends Path<V>>(
    name: N,
  ) => { value: PathValue<V, N>; onChange: (next: Change) => void; error: string | undefined };
  /** checked, onChange and error of a Checkbox or Switch of a boolean field */
  check: <N extends Path<V>>(
    name: N,
  ) => { checked: boolean; onChange: (next: Change) => void; error: string | undefined };
  /** the values as the inputs hold them now */
  values: V;
  /** the message at a path or the first one below it (a list whose items are checked one by one) */
  firstError: (name: string) => string | undefined;
  /** the field's current value */
  value: <N extends Path<V>>(name: N) => PathValue<V, N>;
  /** the message at a path of the contract (a field, `root` for a check of the whole form, or a path of the
   *  contract that is no input of its own), in the reader's language */
  error: (name: string) => string | undefined;
  /** the form's submit handler: a valid form calls `onValid` with the contract's output; a failed call puts
   *  the server's field errors under their inputs and says what failed */
  submit: (onValid: (data: O) => unknown) => (event?: { preventDefault?: () => void }) => Promise<void>;
  /** the server's field errors under their inputs, and a notification of the failure */
  showServerErrors: (error: unknown) => void;
  /** some field differs from where the form started (for useUnsavedChanges) */
  dirty: boolean;
}

/**
 * One way to hold a form: react-hook-form with the shared contract as its resolver (messages in the reader's
 * language). `values` are what the inputs hold ('' for an empty box); `prepare` turns them into what the
 * contract takes when they differ (a NumberInput's '' as undefined, a Select's id string as a number).
 * Before the first submit nothing is checked; after it, a field is checked again as it changes.
 */
export function useContractForm<S extends z.ZodType, V extends FieldValues>(
  schema: S,
  values: DefaultValues<V>,
  options: { prepare?: (values: V) => unknown } = {},
): ContractForm<V, z.output<S>> {
  const prepare = options.prepare ?? ((v: V) => v);
  const form = useForm<V>({ resolver: formResolver<V>(schema, prepare), defaultValues: values });
  const { errors, isSubmitted, isDirty } = form.formState;
  const current = useWatch({ control: form.control }) as V;
  const valueAt = <N extends Path<V>>(name: N) => get(current, name) as PathValue<V, N>;
  const error = (name: string): string | undefined =>
    (get(errors, name) as { message?: unknown } | undefined)?.message as string | undefined;
  const firstError = (name: string): string | undefined => error(name) ?? firstMessage(get(errors, name));
  const set = <N extends Path<V>>(name: N, next: unknown) =>
    form.setValue(name, next as PathValue<V, N>, { shouldDirty: true, shouldValidate: isSubmitted });
  const showServerErrors = (failure: unknown) => {
    if (isApiError(failure))
      for (const [name, message] of Object.entries(failure.fields))
        form.setError(name as Path<V>, { type: 'server', message: messageText(message) });
    notifyError(failure);
  };
  return {
    form,
    field: (name) => ({
      value: valueAt(name),
      onChange: (next) => set(name, valueOf(next)),
      error: error(name),
    }),
    check: (name) => ({
      checked: Boolean(valueAt(name)),
      onChange: (next) => set(name, valueOf(next, true)),
      error: error(name),
    }),
    values: current,
    value: valueAt,
    error,
    firstError,
    submit: (onValid) => async (event) => {
      event?.preventDefault?.();
      await form.handleSubmit(async (valid) => {
        try {
          await onValid(schema.parse(prepare(valid)) as z.output<S>);
        } catch (failure) {
          showServerErrors(failure);
        }
      })();
    },
    showServerErrors,
    dirty: isDirty,
  };
}

/** An empty number box ('') is "not given" to the contract, so it answers with its own "wajib diisi". */
export const numberOrUndefined = (value: number | string | null | undefined): number | undefined =>
  value === '' || value === null || value === undefined ? undefined : Number(value);

/** An empty number box ('') as NaN: a contract of a number answers "wajib diisi" or its range message. */
export const numberOrNaN = (value: number | string): number => (value === '' ? Number.NaN : Number(value));

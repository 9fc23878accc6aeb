import { useState } from 'react';

/**
 * Field errors of a form kept in plain state: an error shows only while its field still holds the value it
 * was given for, so it goes away as soon as the person changes that field (and the others stay).
 */
export function useFieldErrors<V extends Record<string, unknown>>(values: V) {
  const [state, setState] = useState<{ errors: Record<string, string>; at: V }>({ errors: {}, at: values });
  const errors = Object.fromEntries(
    Object.entries(state.errors).filter(([key]) => !(key in values) || Object.is(values[key], state.at[key])),
  );
  const setErrors = (next: Record<string, string>) => setState({ errors: next, at: values });
  return [errors, setErrors] as const;
}

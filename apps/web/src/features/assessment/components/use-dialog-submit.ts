import type { UseMutationResult } from '@tanstack/react-query';
import { useState } from 'react';
import type { z } from 'zod';
import { isApiError } from '../../../lib/api.ts';
import { notifyError, notifyInfo } from '../../../lib/notify.ts';
import { issueErrors } from '../../../lib/validation.ts';

/**
 * The submit of a small assessment dialog (schedule, share, draw rules): the form's own check first, its messages
 * on the fields; then the write, with the server's field messages on the same fields, a notice and `onDone`.
 */
export function useDialogSubmit<B, R>(
  mutation: UseMutationResult<R, Error, { id: number; body: B }>,
  { id, done, onDone }: { id: number; done: string; onDone: () => void },
) {
  const [errors, setErrors] = useState<Record<string, string>>({});
  const submit = (parsed: z.ZodSafeParseResult<B>) => {
    if (!parsed.success) {
      setErrors(issueErrors(parsed.error, 'first'));
      return;
    }
    setErrors({});
    mutation.mutate(
      { id, body: parsed.data },
      {
        onSuccess: () => {
          notifyInfo(done);
          onDone();
        },
        onError: (e) => {
          if (isApiError(e) && Object.keys(e.fields).length) setErrors(e.fields);
          notifyError(e);
        },
      },
    );
  };
  return { errors, submit };
}

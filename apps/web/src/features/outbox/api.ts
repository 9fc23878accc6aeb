import type { OutboxMessageDetail } from '@mms/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api.ts';

/** The list path under /api/v1 (the DataList of the screen reads it). */
export const OUTBOX_PATH = '/outbox';

/** One message with its delivery log; nothing is asked while no message is open. */
export const useOutboxMessage = (id: number | null) =>
  useQuery({
    queryKey: [OUTBOX_PATH, 'detail', id],
    queryFn: () => api<OutboxMessageDetail>(`${OUTBOX_PATH}/${id}`),
    enabled: id !== null,
    retry: false,
  });

/** Sends a failed message again (its attempts start afresh); the list and the open message are read again. */
export const useRetryOutboxMessage = () => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api<OutboxMessageDetail>(`${OUTBOX_PATH}/${id}/retry`, { method: 'POST' }),
    onSuccess: () => client.invalidateQueries({ queryKey: [OUTBOX_PATH] }),
  });
};

import type { StoredFile } from '@mms/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api.ts';

export const UPLOAD_HISTORY = '/upload-history';

export function useFileKinds() {
  return useQuery({
    queryKey: [UPLOAD_HISTORY, 'kinds'],
    queryFn: ({ signal }) =>
      api<{ items: { kind: string; files: number; bytes: number }[] }>(`${UPLOAD_HISTORY}/kinds`, { signal }),
  });
}

/** ADMIN removes a file nothing uses (the server answers 409 when something does). */
export function useRemoveFile() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (file: Pick<StoredFile, 'kind' | 'name'>) =>
      api(`${UPLOAD_HISTORY}/${file.kind}/${file.name}`, { method: 'DELETE' }),
    onSettled: () => client.invalidateQueries({ queryKey: [UPLOAD_HISTORY] }),
  });
}

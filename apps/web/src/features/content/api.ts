import type {
  CropInput,
  CropRatio,
  CropRect,
  MediaImage,
  Page,
  Post,
  PostInput,
  PublicPost,
  Student,
} from '@mms/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, apiForm } from '../../lib/api.ts';
import { SESSION_KEY } from '../../lib/session.ts';

const C = '/content';

function useRefresh() {
  const client = useQueryClient();
  return () => client.invalidateQueries({ predicate: (q) => String(q.queryKey[0]).startsWith(C) });
}

/** The original image and the crop the browser chose, as the server's crop routes take them. */
export function cropForm(file: File, ratio: CropRatio | null, rect: CropRect | null): FormData {
  const form = new FormData();
  if (ratio && rect) {
    form.set('ratio', ratio);
    for (const [k, v] of Object.entries(rect)) form.set(k, String(v));
  }
  form.set('file', file);
  return form;
}

export const useMediaImage = (id: number | null) =>
  useQuery({
    queryKey: [`${C}/images`, 'one', id],
    queryFn: () => api<MediaImage>(`${C}/images/${id}`),
    enabled: id !== null,
    retry: false,
  });

/** Recent library images of a ratio (the cover picker). */
export const useRecentImages = (ratio: CropRatio | null) =>
  useQuery({
    queryKey: [`${C}/images`, 'recent', ratio],
    queryFn: () => api<Page<MediaImage>>(`${C}/images`, { query: { ratio: ratio ?? undefined, pageSize: 24 } }),
  });

export function useUploadImage() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (v: { file: File; ratio: CropRatio | null; rect: CropRect | null }) =>
      apiForm<MediaImage>(`${C}/images`, cropForm(v.file, v.ratio, v.rect)),
    onSuccess: refresh,
    meta: { silent: true },
  });
}

export function useCropStored() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (v: { id: number; crop: CropInput }) =>
      api<MediaImage>(`${C}/images/${v.id}/crop`, { method: 'POST', body: v.crop }),
    onSuccess: refresh,
    meta: { silent: true },
  });
}

export function useDeleteImage() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (id: number) => api<{ ok: true }>(`${C}/images/${id}`, { method: 'DELETE' }),
    onSuccess: refresh,
  });
}

export const usePost = (id: number | null) =>
  useQuery({
    queryKey: [`${C}/posts`, 'one', id],
    queryFn: () => api<Post>(`${C}/posts/${id}`),
    enabled: id !== null,
    retry: false,
  });

export function useSavePost() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (v: { id: number | null; body: PostInput }) =>
      v.id
        ? api<Post>(`${C}/posts/${v.id}`, { method: 'PUT', body: v.body })
        : api<Post>(`${C}/posts`, { method: 'POST', body: v.body }),
    onSuccess: refresh,
    meta: { silent: true },
  });
}

export function usePostAction() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (v: { id: number; action: 'publish' | 'unpublish' | 'delete' }): Promise<Post | { ok: true }> =>
      v.action === 'delete'
        ? api<{ ok: true }>(`${C}/posts/${v.id}`, { method: 'DELETE' })
        : api<Post>(`${C}/posts/${v.id}/${v.action}`, { method: 'POST' }),
    onSuccess: refresh,
  });
}

/** The landing page's live public posts (no session needed). */
export const usePublicPosts = () =>
  useQuery({
    queryKey: [`${C}/public/posts`],
    queryFn: () => api<Page<PublicPost>>(`${C}/public/posts`, { query: { pageSize: 6 } }),
  });

/** The dashboard's posts for the signed-in user. */
export const useFeed = () =>
  useQuery({
    queryKey: [`${C}/feed`],
    queryFn: () => api<Page<PublicPost>>(`${C}/feed`, { query: { pageSize: 5 } }),
  });

export const usePublicPost = (id: number) =>
  useQuery({
    queryKey: [`${C}/public/posts`, id],
    queryFn: () => api<PublicPost>(`${C}/public/posts/${id}`),
    retry: false,
  });

/** One's own avatar from a square crop; the header and profile follow at once. */
export function useSetOwnAvatar() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (v: { file: File; rect: CropRect }) =>
      apiForm<{ avatarUrl: string }>('/me/avatar', cropForm(v.file, 'AVATAR', v.rect), { method: 'PUT' }),
    onSuccess: () => client.invalidateQueries({ queryKey: SESSION_KEY }),
    meta: { silent: true },
  });
}

export function useRemoveOwnAvatar() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => api<{ avatarUrl: null }>('/me/avatar', { method: 'DELETE' }),
    onSuccess: () => client.invalidateQueries({ queryKey: SESSION_KEY }),
  });
}

/** A student's photo (square crop, the student-photo rules) or an employee's avatar. */
export function useSetPersonAvatar(kind: 'students' | 'employees', id: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (v: { file: File; rect: CropRect }) =>
      apiForm<Student | { avatarUrl: string }>(`/${kind}/${id}/avatar`, cropForm(v.file, 'AVATAR', v.rect), {
        method: 'PUT',
      }),
    onSuccess: () => client.invalidateQueries({ queryKey: [`/${kind}`] }),
    meta: { silent: true },
  });
}

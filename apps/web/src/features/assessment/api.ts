import type {
  Question,
  QuestionChoices,
  QuestionImage,
  QuestionImportResult,
  QuestionInput,
  QuestionUpdate,
} from '@mms/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { fetchAllPages } from '../../components/data-list/fetch-all.ts';
import { filterQuery, type ListFilters } from '../../components/data-list/list-params.ts';
import { api, apiForm } from '../../lib/api.ts';

/** The subject and grade pairs the caller may write questions for (the same rule as the server's write check). */
export function useQuestionChoices() {
  return useQuery({
    queryKey: ['/questions/choices'],
    queryFn: () => api<QuestionChoices>('/questions/choices'),
    staleTime: 5 * 60_000,
  });
}

/** Writes a question, or its next version (PUT). */
export function useSaveQuestion() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: number | null; body: QuestionInput | QuestionUpdate }) =>
      id
        ? api<Question>(`/questions/${id}`, { method: 'PUT', body })
        : api<Question>('/questions', { method: 'POST', body }),
    onSuccess: () => void client.invalidateQueries({ queryKey: ['/questions'] }),
  });
}

export function useDeleteQuestion() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api<void>(`/questions/${id}`, { method: 'DELETE' }),
    onSuccess: () => void client.invalidateQueries({ queryKey: ['/questions'] }),
  });
}

export type QuestionFileFormat = 'xlsx' | 'docx';

/** Imports an Excel or Word file of questions into a subject and grade (all or nothing; errors by question). */
export function useImportQuestions(format: QuestionFileFormat) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ subjectId, gradeId, file }: { subjectId: number; gradeId: number; file: File }) => {
      const form = new FormData();
      form.append('file', file);
      return apiForm<QuestionImportResult>(`/questions/import/${format}`, form, { query: { subjectId, gradeId } });
    },
    onSuccess: () => void client.invalidateQueries({ queryKey: ['/questions'] }),
    meta: { silent: true },
  });
}

/** Every question the bank's filters select, for the printed paper. */
export function usePaperQuestions(filters: ListFilters, enabled: boolean) {
  const query = filterQuery(filters);
  return useQuery({
    queryKey: ['/questions', 'paper', query],
    queryFn: ({ signal }) =>
      fetchAllPages<Question>('/questions', query, signal).then((p) => p.items.sort((a, b) => a.id - b.id)),
    enabled,
  });
}

/** Uploads a picture from the question editor; answers the address the rich text points to. */
export async function uploadQuestionImage(file: File): Promise<string> {
  const form = new FormData();
  form.append('file', file);
  return (await apiForm<QuestionImage>('/questions/images', form)).url;
}

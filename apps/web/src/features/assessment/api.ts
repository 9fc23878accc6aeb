import type { Question, QuestionChoices, QuestionInput, QuestionUpdate } from '@mms/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api.ts';

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

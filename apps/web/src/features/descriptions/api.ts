import { DescriptionQuery, DescriptionSaveInput, DescriptionSaveResult, DescriptionSheet } from '@mms/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { endpoint } from '../../lib/endpoint.ts';

/** The routes of the rapor's descriptions (capaian kompetensi), with the contracts their server routes declare. */
const routes = {
  sheet: endpoint('GET', '/descriptions', { query: DescriptionQuery, response: DescriptionSheet }),
  save: endpoint('PUT', '/descriptions', { body: DescriptionSaveInput, response: DescriptionSaveResult }),
};

const KEY = '/descriptions';

/** Each student's drafted and saved description of a class's subject in a semester. */
export function useDescriptions(q: DescriptionQuery | null) {
  return useQuery({
    queryKey: [KEY, q],
    queryFn: () => routes.sheet({ query: q! }),
    enabled: q !== null,
    retry: false,
  });
}

/** Saves descriptions (accepted drafts or edited texts) of some students. */
export function useSaveDescriptions() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: DescriptionSaveInput) => routes.save({ body }),
    onSuccess: () => void client.invalidateQueries({ queryKey: [KEY] }),
  });
}

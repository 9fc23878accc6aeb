import type { Letterhead } from '@mms/shared';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api.ts';

/** The letterhead and signature of a unit's papers (`unitId`), or the foundation's (null: papers about every unit). */
export function useLetterhead(unitId: number | null) {
  return useQuery({
    queryKey: ['/letterhead', unitId],
    queryFn: () => api<Letterhead>('/letterhead', { query: unitId ? { unitId } : {} }),
    staleTime: 5 * 60_000,
  });
}

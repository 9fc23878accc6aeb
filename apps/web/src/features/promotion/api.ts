import {
  PromotionApplyInput,
  PromotionApplyResult,
  PromotionCreateInput,
  PromotionDecideInput,
  PromotionInternalOfferInput,
  PromotionInternalOfferResult,
  PromotionInternalWaves,
  PromotionQuery,
  PromotionRun,
} from '@mms/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { isApiError } from '../../lib/api.ts';
import { endpoint } from '../../lib/endpoint.ts';

/** The routes of the year-end promotion (docs/promotion.md), with the contracts their server routes declare. */
const routes = {
  find: endpoint('GET', '/promotions', { query: PromotionQuery, response: PromotionRun }),
  propose: endpoint('POST', '/promotions', { body: PromotionCreateInput, response: PromotionRun }),
  decide: endpoint('PUT', '/promotions/:id/decisions', { body: PromotionDecideInput, response: PromotionRun }),
  apply: endpoint('POST', '/promotions/:id/apply', { body: PromotionApplyInput, response: PromotionApplyResult }),
  undo: endpoint('POST', '/promotions/:id/undo', { response: PromotionRun }),
  internalWaves: endpoint('GET', '/promotions/:id/internal-waves', { response: PromotionInternalWaves }),
  offerInternal: endpoint('POST', '/promotions/:id/internal-admission', {
    body: PromotionInternalOfferInput,
    response: PromotionInternalOfferResult,
  }),
};

const KEY = '/promotions';

/**
 * The unit's promotion from a school year, or null when none was proposed yet. `unitId`: the unit a caller who sees
 * every unit chose (null for one bound to a unit: the server takes theirs).
 */
export function usePromotion(fromYearId: number | null, unitId: number | null = null, enabled = true) {
  return useQuery({
    queryKey: [KEY, fromYearId, unitId],
    queryFn: async () => {
      try {
        return await routes.find({ query: { fromYearId: fromYearId!, ...(unitId ? { unitId } : {}) } });
      } catch (e) {
        if (isApiError(e) && e.status === 404) return null;
        throw e;
      }
    },
    enabled: fromYearId !== null && enabled,
    retry: false,
  });
}

function useRefresh() {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: [KEY] });
}

export function useProposePromotion() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (body: PromotionCreateInput) => routes.propose({ body }),
    onSuccess: () => void refresh(),
  });
}

export function useDecidePromotion() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (v: { id: number; body: PromotionDecideInput }) =>
      routes.decide({ params: { id: v.id }, body: v.body }),
    onSuccess: () => void refresh(),
  });
}

export function useApplyPromotion() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (v: { id: number; body: PromotionApplyInput }) => routes.apply({ params: { id: v.id }, body: v.body }),
    onSuccess: () => void refresh(),
  });
}

export function useUndoPromotion() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (id: number) => routes.undo({ params: { id } }),
    onSuccess: () => void refresh(),
  });
}

/** The internal waves (jalur internal) other units opened for the year an applied run's graduates enter. */
export function useInternalWaves(runId: number | null) {
  return useQuery({
    queryKey: [KEY, 'internal-waves', runId],
    queryFn: () => routes.internalWaves({ params: { id: runId! } }),
    enabled: runId !== null,
  });
}

export function useOfferInternal() {
  return useMutation({
    mutationFn: (v: { id: number; body: PromotionInternalOfferInput }) =>
      routes.offerInternal({ params: { id: v.id }, body: v.body }),
  });
}

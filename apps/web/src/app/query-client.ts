import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { isApiError } from '../lib/api.ts';
import { notifyError } from '../lib/notify.ts';

declare module '@tanstack/react-query' {
  interface Register {
    queryMeta: { silent?: boolean };
    mutationMeta: { silent?: boolean };
  }
}

/**
 * Errors as people expect them: a 403 on a screen's data shows the 403 page, other failures become a
 * notification with the server's message (a lost connection shows the banner instead).
 */
export function createQueryClient(onForbidden: () => void): QueryClient {
  return new QueryClient({
    queryCache: new QueryCache({
      onError: (error, query) => {
        if (isApiError(error) && error.code === 'FORBIDDEN') return onForbidden();
        if (isApiError(error) && (error.code === 'NETWORK' || error.code === 'UNAUTHENTICATED')) return;
        if (!query.meta?.silent) notifyError(error);
      },
    }),
    mutationCache: new MutationCache({
      onError: (error, _vars, _ctx, mutation) => {
        if (isApiError(error) && error.code === 'UNAUTHENTICATED') return;
        if (!mutation.meta?.silent) notifyError(error);
      },
    }),
    defaultOptions: {
      queries: {
        retry: (count, error) => isApiError(error) && error.code === 'NETWORK' && count < 1,
        refetchOnWindowFocus: false,
      },
    },
  });
}

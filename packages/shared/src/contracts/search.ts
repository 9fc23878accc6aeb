import { z } from 'zod';

export const SEARCH_KINDS = ['student', 'employee', 'class', 'subject', 'menu'] as const;
export type SearchKind = (typeof SEARCH_KINDS)[number];

export const SEARCH_LIMIT_PER_KIND = 10;

export const SearchQuery = z.object({
  q: z.string().trim().min(1, 'Kata kunci pencarian wajib diisi').max(100, 'Kata kunci terlalu panjang'),
});
export type SearchQuery = z.infer<typeof SearchQuery>;

export const SearchHit = z.object({
  /** stable id within its kind (a row id, or a route name for menu screens) */
  id: z.string(),
  title: z.string(),
  subtitle: z.string().nullable(),
  /** for menu screens: the named route to open */
  route: z.string().nullable(),
});
export type SearchHit = z.infer<typeof SearchHit>;

export const SearchGroup = z.object({
  kind: z.enum(SEARCH_KINDS),
  items: z.array(SearchHit),
});
export type SearchGroup = z.infer<typeof SearchGroup>;

/** Results grouped by kind; only the kinds the caller may see, and only groups with hits. */
export const SearchResponse = z.object({
  query: z.string(),
  groups: z.array(SearchGroup),
});
export type SearchResponse = z.infer<typeof SearchResponse>;

import { vi } from 'vitest';
import { PHONE_QUERY } from '../components/data-list/responsive-table.tsx';
import { mediaQueryList } from './media-query.ts';

/** Makes the screen a phone's (the lists show cards) or a PC's until `vi.unstubAllGlobals()`. */
export function screenWidth(phone: boolean) {
  vi.stubGlobal('matchMedia', (query: string) => mediaQueryList(query, phone && query === PHONE_QUERY));
}

import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { afterEach, beforeAll, beforeEach, vi } from 'vitest';
import type { Letterhead } from '@mms/shared';
import { id } from '../i18n/id.ts';
import { registerPrintMessages } from '../i18n/print/index.ts';

/** A unit's letterhead, signed by its headmaster, as GET /letterhead answers it to a printed paper. */
export const PAPER_LETTERHEAD: Letterhead = {
  kind: 'UNIT',
  foundationName: 'Yayasan Pendidikan Islam Al-Amin',
  name: 'SMP Islam Terpadu Al-Amin',
  npsn: '20235678',
  address: 'Jl. Pesantren No. 17, Bogor',
  phone: null,
  email: null,
  logoUrl: null,
  signature: { place: 'Bogor', date: '2026-11-25', role: 'HEADMASTER', name: 'Drs. Yusuf', nip: null },
};

/**
 * The frame of a printed paper's component test: Indonesian messages (the print ones and the feature's), and
 * every request answered with PAPER_LETTERHEAD (the only thing such a paper fetches).
 */
export function printedPaperTest(registerFeatureMessages: () => void) {
  beforeAll(async () => {
    if (!i18next.isInitialized)
      await i18next.use(initReactI18next).init({
        resources: { id: { translation: id } },
        lng: 'id',
        interpolation: { escapeValue: false },
      });
    registerFeatureMessages();
    registerPrintMessages();
  });
  beforeEach(() => {
    vi.spyOn(globalThis, 'fetch').mockImplementation(
      async () => new Response(JSON.stringify(PAPER_LETTERHEAD), { status: 200 }),
    );
  });
  afterEach(() => vi.restoreAllMocks());
}

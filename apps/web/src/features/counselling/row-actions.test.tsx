import { fireEvent, screen, waitFor } from '@testing-library/react';
import type { AuthUser, CounsellingNoteSummary } from '@mms/shared';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { registerCounsellingMessages } from '../../i18n/counselling/index.ts';
import { useSession } from '../../lib/session.ts';
import { mediaQueryList } from '../../test/media-query.ts';
import { renderWithApp } from '../../test/render.tsx';
import { CounsellingListPage } from './pages/note-pages.tsx';

// a PC: hovering works and the screen is wider than a phone's. Set before the page's modules load: the hint
// reads its hover query once, when its module is imported.
const pc = (media: string) => mediaQueryList(media, !media.includes('max-width'));
vi.hoisted(() => {
  window.matchMedia = (media: string) =>
    ({
      matches: !media.includes('max-width'),
      media,
      addEventListener() {},
      removeEventListener() {},
      addListener() {},
      removeListener() {},
    }) as unknown as MediaQueryList;
});

const counsellor: AuthUser = {
  id: 1,
  username: 'bk',
  displayName: 'Bu BK',
  division: 'BPBK',
  avatarUrl: null,
  employeeId: 1,
  employeeNumber: null,
  studentId: null,
  studentNumber: null,
  unit: { id: 2, code: 'SMP', name: 'SMP Uji' },
};

const note: CounsellingNoteSummary = {
  id: 5,
  unitId: 2,
  date: '2026-11-16',
  kind: 'INDIVIDUAL',
  topic: 'PERSONAL',
  status: 'CLOSED',
  followUpDate: null,
  counsellorName: 'Bu BK',
  sharedWithStudent: false,
  students: [{ studentId: 9, nis: '0009', name: 'Ani Lestari', className: '7A' }],
  updatedAt: '2026-11-16T03:00:00.000Z',
};

function Signed({ children }: { children: ReactNode }) {
  return useSession().data ? children : null;
}

beforeEach(() => {
  vi.spyOn(window, 'matchMedia').mockImplementation(pc);
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (input) => {
    const url = new URL(String(input), 'http://localhost');
    const body =
      url.pathname === '/api/v1/auth/session'
        ? { user: counsellor, csrfToken: 'x', now: '2026-11-18T10:00:00+07:00' }
        : url.pathname === '/api/v1/counselling/notes'
          ? { items: [note], total: 1, page: 1, pageSize: 25 }
          : { items: [], total: 0, page: 1, pageSize: 25 };
    return new Response(JSON.stringify(body), { status: 200 });
  });
});
afterEach(() => vi.restoreAllMocks());

describe('the counselling list’s row actions (issue 39 finding 14)', { timeout: 30_000 }, () => {
  it('names each icon with its verb and the row, and shows the verb as a tooltip on hover', async () => {
    await renderWithApp(
      <Signed>
        <CounsellingListPage />
      </Signed>,
      '/',
      { messages: [registerCounsellingMessages] },
    );
    const view = await screen.findByRole('button', { name: /^Lihat isi .*Ani Lestari/ });
    const edit = screen.getByRole('link', { name: /^Ubah .*Ani Lestari/ });
    const remove = screen.getByRole('button', { name: /^Hapus .*Ani Lestari/ });
    // icons on a PC, the verb in a tooltip
    for (const [button, verb] of [
      [view, 'Lihat isi'],
      [edit, 'Ubah'],
      [remove, 'Hapus'],
    ] as const) {
      expect(button.textContent).toBe('');
      fireEvent.pointerEnter(button, { pointerType: 'mouse' });
      fireEvent.mouseEnter(button);
      fireEvent.mouseMove(button);
      await waitFor(() => expect(screen.getByRole('tooltip').textContent).toBe(verb));
      fireEvent.mouseLeave(button);
      await waitFor(() => expect(screen.queryByRole('tooltip')).toBeNull());
    }
  });
});

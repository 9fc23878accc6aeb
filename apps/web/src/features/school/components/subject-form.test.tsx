import type { Subject } from '@mms/shared';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithApp } from '../../../test/render.tsx';
import { SubjectForm } from './subject-form.tsx';

const subject = (isActive: boolean) =>
  ({
    id: 4,
    unitId: 1,
    code: 'MTK',
    name: 'Matematika',
    group: null,
    kkm: 75,
    isActive,
    hours: [],
  }) as unknown as Subject;

describe('SubjectForm', () => {
  afterEach(() => vi.restoreAllMocks());

  it.each([true, false])(
    'shows the record’s real state in the Aktif switch (active: %s) and saves what it shows',
    async (active) => {
      const fetchMock = vi.spyOn(globalThis, 'fetch').mockImplementation(async (_url, init) => {
        if (init?.method === 'PATCH' || init?.method === 'PUT') return new Response(JSON.stringify(subject(!active)));
        return new Response(JSON.stringify({ items: [] }), { status: 200 });
      });
      await renderWithApp(<SubjectForm subject={subject(active)} defaultUnitId={1} onDone={() => {}} />);
      const toggle = screen.getByRole('switch', { name: 'Aktif' }) as HTMLInputElement;
      expect(toggle.checked).toBe(active);
      fireEvent.click(toggle);
      expect(toggle.checked).toBe(!active);
      fireEvent.click(screen.getByRole('button', { name: /Simpan/ }));
      await waitFor(() =>
        expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'PATCH' || init?.method === 'PUT')).toBe(true),
      );
      const [, init] = fetchMock.mock.calls.find(([, i]) => i?.method === 'PATCH' || i?.method === 'PUT')!;
      expect(JSON.parse(String(init!.body))).toMatchObject({ isActive: !active });
    },
  );
});

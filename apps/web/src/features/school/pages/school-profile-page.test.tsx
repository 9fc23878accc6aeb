import { fireEvent, screen, waitFor } from '@testing-library/react';
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Foundation, Letterhead } from '@mms/shared';
import { id } from '../../../i18n/id.ts';
import { registerPrintMessages } from '../../../i18n/print/index.ts';
import { registerSchoolMessages } from '../../../i18n/school/index.ts';
import { renderWithApp } from '../../../test/render.tsx';
import { SchoolProfilePage } from './school-profile-page.tsx';

const FOUNDATION: Foundation = {
  name: 'Yayasan Pendidikan Islam Al-Amin',
  address: 'Jl. Pesantren No. 17, Bogor',
  city: 'Bogor',
  phone: null,
  email: null,
  chairName: 'KH. Abdullah Mansur',
  chairNip: null,
  logoPath: null,
};
const LETTERHEAD: Letterhead = {
  kind: 'FOUNDATION',
  foundationName: FOUNDATION.name,
  name: FOUNDATION.name,
  npsn: null,
  address: FOUNDATION.address,
  phone: null,
  email: null,
  logoUrl: null,
  signature: { place: 'Bogor', date: '2026-11-25', role: 'CHAIR', name: 'KH. Abdullah Mansur', nip: null },
};
const sent: { method: string; url: string; body: unknown }[] = [];

beforeAll(async () => {
  if (!i18next.isInitialized)
    await i18next.use(initReactI18next).init({
      resources: { id: { translation: id } },
      lng: 'id',
      interpolation: { escapeValue: false },
    });
  registerSchoolMessages();
  registerPrintMessages();
});

beforeEach(() => {
  sent.length = 0;
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    const url = String(input);
    const method = init?.method ?? 'GET';
    if (method !== 'GET') sent.push({ method, url, body: JSON.parse(String(init?.body)) });
    const body = url.includes('/letterhead')
      ? LETTERHEAD
      : url.includes('/foundation')
        ? FOUNDATION
        : { items: [{ id: 2, code: 'SMP', name: 'SMP Islam Terpadu Al-Amin' }], total: 1, page: 1, pageSize: 200 };
    return new Response(JSON.stringify(body), { status: 200 });
  });
});
afterEach(() => vi.restoreAllMocks());

describe('SchoolProfilePage', () => {
  it("checks the foundation's letterhead with the shared contract, sends it, and previews the paper", async () => {
    await renderWithApp(<SchoolProfilePage />);
    expect(screen.getByRole('heading', { level: 1, name: 'Profil sekolah & kop surat' })).toBeTruthy();
    const name = await screen.findByLabelText(/^Nama/);
    expect((name as HTMLInputElement).value).toBe('Yayasan Pendidikan Islam Al-Amin');
    // the preview is the printed paper's head and signature
    expect((await screen.findByTestId('signature')).textContent).toContain('Ketua Yayasan');

    fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'bukan-email' } });
    fireEvent.change(screen.getByLabelText('NIP ketua yayasan'), { target: { value: 'NIP-1' } });
    fireEvent.click(screen.getByRole('button', { name: 'Simpan' }));
    expect(await screen.findByText('Email tidak valid')).toBeTruthy();
    expect(screen.getByText('NIP ketua yayasan berupa 8-30 angka')).toBeTruthy();
    expect(sent).toEqual([]);

    fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'yayasan@al-amin.sch.id' } });
    fireEvent.change(screen.getByLabelText('NIP ketua yayasan'), { target: { value: '' } });
    fireEvent.click(screen.getByRole('button', { name: 'Simpan' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]!.method).toBe('PATCH');
    expect(sent[0]!.url).toContain('/api/v1/foundation');
    expect(sent[0]!.body).toEqual({
      name: 'Yayasan Pendidikan Islam Al-Amin',
      address: 'Jl. Pesantren No. 17, Bogor',
      city: 'Bogor',
      phone: null,
      email: 'yayasan@al-amin.sch.id',
      chairName: 'KH. Abdullah Mansur',
      chairNip: null,
    });
  }, 20_000);
});

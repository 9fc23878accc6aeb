import { fireEvent, screen } from '@testing-library/react';
import i18next from 'i18next';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ClassGroupInput } from '@mms/shared';
import { StudentForm } from '../features/school/components/student-form.tsx';
import { en } from '../i18n/en.ts';
import { renderWithApp } from '../test/render.tsx';
import { api, ApiError, setRequestLanguage } from './api.ts';
import { formResolver, issueErrors, messageText } from './validation.ts';
import { errorText } from '../i18n/index.ts';

async function inEnglish() {
  await renderWithApp(<div />); // initialises i18next with the app's texts
  i18next.addResourceBundle('en', 'translation', en, true, false);
  await i18next.changeLanguage('en');
}

afterEach(async () => {
  vi.restoreAllMocks();
  setRequestLanguage('id');
  await i18next.changeLanguage('id');
});

describe('contract messages in the reader language', () => {
  it('renders a contract message and its label in English, and Indonesian as it is', async () => {
    await inEnglish();
    expect(messageText('Nama kelas wajib diisi')).toBe('Class name is required');
    await i18next.changeLanguage('id');
    expect(messageText('Nama kelas wajib diisi')).toBe('Nama kelas wajib diisi');
  });

  it('the form resolver gives English field errors, never zod text for an empty number', async () => {
    await inEnglish();
    const resolver = formResolver(ClassGroupInput);
    const result = (await resolver({ academicYearId: 1, gradeId: Number.NaN, name: '' }, undefined, {
      fields: {},
      shouldUseNativeValidation: false,
    })) as unknown as { errors: Record<string, { message: string }> };
    expect(result.errors.name?.message).toBe('Class name is required');
    expect(result.errors.gradeId?.message).toBe('Grade is required');
    expect(JSON.stringify(result.errors)).not.toMatch(/Invalid input|NaN|wajib/);
  });

  it('issueErrors keys by path or by the first segment', () => {
    const error = { issues: [{ path: ['a', 0, 'b'], message: 'Wajib diisi' }] };
    expect(issueErrors(error)).toEqual({ 'a.0.b': 'Wajib diisi' });
    expect(issueErrors(error, 'first')).toEqual({ a: 'Wajib diisi' });
  });

  it('the student form shows its checks in English', async () => {
    vi.spyOn(globalThis, 'fetch').mockImplementation(
      async () => new Response(JSON.stringify({ items: [{ id: 1, code: 'SD', name: 'SD Al Amin' }] }), { status: 200 }),
    );
    await inEnglish();
    await renderWithApp(<StudentForm defaultUnitId={1} saving={false} onSubmit={() => {}} />);
    fireEvent.change(screen.getByLabelText('NISN'), { target: { value: '123' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('NISN must be 10 digits')).toBeTruthy();
    expect(screen.getByText('Name is required')).toBeTruthy();
    expect(screen.queryByText(/wajib|harus/)).toBeNull();
  });
});

describe('server messages', () => {
  it('every call asks for the chosen language', async () => {
    const fetchMock = vi.fn().mockImplementation(() => Promise.resolve(new Response('{}', { status: 200 })));
    vi.stubGlobal('fetch', fetchMock);
    setRequestLanguage('en');
    await api('/auth/session');
    expect(fetchMock.mock.calls[0]![1].headers['accept-language']).toBe('en');
    vi.unstubAllGlobals();
  });

  it("errorText shows the server's message as it came, and our own text when there was no answer", async () => {
    await inEnglish();
    expect(errorText(new ApiError(409, 'CONFLICT', 'NIS 1 is already used by Budi'))).toBe(
      'NIS 1 is already used by Budi',
    );
    expect(errorText(new ApiError(0, 'NETWORK', 'Tidak dapat terhubung ke server', {}, null, false))).toBe(
      'Cannot reach the server',
    );
  });
});

describe('one way to show validation messages', () => {
  it('no screen reads zod issues or uses a resolver of its own (lib/validation.ts does)', () => {
    const sources = import.meta.glob<string>(['../**/*.{ts,tsx}', '!../**/*.test.{ts,tsx}'], {
      query: '?raw',
      import: 'default',
      eager: true,
    });
    expect(Object.keys(sources).length).toBeGreaterThan(50);
    const offenders = Object.entries(sources)
      .filter(([path]) => !/(^|\/)validation\.ts$/.test(path))
      .filter(([, text]) => /\.issues\b|zodResolver|@hookform\/resolvers/.test(text))
      .map(([path]) => path);
    expect(offenders).toEqual([]);
  });
});

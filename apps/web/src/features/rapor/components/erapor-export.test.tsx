import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithApp } from '../../../test/render.tsx';
import { registerRaporMessages } from '../i18n.ts';
import { ERaporExportButton } from './erapor-export.tsx';

let urls: string[];
beforeEach(() => {
  urls = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      urls.push(url);
      return new Response(new Blob(['x']), { status: 200 });
    }),
  );
  vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: () => 'blob:x', revokeObjectURL: () => undefined }));
});
afterEach(() => vi.unstubAllGlobals());

describe('the e-Rapor export of the rapor screen', () => {
  it("downloads the chosen subject's sheet of the class and semester", async () => {
    await renderWithApp(
      <ERaporExportButton
        classId={3}
        className="7A"
        semester="GANJIL"
        subjects={[
          { subjectId: 4, name: 'Matematika' },
          { subjectId: 5, name: 'IPA' },
        ]}
      />,
      '/',
      { messages: [registerRaporMessages] },
    );
    fireEvent.click(screen.getByRole('button', { name: 'Ekspor e-Rapor' }));
    fireEvent.click(await screen.findByRole('menuitem', { name: 'IPA' }));
    await waitFor(() => expect(urls).toContain('/api/v1/ministry/erapor?classGroupId=3&subjectId=5&semester=GANJIL'));
  });

  it('is disabled until the rapor shows its subjects', async () => {
    await renderWithApp(<ERaporExportButton classId={3} className="7A" semester="GANJIL" subjects={[]} />, '/', {
      messages: [registerRaporMessages],
    });
    expect((screen.getByRole('button', { name: 'Ekspor e-Rapor' }) as HTMLButtonElement).disabled).toBe(true);
  });
});

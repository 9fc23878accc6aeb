import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { registerSchoolMessages } from '../../../i18n/school/index.ts';
import { renderWithApp } from '../../../test/render.tsx';
import { DapodikExportButton } from './dapodik-export.tsx';

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

describe('the Dapodik export of the student list', () => {
  it("downloads the unit's students", async () => {
    await renderWithApp(<DapodikExportButton unitId={2} />, '/', { messages: [registerSchoolMessages] });
    fireEvent.click(screen.getByRole('button', { name: 'Ekspor Dapodik' }));
    fireEvent.click(await screen.findByRole('menuitem', { name: /Peserta didik/ }));
    await waitFor(() => expect(urls).toContain('/api/v1/ministry/dapodik/students?unitId=2'));
  });

  it("downloads the unit's rombel; without a unit, the caller's own", async () => {
    await renderWithApp(<DapodikExportButton unitId={null} />, '/', { messages: [registerSchoolMessages] });
    fireEvent.click(screen.getByRole('button', { name: 'Ekspor Dapodik' }));
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Rombel' }));
    await waitFor(() => expect(urls).toContain('/api/v1/ministry/dapodik/rombel?'));
  });
});

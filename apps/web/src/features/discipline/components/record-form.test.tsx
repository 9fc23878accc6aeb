import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { registerDisciplineMessages } from '../../../i18n/discipline/index.ts';
import { ApiError } from '../../../lib/api.ts';
import { renderWithApp } from '../../../test/render.tsx';
import { StudentRecordForm } from './record-form.tsx';

const message =
  'Pelanggaran Terlambat untuk Dini Pagi pada 2 Desember 2026 sudah dicatat oleh Pak Guru. Simpan lagi hanya bila ini memang kejadian kedua.';
const saved = { id: 8, studentId: 3, studentName: 'Dini Pagi', nis: '3', className: '7B', notes: null };

afterEach(() => vi.restoreAllMocks());

describe('the violation report form (issue 39 finding 4)', { timeout: 30_000 }, () => {
  it('shows the server’s warning of the same violation that day and saves it again only when confirmed', async () => {
    const bodies: Record<string, unknown>[] = [];
    const save = {
      isPending: false,
      mutate: vi.fn(
        (
          vars: { body: Record<string, unknown> },
          opts: { onSuccess: (r: typeof saved) => void; onError: (e: unknown) => void },
        ) => {
          bodies.push(vars.body);
          if (vars.body.confirmDuplicate) opts.onSuccess(saved);
          else opts.onError(new ApiError(409, 'CONFLICT', message, { confirmDuplicate: 'Sudah dicatat' }));
        },
      ),
    };
    const onSaved = vi.fn();
    // the contract's own checks are the violation form's; here any body passes
    const schema = z.looseObject({ studentId: z.unknown() }) as unknown as z.ZodType<{ studentId: number }>;
    await renderWithApp(
      <StudentRecordForm
        initial={{}}
        body={() => ({ ruleId: 4, occurredOn: '2026-12-02' })}
        schema={schema}
        save={save}
        onSaved={onSaved}
        fields={() => null}
      />,
      '/',
      { messages: [registerDisciplineMessages] },
    );
    fireEvent.click(screen.getByRole('button', { name: 'Simpan' }));
    const dialog = await screen.findByRole('dialog', { name: 'Sudah pernah dicatat' });
    expect(within(dialog).getByText(message)).toBeTruthy();
    expect(onSaved).not.toHaveBeenCalled();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Ya, simpan sebagai kejadian kedua' }));
    await waitFor(() => expect(onSaved).toHaveBeenCalledWith(saved));
    expect(bodies).toHaveLength(2);
    expect(bodies[0]).not.toHaveProperty('confirmDuplicate');
    expect(bodies[1]).toMatchObject({ ruleId: 4, occurredOn: '2026-12-02', confirmDuplicate: true });
  });
});

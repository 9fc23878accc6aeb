import { Button, Checkbox, NumberInput, Select, TextInput } from '@mantine/core';
import { ExamRoomInput } from '@mms/shared';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { renderWithApp } from '../test/render.tsx';
import { api } from './api.ts';
import { useContractForm } from './contract-form.ts';

/** A room form on the shared contract: what it sends, and what it sends it with. */
function RoomForm({ onSaved }: { onSaved: (body: ExamRoomInput) => void }) {
  const { field, submit, dirty } = useContractForm(
    ExamRoomInput,
    { name: '', capacity: 20 as number | string },
    { prepare: (v) => ({ unitId: 1, ...v }) },
  );
  const onSubmit = submit(async (body) => {
    await api('/exam-rooms', { method: 'POST', body });
    onSaved(body);
  });
  return (
    <form noValidate onSubmit={(e) => void onSubmit(e)}>
      <TextInput label="Nama ruang" {...field('name')} />
      <NumberInput label="Kapasitas" {...field('capacity')} />
      <p>{dirty ? 'berubah' : 'belum berubah'}</p>
      <Button type="submit">Simpan</Button>
    </form>
  );
}

const Choice = z.object({
  kind: z.enum(['A', 'B'], 'Pilih jenis'),
  agreed: z.literal(true, 'Centang persetujuan'),
});

function ChoiceForm({ onSaved }: { onSaved: (body: z.output<typeof Choice>) => void }) {
  const { field, check, submit } = useContractForm<typeof Choice, { kind: string | null; agreed: boolean }>(Choice, {
    kind: null,
    agreed: false,
  });
  return (
    <form noValidate onSubmit={(e) => void submit(onSaved)(e)}>
      <Select label="Jenis" data={['A', 'B']} {...field('kind')} />
      <Checkbox label="Setuju" {...check('agreed')} />
      <Button type="submit">Kirim</Button>
    </form>
  );
}

/** The messages under the inputs, top to bottom. */
const fieldErrors = () => [...document.querySelectorAll('.mantine-InputWrapper-error')].map((e) => e.textContent);

const Tags = z.object({ tags: z.array(z.string().min(1, 'Tag tidak boleh kosong')) });

function TagsForm() {
  const { error, firstError, submit } = useContractForm(Tags, { tags: ['ipa', ''] });
  return (
    <form noValidate onSubmit={(e) => void submit(() => {})(e)}>
      <p>list: {error('tags') ?? '-'}</p>
      <p>first: {firstError('tags') ?? '-'}</p>
      <Button type="submit">Kirim</Button>
    </form>
  );
}

const answer = (status: number, body: unknown) =>
  vi.spyOn(globalThis, 'fetch').mockImplementation(async () => new Response(JSON.stringify(body), { status }));

afterEach(() => vi.restoreAllMocks());

describe('useContractForm', () => {
  it('checks with the contract before anything is sent, in Indonesian, and checks again as the field changes', async () => {
    const fetchMock = answer(201, { id: 1 });
    const onSaved = vi.fn();
    await renderWithApp(<RoomForm onSaved={onSaved} />);
    screen.getByText('belum berubah');
    fireEvent.change(screen.getByLabelText('Kapasitas'), { target: { value: '0' } });
    fireEvent.click(screen.getByRole('button', { name: 'Simpan' }));
    await waitFor(() => expect(fieldErrors()).toEqual(['Nama ruang wajib diisi', 'Kapasitas minimal 1']));
    screen.getByText('berubah');
    expect(fetchMock).not.toHaveBeenCalled();

    fireEvent.change(screen.getByLabelText('Nama ruang'), { target: { value: ' Lab 1 ' } });
    await waitFor(() => expect(fieldErrors()).toEqual(['Kapasitas minimal 1']));
    fireEvent.change(screen.getByLabelText('Kapasitas'), { target: { value: '32' } });
    fireEvent.click(screen.getByRole('button', { name: 'Simpan' }));

    await waitFor(() => expect(onSaved).toHaveBeenCalledTimes(1));
    // the contract's output: prepared (the unit), coerced (a number) and trimmed
    expect(onSaved).toHaveBeenCalledWith({ unitId: 1, name: 'Lab 1', capacity: 32 });
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/api/v1/exam-rooms');
    expect(JSON.parse(String(init!.body))).toEqual({ unitId: 1, name: 'Lab 1', capacity: 32 });
  });

  it('puts the server’s field errors under their inputs', async () => {
    answer(409, {
      error: { code: 'CONFLICT', message: 'Ruang sudah ada', fields: { name: 'Nama ruang sudah dipakai' } },
    });
    const onSaved = vi.fn();
    await renderWithApp(<RoomForm onSaved={onSaved} />);
    fireEvent.change(screen.getByLabelText('Nama ruang'), { target: { value: 'Lab 1' } });
    fireEvent.click(screen.getByRole('button', { name: 'Simpan' }));
    await waitFor(() => expect(fieldErrors()).toEqual(['Nama ruang sudah dipakai']));
    expect(onSaved).not.toHaveBeenCalled();
  });

  it('binds a Select by its value and a Checkbox by its checked state', async () => {
    const onSaved = vi.fn();
    await renderWithApp(<ChoiceForm onSaved={onSaved} />);
    fireEvent.click(screen.getByRole('button', { name: 'Kirim' }));
    await waitFor(() => expect(fieldErrors()).toEqual(['Pilih jenis', 'Centang persetujuan']));

    fireEvent.click(screen.getByRole('combobox', { name: 'Jenis' }));
    fireEvent.click(await screen.findByRole('option', { name: 'B', hidden: true }));
    const box = screen.getByRole('checkbox', { name: 'Setuju' }) as HTMLInputElement;
    fireEvent.click(box);
    expect(box.checked).toBe(true);
    await waitFor(() => expect(fieldErrors()).toEqual([]));
    fireEvent.click(screen.getByRole('button', { name: 'Kirim' }));
    await waitFor(() => expect(onSaved).toHaveBeenCalledWith({ kind: 'B', agreed: true }));
  });

  it('finds the first message below a list whose items are checked one by one', async () => {
    await renderWithApp(<TagsForm />);
    fireEvent.click(screen.getByRole('button', { name: 'Kirim' }));
    await screen.findByText('first: Tag tidak boleh kosong');
    screen.getByText('list: -');
  });
});

import { fireEvent, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { registerLearningObjectivesMessages } from '../../../i18n/learning-objectives/index.ts';
import { renderWithApp } from '../../../test/render.tsx';
import { ObjectivePicker } from './objective-picker.tsx';

const list = {
  academicYearId: 1,
  canManage: true,
  items: [
    { id: 1, code: 'TP 7.1', description: 'Membandingkan bilangan bulat', position: 1 },
    { id: 2, code: 'TP 7.2', description: 'Menyelesaikan operasi pecahan', position: 2 },
  ].map((o) => ({ ...o, unitId: 2, academicYearId: 1, subjectId: 4, gradeId: 7, columnTags: 0, questionTags: 0 })),
};

afterEach(() => vi.unstubAllGlobals());

function Harness({ onChange }: { onChange: (ids: number[]) => void }) {
  const [value, setValue] = useState<number[]>([2]);
  return (
    <ObjectivePicker
      subjectId={4}
      gradeId={7}
      value={value}
      onChange={(ids) => {
        setValue(ids);
        onChange(ids);
      }}
    />
  );
}

describe('the TP picker of a score column', { timeout: 30_000 }, () => {
  it('offers the TPs of the subject and grade and gives back the chosen ids', async () => {
    const fetchMock = vi.fn((_url: string) => Promise.resolve(new Response(JSON.stringify(list), { status: 200 })));
    vi.stubGlobal('fetch', fetchMock);
    const onChange = vi.fn();
    await renderWithApp(<Harness onChange={onChange} />, '/', { messages: [registerLearningObjectivesMessages] });
    // the chosen TP shows as a pill
    expect((await screen.findAllByText('TP 7.2 – Menyelesaikan operasi pecahan')).length).toBeGreaterThan(0);
    expect(String(fetchMock.mock.calls[0]![0])).toContain('/api/v1/learning-objectives?subjectId=4&gradeId=7');
    const input = screen.getByRole('combobox', { name: /Tujuan pembelajaran \(TP\)/ });
    await waitFor(() => expect((input as HTMLInputElement).disabled).toBe(false));
    const option = await waitFor(() => {
      if (!screen.queryByRole('listbox')) fireEvent.click(input);
      return screen.getByRole('option', { name: 'TP 7.1 – Membandingkan bilangan bulat', hidden: true });
    });
    fireEvent.click(option);
    await waitFor(() => expect(onChange).toHaveBeenLastCalledWith([2, 1]));
    expect(screen.getByText('Penguasaan siswa per TP dibaca dari nilai kolom ini.')).toBeTruthy();
  });
});

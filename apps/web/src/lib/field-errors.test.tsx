import { act, renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { useFieldErrors } from './field-errors.ts';

describe('useFieldErrors', () => {
  it('hides an error once its field changes and keeps the others', () => {
    let values = { title: '', hours: 0 as number | string };
    const { result, rerender } = renderHook(() => useFieldErrors(values));
    act(() => result.current[1]({ title: 'Judul wajib diisi', hours: 'JP per minggu 1-20' }));
    expect(result.current[0]).toEqual({ title: 'Judul wajib diisi', hours: 'JP per minggu 1-20' });
    values = { ...values, title: 'Bab 1' };
    rerender();
    expect(result.current[0]).toEqual({ hours: 'JP per minggu 1-20' });
    // an error of a field the form does not hold (the server's "row" or "file") stays
    act(() => result.current[1]({ file: 'Berkas rusak' }));
    values = { ...values, hours: 3 };
    rerender();
    expect(result.current[0]).toEqual({ file: 'Berkas rusak' });
  });
});

import { Button, TextInput } from '@mantine/core';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { Link } from 'react-router';
import { describe, expect, it } from 'vitest';
import { renderWithApp } from '../test/render.tsx';
import { useUnsavedChanges } from './unsaved-changes.tsx';

function Draft() {
  const [value, setValue] = useState('');
  const [saved, setSaved] = useState('');
  useUnsavedChanges(value !== saved);
  return (
    <>
      <TextInput label="Catatan" value={value} onChange={(e) => setValue(e.currentTarget.value)} />
      <Button onClick={() => setSaved(value)}>Simpan</Button>
      <Link to="/elsewhere">Pergi</Link>
    </>
  );
}

describe('useUnsavedChanges', () => {
  it('lets a clean form go without asking', async () => {
    const { router } = await renderWithApp(<Draft />);
    fireEvent.click(screen.getByText('Pergi'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/elsewhere'));
  });

  it('asks before a changed form is left: "Tetap di sini" keeps the draft, "Tinggalkan" leaves', async () => {
    const { router } = await renderWithApp(<Draft />);
    fireEvent.change(screen.getByLabelText('Catatan'), { target: { value: 'H semua' } });
    fireEvent.click(screen.getByText('Pergi'));
    expect(await screen.findByText('Perubahan belum disimpan')).toBeTruthy();
    const leave = screen.getByRole('button', { name: 'Tinggalkan' });
    // the destructive verb is red, the way out neutral
    expect(leave.getAttribute('style')).toContain('--mantine-color-red');
    expect(screen.getByRole('button', { name: 'Tetap di sini' }).getAttribute('data-variant')).toBe('default');
    fireEvent.click(screen.getByRole('button', { name: 'Tetap di sini' }));
    await waitFor(() => expect(screen.queryByText('Perubahan belum disimpan')).toBeNull());
    expect(router.state.location.pathname).toBe('/');
    expect((screen.getByLabelText('Catatan') as HTMLInputElement).value).toBe('H semua');

    fireEvent.click(screen.getByText('Pergi'));
    fireEvent.click(await screen.findByRole('button', { name: 'Tinggalkan' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/elsewhere'));
  });

  it('asks the browser before the tab is closed while the form is changed, and not after saving', async () => {
    await renderWithApp(<Draft />);
    const unload = () => {
      const event = new Event('beforeunload', { cancelable: true });
      window.dispatchEvent(event);
      return event.defaultPrevented;
    };
    expect(unload()).toBe(false);
    fireEvent.change(screen.getByLabelText('Catatan'), { target: { value: 'x' } });
    expect(unload()).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: 'Simpan' }));
    expect(unload()).toBe(false);
  });
});

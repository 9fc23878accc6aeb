import { MantineProvider } from '@mantine/core';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { useLayoutEffect, useRef, useState } from 'react';
import { beforeAll, describe, expect, it } from 'vitest';
import { DeferredSelect } from './deferred-select.tsx';

const CLASSES = [
  { value: '1', label: '7A' },
  { value: '2', label: '7B' },
];

/** Runs `check` in the layout phase of the commit that mounts it: what the page shows in that commit. */
function AtMount({ check }: { check: () => void }) {
  const once = useRef(check);
  useLayoutEffect(() => {
    once.current();
  }, []);
  return null;
}

function Screen({ atMount, value = '2' }: { atMount: () => void; value?: string | null }) {
  const [chosen, setChosen] = useState(value);
  return (
    <MantineProvider>
      <DeferredSelect label="Kelas" placeholder="Semua kelas" data={CLASSES} value={chosen} onChange={setChosen} />
      <p>Dipilih: {chosen ?? '-'}</p>
      <AtMount check={atMount} />
    </MantineProvider>
  );
}

const standIn = () => document.querySelector<HTMLInputElement>('[data-select-stand-in]');

describe('DeferredSelect', () => {
  // an open Select scrolls its chosen option into view, which jsdom does not do
  beforeAll(() => {
    Element.prototype.scrollIntoView ??= () => {};
  });

  it('commits a read-only stand-in with the label and the chosen value first, then the Select', () => {
    let first: { value: string; readOnly: boolean; label: string | null; comboboxes: number } | undefined;
    render(
      <Screen
        atMount={() => {
          const field = standIn()!;
          first = {
            value: field.value,
            readOnly: field.readOnly,
            label: document.querySelector(`label[for="${field.id}"]`)?.textContent ?? null,
            comboboxes: document.querySelectorAll('[role=combobox]').length,
          };
        }}
      />,
    );
    expect(first).toEqual({ value: '7B', readOnly: true, label: 'Kelas', comboboxes: 0 });
    // the background render has put the real Select in its place
    expect(standIn()).toBeNull();
    expect(screen.getByRole<HTMLInputElement>('combobox', { name: 'Kelas' }).value).toBe('7B');
  });

  it('shows the placeholder when nothing is chosen', () => {
    let placeholder: string | undefined;
    let value: string | undefined;
    render(
      <Screen
        value={null}
        atMount={() => {
          placeholder = standIn()!.placeholder;
          value = standIn()!.value;
        }}
      />,
    );
    expect({ placeholder, value }).toEqual({ placeholder: 'Semua kelas', value: '' });
  });

  it('a click on the stand-in opens the Select’s list, focused, and an option can be chosen', async () => {
    render(<Screen atMount={() => fireEvent.click(standIn()!)} />);
    const select = screen.getByRole<HTMLInputElement>('combobox', { name: 'Kelas' });
    expect(document.activeElement).toBe(select);
    await waitFor(() => expect(select.getAttribute('aria-expanded')).toBe('true'));
    // (the list slides in: jsdom, without the stylesheet, counts it as hidden)
    fireEvent.click(await screen.findByRole('option', { name: '7A', hidden: true }));
    screen.getByText('Dipilih: 1');
    expect(select.value).toBe('7A');
  });

  it('the keyboard reaching the stand-in focuses the Select, whose list opens as a focused Select’s does', async () => {
    render(<Screen atMount={() => standIn()!.focus()} />);
    const select = screen.getByRole('combobox', { name: 'Kelas' });
    expect(document.activeElement).toBe(select);
    expect(select.getAttribute('aria-expanded')).toBe('false');
    fireEvent.keyDown(select, { key: 'ArrowDown', code: 'ArrowDown' });
    await waitFor(() => expect(select.getAttribute('aria-expanded')).toBe('true'));
  });

  it('a press on the stand-in does not focus it (the click that follows opens the list once)', () => {
    let pressed: boolean | undefined;
    render(
      <Screen
        atMount={() => {
          pressed = fireEvent.mouseDown(standIn()!);
        }}
      />,
    );
    // fireEvent answers false when a handler prevented the default action (focusing the field)
    expect(pressed).toBe(false);
  });
});

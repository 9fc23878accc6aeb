import { MantineProvider, TextInput } from '@mantine/core';
import { useId } from '@mantine/hooks';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

// build-plugins/mantine-stable-ids.ts serves Mantine's useId as React's id, for the app and for these tests
function Probe({ seen, id }: { seen: string[]; id?: string }) {
  const value = useId(id);
  seen.push(value);
  return <span data-testid="probe" id={value} />;
}

describe("Mantine's useId (build-plugins/mantine-stable-ids.ts)", () => {
  it('gives a component its id in its first render and keeps it: no second render after mounting', () => {
    const seen: string[] = [];
    render(<Probe seen={seen} />);
    expect(seen).toHaveLength(1);
    expect(seen[0]).toMatch(/^mantine-[a-zA-Z0-9_-]+$/);
    expect(screen.getByTestId('probe').id).toBe(seen[0]);
  });

  it('gives two components two ids, and a given id as it is', () => {
    const a: string[] = [];
    const b: string[] = [];
    const given: string[] = [];
    render(
      <>
        <Probe seen={a} />
        <Probe seen={b} />
        <Probe seen={given} id="nis" />
      </>,
    );
    expect(a[0]).not.toBe(b[0]);
    expect(given).toEqual(['nis']);
  });

  it('still ties an input to its label', () => {
    render(
      <MantineProvider>
        <TextInput label="Nama" />
        <TextInput label="NIS" />
      </MantineProvider>,
    );
    const name = screen.getByLabelText('Nama');
    const nis = screen.getByLabelText('NIS');
    expect(name.id).not.toBe(nis.id);
  });
});

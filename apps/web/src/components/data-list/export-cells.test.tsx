import { Anchor, Badge, Group } from '@mantine/core';
import i18next from 'i18next';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { defaultExportColumns, type ListColumn } from './data-list.tsx';
import { exportCell, textOf } from './export-xlsx.ts';

interface Row {
  id: number;
  name: string;
  status: 'pending' | 'approved';
  startDate: string;
  late: number | null;
  code: 'H' | 'A';
}
const row: Row = { id: 1, name: 'Aqila Rahman', status: 'approved', startDate: '2026-11-25', late: null, code: 'A' };
const LABELS = { pending: 'Menunggu', approved: 'Disetujui' } as const;

function CustomBadge({ code }: { code: string }) {
  return <Badge>{code}</Badge>;
}

beforeAll(async () => {
  if (!i18next.isInitialized) await i18next.init({ lng: 'id', resources: {} });
});
afterEach(() => i18next.changeLanguage('id'));

describe('what a browser-built export writes in a cell', () => {
  it('writes dates as a screen shows them, numbers as numbers and nothing as empty', () => {
    expect(exportCell('2026-11-25')).toBe('25/11/2026');
    expect(exportCell(12)).toBe(12);
    expect(exportCell(null)).toBe('');
    expect(exportCell('7A')).toBe('7A');
  });

  it('reads the text of a rendered cell: a badge label, a link, a group of parts', () => {
    expect(textOf(<Badge color="green">{LABELS.approved}</Badge>)).toBe('Disetujui');
    expect(textOf(<Anchor href="/x">7A</Anchor>)).toBe('7A');
    expect(textOf(<Group>{['H', ' · ', 'Hadir']}</Group>)).toBe('H · Hadir');
    expect(textOf(<CustomBadge code="A" />)).toBeNull();
  });

  it('exports labels, not codes, by default, and a column can say what it exports', () => {
    const columns: ListColumn<Row>[] = [
      { accessor: 'name', title: 'Nama' },
      { accessor: 'status', title: 'Status', render: (r) => <Badge>{LABELS[r.status]}</Badge> },
      { accessor: 'startDate', title: 'Mulai' },
      { accessor: 'late', title: 'Terlambat' },
      {
        accessor: 'code',
        title: 'Kode',
        render: (r) => <CustomBadge code={r.code} />,
        exportValue: (r) => `${r.code} · Alpa`,
      },
      { accessor: '_actions', title: 'Aksi', render: () => <Badge>x</Badge> },
    ];
    const exported = defaultExportColumns(columns);
    expect(exported.map((c) => c.title)).toEqual(['Nama', 'Status', 'Mulai', 'Terlambat', 'Kode']);
    expect(exported.map((c) => c.value(row))).toEqual(['Aqila Rahman', 'Disetujui', '25/11/2026', '', 'A · Alpa']);
  });
});

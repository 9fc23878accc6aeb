export interface ExportColumn<T> {
  title: string;
  value: (row: T) => string | number | null | undefined;
}

function save(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = fileName;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/** Downloads the server's Excel export of a list (`GET <list url>/export?<filters>`). */
export async function downloadServerExport(
  path: string,
  query: Record<string, string | number>,
  fileName: string,
): Promise<void> {
  const params = new URLSearchParams(Object.entries(query).map(([k, v]) => [k, String(v)]));
  const res = await fetch(`/api/v1${path}/export?${params}`, { credentials: 'same-origin' });
  if (!res.ok) throw new Error(`HTTP ${res.status}`);
  save(await res.blob(), fileName);
}

/** Builds the .xlsx in the browser; exceljs is loaded only when someone exports. */
export async function downloadClientXlsx<T>(
  sheet: string,
  columns: ExportColumn<T>[],
  rows: T[],
  fileName: string,
): Promise<void> {
  const { default: ExcelJS } = await import('exceljs');
  const book = new ExcelJS.Workbook();
  const ws = book.addWorksheet(sheet.slice(0, 31));
  ws.addRow(columns.map((c) => c.title)).font = { bold: true };
  for (const row of rows) ws.addRow(columns.map((c) => c.value(row) ?? ''));
  ws.columns.forEach((col, i) => {
    col.width = Math.min(50, Math.max(10, columns[i]!.title.length + 2));
  });
  const buffer = await book.xlsx.writeBuffer();
  save(new Blob([buffer], { type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' }), fileName);
}

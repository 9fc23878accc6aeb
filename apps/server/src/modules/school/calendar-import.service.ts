import {
  CALENDAR_IMPORT_COLUMNS,
  CALENDAR_IMPORT_MAX_ROWS,
  CALENDAR_KIND_NAMES_ID,
  CALENDAR_KINDS,
  CalendarEntryInput,
  type AuthUser,
} from '@mms/shared';
import type { Database } from '../../db/client.ts';
import { audit, type AuditActor } from '../../lib/audit.ts';
import { AppError, badRequest } from '../../lib/errors.ts';
import * as repo from './calendar.repo.ts';
import type { CalendarService } from './calendar.service.ts';
import { importProblems, importTemplate, readImportSheet } from './import-workbook.ts';

type ColumnKey = (typeof CALENDAR_IMPORT_COLUMNS)[number]['key'];

/** A kind written as its code or its Indonesian name, in any case. */
function kindOf(text: string): string {
  const t = text.trim().toLowerCase();
  const byName = CALENDAR_KINDS.find((k) => CALENDAR_KIND_NAMES_ID[k].toLowerCase() === t);
  return (
    byName ??
    text
      .trim()
      .toUpperCase()
      .replace(/[\s/-]+/g, '_')
  );
}

export function createCalendarImportService(db: Database, calendar: CalendarService) {
  const template = () =>
    importTemplate(
      'Kalender',
      CALENDAR_IMPORT_COLUMNS,
      ['startDate', 'endDate'],
      [
        'Isi lembar "Kalender" mulai baris 2; kolom bertanda * wajib. Tanggal ditulis YYYY-MM-DD.',
        `Jenis: ${CALENDAR_KINDS.map((k) => `${k} (${CALENDAR_KIND_NAMES_ID[k]})`).join(', ')}.`,
        'Tanggal selesai kosong: satu hari. Setiap rentang harus berada di dalam satu tahun pelajaran.',
        `Maksimal ${CALENDAR_IMPORT_MAX_ROWS} baris; bila ada baris yang salah, tidak ada yang disimpan.`,
      ],
    );

  /** Checks every row (in the writing transaction) and saves them all, or none when any is bad. */
  async function importEntries(user: AuthUser, unitId: number | null, file: Buffer, actor: AuditActor) {
    await calendar.assertManages(user, unitId);
    const sheet = await readImportSheet(file, CALENDAR_IMPORT_COLUMNS, 'Pakai template impor kalender');
    const problems = importProblems(CALENDAR_IMPORT_COLUMNS);
    const { fail } = problems;
    const rows: { row: number; input: CalendarEntryInput }[] = [];
    for (const { row: r, raw } of sheet.rows) {
      if (rows.length + problems.count >= CALENDAR_IMPORT_MAX_ROWS) {
        fail(r, 'row', `Maksimal ${CALENDAR_IMPORT_MAX_ROWS} baris sekali impor`);
        break;
      }
      const parsed = CalendarEntryInput.safeParse({
        unitId,
        kind: kindOf(raw.kind ?? ''),
        name: raw.name ?? '',
        startDate: raw.startDate ?? '',
        endDate: raw.endDate ?? raw.startDate ?? '',
      });
      if (!parsed.success) {
        for (const issue of parsed.error.issues) {
          const key = issue.path[0] as ColumnKey;
          fail(r, sheet.hasColumn(key) ? key : 'row', issue.message);
        }
        continue;
      }
      rows.push({ row: r, input: parsed.data });
    }
    if (!rows.length && !problems.count)
      throw badRequest('Berkas tidak berisi kegiatan', { file: 'Isi mulai baris 2' });
    return db.transaction(async (tx) => {
      for (const [i, { row, input }] of rows.entries()) {
        // against the database, then against the rows above it in the file
        try {
          await calendar.assertEntry(tx, input);
        } catch (err) {
          if (!(err instanceof AppError)) throw err;
          fail(row, err.code === 'CONFLICT' ? 'name' : err.fields?.endDate ? 'endDate' : 'startDate', err.message);
          continue;
        }
        const twin = rows
          .slice(0, i)
          .find(
            (o) =>
              o.input.kind === input.kind && o.input.startDate <= input.endDate && o.input.endDate >= input.startDate,
          );
        if (twin) fail(row, 'name', `Beririsan dengan baris ${twin.row} yang berjenis sama`);
      }
      problems.throwIfAny();
      const saved = await repo.insertEntries(
        tx,
        rows.map((r) => r.input),
      );
      await audit(tx, actor, {
        action: 'school.calendar.import',
        entityType: unitId === null ? 'foundation' : 'unit',
        entityId: unitId ?? undefined,
        after: { count: saved.length, ids: saved.map((s) => s.id) },
      });
      return { imported: saved.length };
    });
  }

  return { template, importEntries };
}

export type CalendarImportService = ReturnType<typeof createCalendarImportService>;

import {
  CALENDAR_IMPORT_COLUMNS,
  CALENDAR_IMPORT_MAX_ROWS,
  CALENDAR_KIND_NAMES_ID,
  CALENDAR_KINDS,
  CalendarEntryInput,
  type AuthUser,
} from '@mms/shared';
import type { Database } from '../../db/client.ts';
import type { AuditActor } from '../../lib/audit.ts';
import { AppError } from '../../lib/errors.ts';
import * as repo from './calendar.repo.ts';
import type { CalendarService } from './calendar.service.ts';
import { importTemplate, runImport } from '../../lib/excel-import.ts';

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
    return runImport<ColumnKey, CalendarEntryInput>(db, file, actor, {
      columns: CALENDAR_IMPORT_COLUMNS,
      limit: { rows: CALENDAR_IMPORT_MAX_ROWS, message: `Maksimal ${CALENDAR_IMPORT_MAX_ROWS} baris sekali impor` },
      messages: { template: 'Pakai template impor kalender', empty: 'Berkas tidak berisi kegiatan' },
      parseRow: (raw, { parse }) =>
        parse(CalendarEntryInput, {
          unitId,
          kind: kindOf(raw.kind ?? ''),
          name: raw.name ?? '',
          startDate: raw.startDate ?? '',
          endDate: raw.endDate ?? raw.startDate ?? '',
        }),
      async check(tx, rows, fail) {
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
      },
      async write(tx, rows) {
        const saved = await repo.insertEntries(
          tx,
          rows.map((r) => r.input),
        );
        return {
          action: 'school.calendar.import',
          entityType: unitId === null ? 'foundation' : 'unit',
          entityId: unitId ?? undefined,
          after: { count: saved.length, ids: saved.map((s) => s.id) },
        };
      },
    });
  }

  return { template, importEntries };
}

export type CalendarImportService = ReturnType<typeof createCalendarImportService>;

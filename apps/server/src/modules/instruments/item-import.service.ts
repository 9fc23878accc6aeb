import {
  INSTRUMENT_ITEM_IMPORT_COLUMNS,
  ITEM_TYPE_WORDS,
  InstrumentItemInput,
  definitionProblems,
  type AuthUser,
  type InstrumentItemImportKey,
} from '@mms/shared';
import type { Database } from '../../db/client.ts';
import type { AuditActor } from '../../lib/audit.ts';
import { importTemplate, runImport } from '../../lib/excel-import.ts';
import { conflict } from '../../lib/errors.ts';
import { ITEM_IMPORT_EXAMPLE, ITEM_IMPORT_NOTES, scaleCodesNote } from './item-import-template.ts';
import type { InstrumentService } from './instruments.service.ts';
import { writeDefinition } from './instruments.service.ts';
import * as repo from './instruments.repo.ts';

const WORD_OF_TYPE = Object.fromEntries(Object.entries(ITEM_TYPE_WORDS).map(([w, t]) => [t, w])) as Record<
  string,
  string
>;

/** The Excel import of an instrument's items: the template (filled with the current items) and the upload. */
export function createItemImportService(db: Database, instruments: InstrumentService) {
  async function template(user: AuthUser, instrumentId: number) {
    await instruments.visible(db, user, instrumentId);
    const [scales, items] = await Promise.all([repo.scalesOf(db, instrumentId), repo.itemsOf(db, instrumentId)]);
    return importTemplate<InstrumentItemImportKey>(
      'Butir',
      INSTRUMENT_ITEM_IMPORT_COLUMNS,
      ['text', 'scaleCode', 'options'],
      [...ITEM_IMPORT_NOTES, scaleCodesNote(scales)],
      {
        example: ITEM_IMPORT_EXAMPLE,
        lists: { type: Object.keys(ITEM_TYPE_WORDS), reversed: ['YA', 'TIDAK'], scaleCode: scales.map((s) => s.code) },
        rows: items.map((it) => ({
          text: it.text,
          type: WORD_OF_TYPE[it.type],
          scaleCode: it.scaleCode ?? '',
          reversed: it.reversed ? 'YA' : 'TIDAK',
          weight: it.weight,
          options: it.options.map((o) => `${o.label}=${o.scaleCode}`).join(' | '),
        })),
      },
    );
  }

  async function importItems(user: AuthUser, instrumentId: number, file: Buffer, actor: AuditActor) {
    await instruments.visible(db, user, instrumentId);
    return runImport(db, file, actor, {
      columns: INSTRUMENT_ITEM_IMPORT_COLUMNS,
      limit: { rows: 300, message: 'Paling banyak 300 butir per instrumen' },
      messages: { template: 'Pakai template impor butir', empty: 'Berkas tidak berisi butir' },
      parseRow(raw, row) {
        const typeWord = raw.type?.trim().toUpperCase() ?? '';
        const type = ITEM_TYPE_WORDS[typeWord as keyof typeof ITEM_TYPE_WORDS];
        if (!type) {
          row.fail('type', 'Jenis harus LIKERT, YA_TIDAK atau PILIHAN');
          return undefined;
        }
        const reversedWord = raw.reversed?.trim().toUpperCase();
        if (reversedWord && reversedWord !== 'YA' && reversedWord !== 'TIDAK') {
          row.fail('reversed', 'Isi YA atau TIDAK');
          return undefined;
        }
        const options = (raw.options ?? '')
          .split('|')
          .map((o) => o.trim())
          .filter(Boolean)
          .map((o) => {
            const at = o.lastIndexOf('=');
            return at < 0
              ? { label: o, scaleCode: '' }
              : {
                  label: o.slice(0, at).trim(),
                  scaleCode: o
                    .slice(at + 1)
                    .trim()
                    .toUpperCase(),
                };
          });
        if (type === 'CHOICE' && options.some((o) => !o.scaleCode)) {
          row.fail('options', 'Setiap opsi ditulis teks=KODE');
          return undefined;
        }
        return row.parse(InstrumentItemInput, {
          text: raw.text,
          type,
          scaleCode: type === 'CHOICE' ? null : raw.scaleCode?.trim().toUpperCase() || null,
          reversed: reversedWord === 'YA',
          weight: raw.weight ? Number(raw.weight) : 1,
          options: type === 'CHOICE' ? options : [],
        });
      },
      async check(tx, rows, fail) {
        const instrument = await instruments.visible(tx, user, instrumentId, true);
        await instruments.assertNoOpenWindow(tx, instrument.id);
        const scales = await repo.scalesOf(tx, instrumentId);
        for (const { row, input } of rows) {
          const problems = definitionProblems({
            scales,
            items: [
              { ...input, reversed: input.reversed ?? false, weight: input.weight ?? 1, options: input.options ?? [] },
            ],
          });
          if (problems['items.0.scaleCode']) fail(row, 'scaleCode', 'Kode skala tidak ada di instrumen ini');
          if (problems['items.0.options']) fail(row, 'options', problems['items.0.options']);
        }
        if (!scales.length) throw conflict('Buat skala instrumen dulu sebelum mengimpor butir');
      },
      async write(tx, rows) {
        const instrument = (await repo.findInstrument(tx, instrumentId))!;
        const scales = await repo.scalesOf(tx, instrumentId);
        await writeDefinition(tx, instrumentId, { scales, items: rows.map((r) => r.input) }, instrument.version + 1);
        return {
          action: 'instrument.items.import',
          entityType: 'counselling_instrument',
          entityId: instrumentId,
          after: { version: instrument.version + 1, items: rows.length },
        };
      },
    });
  }

  return { template, importItems };
}

export type ItemImportService = ReturnType<typeof createItemImportService>;

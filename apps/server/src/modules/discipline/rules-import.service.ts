import { RULE_IMPORT_COLUMNS, RULE_IMPORT_MAX_ROWS, ViolationRuleInput, type AuthUser } from '@mms/shared';
import type { Database } from '../../db/client.ts';
import type { AuditActor } from '../../lib/audit.ts';
import { importTemplate, runImport } from '../../lib/excel-import.ts';
import { catalogueUnit } from './discipline.service.ts';
import * as repo from './discipline.repo.ts';

type ColumnKey = (typeof RULE_IMPORT_COLUMNS)[number]['key'];

const YES = new Set(['ya', 'y', 'yes', 'true', '1', 'aktif']);
const NO = new Set(['tidak', 't', 'no', 'false', '0', 'nonaktif']);

/** The violation catalogue from the Excel template: new codes added, known codes updated, all or nothing. */
export function createRulesImportService(db: Database) {
  const template = () =>
    importTemplate(
      'Tata tertib',
      RULE_IMPORT_COLUMNS,
      ['code'],
      [
        'Isi lembar "Tata tertib" mulai baris 2; kolom bertanda * wajib.',
        'Kategori: RINGAN, SEDANG atau BERAT. Poin: bilangan bulat 1 sampai 1000. Aktif: YA atau TIDAK (kosong: YA).',
        'Kode yang sudah ada di unit diperbarui; kode baru ditambahkan.',
        `Maksimal ${RULE_IMPORT_MAX_ROWS} baris; bila ada baris yang salah, tidak ada yang disimpan.`,
      ],
      { example: { code: 'R01', name: 'Terlambat masuk sekolah', category: 'RINGAN', points: '5', isActive: 'YA' } },
    );

  async function importRules(user: AuthUser, unitId: number | undefined, file: Buffer, actor: AuditActor) {
    const unit = await catalogueUnit(db, user, unitId);
    return runImport<ColumnKey, ViolationRuleInput>(db, file, actor, {
      columns: RULE_IMPORT_COLUMNS,
      limit: { rows: RULE_IMPORT_MAX_ROWS, message: `Maksimal ${RULE_IMPORT_MAX_ROWS} baris sekali impor` },
      messages: { template: 'Pakai template impor tata tertib', empty: 'Berkas tidak berisi jenis pelanggaran' },
      parseRow: (raw, { parse, fail }) => {
        const active = (raw.isActive ?? '').trim().toLowerCase();
        if (active && !YES.has(active) && !NO.has(active)) {
          fail('isActive', 'Isi YA atau TIDAK');
          return undefined;
        }
        return parse(ViolationRuleInput, {
          code: raw.code ?? '',
          name: raw.name ?? '',
          category: (raw.category ?? '').trim().toUpperCase(),
          points: raw.points && /^-?\d+$/.test(raw.points.trim()) ? Number(raw.points) : NaN,
          isActive: !NO.has(active),
        });
      },
      async check(_tx, rows, fail) {
        const seen = new Map<string, number>();
        for (const { row, input } of rows) {
          const code = input.code.toLowerCase();
          const twin = seen.get(code);
          if (twin) fail(row, 'code', `Kode sama dengan baris ${twin}`);
          else seen.set(code, row);
        }
      },
      async write(tx, rows) {
        let created = 0;
        let updated = 0;
        for (const { input } of rows) {
          const known = await repo.findRuleByCode(tx, unit, input.code);
          if (known) {
            await repo.updateRule(tx, known.id, input);
            updated++;
          } else {
            await repo.insertRule(tx, { ...input, unitId: unit });
            created++;
          }
        }
        return { action: 'discipline.rule.import', entityType: 'unit', entityId: unit, after: { created, updated } };
      },
    });
  }

  return { template, importRules };
}

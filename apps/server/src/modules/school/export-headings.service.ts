import type { Lang } from '@mms/shared';
import type { Executor } from '../../db/client.ts';
import * as structure from './structure.repo.ts';

/**
 * The names an export's "Filter:" line shows for the ids a list was asked with (a unit's name, a
 * class's name). The list itself has already checked that the caller may see them.
 */
export function createExportHeadings(db: Executor) {
  const WORDS = {
    id: { unit: 'Unit', allUnits: 'Semua unit', class: 'Kelas', search: 'Pencarian' },
    en: { unit: 'Unit', allUnits: 'All units', class: 'Class', search: 'Search' },
  } as const;

  /** "Unit: SMP Islam Terpadu", "Kelas: 7A", "Pencarian: budi": the common filters of the lists. */
  async function common(
    lang: Lang,
    q: { unitId?: number | undefined; classGroupId?: number | undefined; q?: string | undefined },
  ): Promise<(readonly [string, string])[]> {
    const w = WORDS[lang];
    const out: (readonly [string, string])[] = [];
    if (q.unitId !== undefined) out.push([w.unit, (await structure.findUnit(db, q.unitId))?.name ?? String(q.unitId)]);
    if (q.classGroupId !== undefined)
      out.push([w.class, (await structure.findClass(db, q.classGroupId))?.name ?? String(q.classGroupId)]);
    if (q.q) out.push([w.search, q.q]);
    return out;
  }
  return { common };
}

export type ExportHeadings = ReturnType<typeof createExportHeadings>;

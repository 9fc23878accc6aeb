import type { AttendanceAnalysis, ClassEntryAnalysis, JournalAnalysis } from '@mms/shared';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api.ts';

/** The filters of an analysis: a date range and optionally one unit (or class). */
export interface AnalysisFilter {
  from: string;
  to: string;
  unitId?: number | null;
  classGroupId?: number | null;
}

const query = (f: AnalysisFilter) => ({
  from: f.from,
  to: f.to,
  unitId: f.unitId ?? undefined,
  classGroupId: f.classGroupId ?? undefined,
});

/** One request per screen: the server counts (in SQL, on the school calendar). */
function useAnalysis<T>(path: string, f: AnalysisFilter) {
  return useQuery({
    queryKey: ['/analytics', path, f.from, f.to, f.unitId ?? null, f.classGroupId ?? null],
    queryFn: () => api<T>(`/analytics/${path}`, { query: query(f) }),
    enabled: f.from <= f.to,
  });
}

export const useAttendanceAnalysis = (f: AnalysisFilter) => useAnalysis<AttendanceAnalysis>('attendance', f);
export const useClassEntryAnalysis = (f: AnalysisFilter) => useAnalysis<ClassEntryAnalysis>('class-entry', f);
export const useJournalAnalysis = (f: AnalysisFilter) => useAnalysis<JournalAnalysis>('journals', f);

/**
 * The bars of a per-student chart: each labelled with the whole name and the NIS (two pupils may share a
 * name, and a chart never shortens a name to a first name); a student with no data has no bar (never 0%).
 */
export function chartedStudents<R extends { name: string; nis: string; percentage: number | null }>(
  rows: readonly R[],
): (R & { label: string })[] {
  return rows.filter((x) => x.percentage !== null).map((x) => ({ ...x, label: `${x.name} (${x.nis})` }));
}

/** A percentage as shown: one decimal, and "–" when there is no data (never 0). */
export const showPercent = (value: number | null | undefined): string =>
  value === null || value === undefined ? '–' : String(value);

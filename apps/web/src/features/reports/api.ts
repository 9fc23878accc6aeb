import type { EmployeeSummary, Page, StudentSummary, TimetablePage, TimetableSlot } from '@mms/shared';
import { useQuery } from '@tanstack/react-query';
import { fetchAllPages } from '../../components/data-list/fetch-all.ts';

type Query = Record<string, string | number>;

/** Every row of a list for a printed report (a report is one document, not pages of 25). */
function useWholeList<T, P extends Page<T> = Page<T>>(path: string, query: Query, enabled = true) {
  return useQuery({
    queryKey: [path, 'report', query],
    queryFn: ({ signal }) => fetchAllPages<T, P>(path, query, signal),
    enabled,
  });
}

/** The students the report's filters select (`GET /students`, the same access rules as the list screen). */
export const useReportStudents = (query: Query) => useWholeList<StudentSummary>('/students', query);

/** The employees the report's filters select (`GET /employees`). */
export const useReportEmployees = (query: Query) => useWholeList<EmployeeSummary>('/employees', query);

/** Every lesson of a unit (or of one class) in the current semester (`GET /timetable`, all pages). */
export const useReportTimetable = (query: Query) =>
  useWholeList<TimetableSlot, TimetablePage>('/timetable', query, !!query.unitId);

import type {
  CalendarCopyResult,
  CalendarEntries,
  CalendarEntry,
  CalendarEntryInput,
  CalendarEntryUpdate,
  CalendarMonth,
  RegisterMonth,
  UpcomingNonSchool,
} from '@mms/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api.ts';

type Id = number | undefined | null;
const opt = (v: Id) => (v ? v : undefined);

/** Every calendar query starts with '/calendar': one invalidation refreshes the month, the list and the dashboard. */
function useRefresh() {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: ['/calendar'] });
}

/** A unit's entries (its own and the foundation's) of a year; no unit: the foundation's; no year: the active one. */
export function useCalendarEntries(unitId: Id, academicYearId: Id) {
  return useQuery({
    queryKey: ['/calendar', 'entries', unitId ?? null, academicYearId ?? null],
    queryFn: () =>
      api<CalendarEntries>('/calendar', { query: { unitId: opt(unitId), academicYearId: opt(academicYearId) } }),
  });
}

/** Each day of a month for a unit (the server's calendar decides which are school days). */
export function useCalendarMonth(unitId: Id, month: string) {
  return useQuery({
    queryKey: ['/calendar', 'month', unitId ?? null, month],
    queryFn: () => api<CalendarMonth>('/calendar/month', { query: { unitId: opt(unitId), month } }),
  });
}

/** How many of the unit's classes took the daily register on each school day of the month (staff who read attendance). */
export function useRegisterMonth(unitId: Id, month: string, enabled: boolean) {
  return useQuery({
    queryKey: ['/calendar', 'registers', unitId ?? null, month],
    queryFn: () => api<RegisterMonth>('/attendance/registers/month', { query: { unitId: opt(unitId), month } }),
    enabled: enabled && !!unitId,
  });
}

/** The next non-school days of the caller's unit (the dashboard). */
export function useUpcomingNonSchool() {
  return useQuery({
    queryKey: ['/calendar', 'upcoming'],
    queryFn: () => api<UpcomingNonSchool>('/calendar/upcoming', { query: { limit: 5 } }),
  });
}

export function useSaveCalendarEntry() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: ({ id, body }: { id?: number; body: CalendarEntryInput | CalendarEntryUpdate }) =>
      id
        ? api<CalendarEntry>(`/calendar/entries/${id}`, { method: 'PATCH', body })
        : api<CalendarEntry>('/calendar/entries', { method: 'POST', body }),
    onSuccess: refresh,
    meta: { silent: true },
  });
}

export function useDeleteCalendarEntry() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (id: number) => api(`/calendar/entries/${id}`, { method: 'DELETE' }),
    onSuccess: refresh,
    meta: { silent: true },
  });
}

export function useCopyCalendar() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (body: { academicYearId: number; unitId: number | null }) =>
      api<CalendarCopyResult>('/calendar/copy', { method: 'POST', body }),
    onSuccess: refresh,
    meta: { silent: true },
  });
}

export function useSetSchoolWeek() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: ({ unitId, schoolDaysPerWeek }: { unitId: number; schoolDaysPerWeek: number }) =>
      api(`/calendar/units/${unitId}/school-week`, { method: 'PUT', body: { schoolDaysPerWeek } }),
    onSuccess: refresh,
    meta: { silent: true },
  });
}

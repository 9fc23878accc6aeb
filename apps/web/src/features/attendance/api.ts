import type {
  AttendanceTodayCounts,
  ClassAttendanceSummary,
  ClassesNotTaken,
  ClassRecap,
  ClassRegister,
  LeaveDecisionInput,
  LeaveRequest,
  RegisterClasses,
  RegisterInput,
  StaffAttendance,
  StaffDaily,
  StaffDayInput,
  StaffToday,
  UnitRecap,
  WaitingForMe,
  OwnMonth,
} from '@mms/shared';
import { addDays, weekdayOf } from '@mms/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, apiForm } from '../../lib/api.ts';
import { serverToday } from '../../lib/clock.ts';

type Id = number | null | undefined;
const opt = (v: Id) => (v ? v : undefined);

/** Today as the school's calendar reads it (YYYY-MM-DD, WIB), on the server's clock. */
export const jakartaToday = (): string => serverToday();

/**
 * Today, or Saturday when today is a Sunday: the day a register page opens on. Whether it is a
 * school day is the server's answer (the school calendar), shown by the register and class list.
 */
export function lastSchoolDay(): string {
  const today = serverToday();
  return weekdayOf(today) === 7 ? addDays(today, -1) : today;
}

// ---------- student register ----------

export function useRegisterClasses(date: string, unitId?: Id) {
  return useQuery({
    queryKey: ['/attendance/classes', date, unitId ?? null],
    queryFn: () => api<RegisterClasses>('/attendance/classes', { query: { date, unitId: opt(unitId) } }),
  });
}

export function useRegister(classGroupId: Id, date: string) {
  return useQuery({
    queryKey: ['/attendance/register', classGroupId, date],
    queryFn: () => api<ClassRegister>(`/attendance/classes/${classGroupId}/daily/${date}`),
    enabled: !!classGroupId && !!date,
  });
}

export function useSaveRegister(classGroupId: number, date: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: RegisterInput) =>
      api<ClassRegister>(`/attendance/classes/${classGroupId}/daily/${date}`, { method: 'PUT', body }),
    onSuccess: (data) => {
      client.setQueryData(['/attendance/register', classGroupId, date], data);
      void client.invalidateQueries({ queryKey: ['/attendance/classes'] });
      void client.invalidateQueries({ queryKey: ['/journals/today'] });
      void client.invalidateQueries({ queryKey: ['/attendance/today'] });
    },
  });
}

export function useClassRecap(classGroupId: Id, month: string) {
  return useQuery({
    queryKey: ['/attendance/recap', classGroupId, month],
    queryFn: () => api<ClassRecap>(`/attendance/classes/${classGroupId}/recap`, { query: { month } }),
    enabled: !!classGroupId && /^\d{4}-\d{2}$/.test(month),
  });
}

export function useClassesNotTaken(date: string, unitId?: Id) {
  return useQuery({
    queryKey: ['/attendance/not-taken', date, unitId ?? null],
    queryFn: () => api<ClassesNotTaken>('/attendance/classes/not-taken', { query: { date, unitId: opt(unitId) } }),
  });
}

// ---------- dashboard ----------

export function useAttendanceTodayCounts(enabled: boolean) {
  return useQuery({
    queryKey: ['/attendance/today'],
    queryFn: () => api<AttendanceTodayCounts>('/attendance/today'),
    enabled,
    refetchInterval: 5 * 60_000,
  });
}

// ---------- staff ----------

export function useStaffToday() {
  return useQuery({
    queryKey: ['/attendance/staff/me/today'],
    queryFn: () => api<StaffToday>('/attendance/staff/me/today'),
  });
}

export function useStaffCheck(kind: 'check-in' | 'check-out') {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => api<StaffAttendance>(`/attendance/staff/${kind}`, { method: 'POST', body: {} }),
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: ['/attendance/staff/me/today'] });
      void client.invalidateQueries({ queryKey: ['/attendance/staff/me'] });
    },
  });
}

export function useStaffDaily(date: string, unitId?: Id) {
  return useQuery({
    queryKey: ['/attendance/staff/daily', date, unitId ?? null],
    queryFn: () => api<StaffDaily>('/attendance/staff/daily', { query: { date, unitId: opt(unitId) } }),
  });
}

// ---------- leave requests ----------

export function useCreateLeave() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (form: FormData) => apiForm<LeaveRequest>('/leave-requests', form),
    onSuccess: () => void client.invalidateQueries({ queryKey: ['/leave-requests'] }),
  });
}

export function useDecideLeave() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, ...body }: LeaveDecisionInput & { id: number }) =>
      api<LeaveRequest>(`/leave-requests/${id}/decision`, { method: 'POST', body }),
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: ['/leave-requests'] });
      void client.invalidateQueries({ queryKey: ['/attendance/recap'] });
    },
  });
}

export function useWithdrawLeave() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api<void>(`/leave-requests/${id}`, { method: 'DELETE' }),
    onSuccess: () => void client.invalidateQueries({ queryKey: ['/leave-requests'] }),
  });
}

export function useClassSummary(classGroupId: Id, from: string, to: string) {
  return useQuery({
    queryKey: ['/attendance/summary', classGroupId, from, to],
    queryFn: () => api<ClassAttendanceSummary>(`/attendance/classes/${classGroupId}/summary`, { query: { from, to } }),
    enabled: !!classGroupId,
  });
}

/** A leader sets an employee's status of a day (e.g. DINAS_LUAR). */
export function useSetStaffDay() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ employeeId, date, ...body }: StaffDayInput & { employeeId: number; date: string }) =>
      api<StaffAttendance>(`/attendance/staff/${employeeId}/days/${date}`, { method: 'PUT', body }),
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: ['/attendance/staff/daily'] });
      void client.invalidateQueries({ queryKey: ['/attendance/today'] });
    },
  });
}

export function useUnitRecap(month: string, unitId: Id, enabled: boolean) {
  return useQuery({
    queryKey: ['/attendance/recap', 'unit', month, unitId ?? null],
    queryFn: () => api<UnitRecap>('/attendance/recap', { query: { month, unitId: opt(unitId) } }),
    enabled: enabled && /^\d{4}-\d{2}$/.test(month),
  });
}

/** What waits for a decider today (`GET /attendance/waiting`): leave to decide, registers, staff not checked in. */
export function useWaitingForMe() {
  return useQuery({
    queryKey: ['/attendance/waiting'],
    queryFn: () => api<WaitingForMe>('/attendance/waiting'),
    refetchInterval: 5 * 60_000,
  });
}

/** The signed-in student's month so far (`GET /attendance/me/month`): their row of the class recap. */
export function useOwnMonth() {
  return useQuery({ queryKey: ['/attendance/me/month'], queryFn: () => api<OwnMonth>('/attendance/me/month') });
}

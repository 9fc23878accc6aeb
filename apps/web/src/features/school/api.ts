import type {
  EmployeeImportResult,
  Employee,
  EmployeeInput,
  EmployeeUpdate,
  Enrollment,
  EnrollInput,
  EnrollmentResult,
  MoveInput,
  Page,
  PromoteInput,
  Student,
  StudentImportResult,
  StudentInput,
  StudentSelfUpdate,
  StudentUpdate,
  Semester,
  TeachingHoursResponse,
  TimetableCheckInput,
  TimetableCheckResult,
  TimetableResponse,
  TimetableToday,
  TimetableSlot,
  TimetableSlotInput,
  TimetableSlotUpdate,
  UnitUpdate,
  Foundation,
  FoundationUpdate,
} from '@mms/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  AcademicYear,
  BellSchedule,
  ClassGroup,
  ClassGroupInput,
  ClassGroupUpdate,
  ClassGroupsQuery,
  Grade,
  HomeroomInput,
  LookupList,
  OkResponse,
  SchoolPageQuery,
  Subject,
  SubjectInput,
  SubjectUpdate,
  TeachingAssignment,
  TeachingAssignmentInput,
  TeachingAssignmentUpdate,
  UnitFilter,
  Unit,
  pageOf,
} from '@mms/shared';
import { api, apiForm } from '../../lib/api.ts';
import { endpoint, saveBy } from '../../lib/endpoint.ts';

const ALL = { page: 1, pageSize: 200 };
type Id = number | undefined | null;
const opt = (v: Id) => (v ? v : undefined);

/** The school routes on endpoint so far, with the contracts the server routes declare. */
const routes = {
  units: endpoint('GET', '/units', { query: SchoolPageQuery, response: pageOf(Unit) }),
  years: endpoint('GET', '/academic-years', { query: SchoolPageQuery, response: pageOf(AcademicYear) }),
  grades: endpoint('GET', '/grades', { query: SchoolPageQuery, response: pageOf(Grade) }),
  classes: endpoint('GET', '/classes', { query: ClassGroupsQuery, response: pageOf(ClassGroup) }),
  classGroup: endpoint('GET', '/classes/:id', { response: ClassGroup }),
  addClass: endpoint('POST', '/classes', { body: ClassGroupInput, response: ClassGroup }),
  changeClass: endpoint('PATCH', '/classes/:id', { body: ClassGroupUpdate, response: ClassGroup }),
  deleteClass: endpoint('DELETE', '/classes/:id', { response: OkResponse }),
  homeroom: endpoint('PUT', '/classes/:id/homeroom', { body: HomeroomInput, response: ClassGroup }),
  teachers: endpoint('GET', '/lookups/teachers', { query: UnitFilter, response: LookupList }),
  subjects: endpoint('GET', '/subjects', { query: SchoolPageQuery, response: pageOf(Subject) }),
  addSubject: endpoint('POST', '/subjects', { body: SubjectInput, response: Subject }),
  changeSubject: endpoint('PATCH', '/subjects/:id', { body: SubjectUpdate, response: Subject }),
  deleteSubject: endpoint('DELETE', '/subjects/:id', { response: OkResponse }),
  bellTimes: endpoint('GET', '/units/:id/bell-times', { response: BellSchedule }),
  addAssignment: endpoint('POST', '/teaching-assignments', {
    body: TeachingAssignmentInput,
    response: TeachingAssignment,
  }),
  changeAssignment: endpoint('PATCH', '/teaching-assignments/:id', {
    body: TeachingAssignmentUpdate,
    response: TeachingAssignment,
  }),
  deleteAssignment: endpoint('DELETE', '/teaching-assignments/:id', { response: OkResponse }),
};

// ---------- structure lookups ----------

export function useUnits() {
  return useQuery({
    queryKey: ['/units', 'all'],
    queryFn: () => routes.units({ query: ALL }),
    staleTime: 5 * 60_000,
  });
}

export function useAcademicYears() {
  return useQuery({
    queryKey: ['/academic-years', 'all'],
    queryFn: () => routes.years({ query: ALL }),
    staleTime: 5 * 60_000,
  });
}

export function useGrades(unitId: Id) {
  return useQuery({
    queryKey: ['/grades', 'all', unitId ?? null],
    queryFn: () => routes.grades({ query: { ...ALL, unitId: opt(unitId) } }),
    staleTime: 5 * 60_000,
  });
}

export function useClassGroups(filters: { unitId?: Id; academicYearId?: Id; gradeId?: Id } = {}) {
  return useQuery({
    queryKey: ['/classes', 'all', filters],
    queryFn: () =>
      routes.classes({
        query: {
          ...ALL,
          unitId: opt(filters.unitId),
          academicYearId: opt(filters.academicYearId),
          gradeId: opt(filters.gradeId),
        },
      }),
  });
}

export function useClassGroup(id: Id) {
  return useQuery({
    queryKey: ['/classes', 'one', id],
    queryFn: () => routes.classGroup({ params: { id: id! } }),
    enabled: !!id,
  });
}

export function useTeachersLookup(unitId: Id) {
  return useQuery({
    queryKey: ['/lookups/teachers', unitId ?? null],
    queryFn: () => routes.teachers({ query: { unitId: opt(unitId) } }),
    staleTime: 60_000,
  });
}

export function useSubjects(unitId: Id) {
  return useQuery({
    queryKey: ['/subjects', 'all', unitId ?? null],
    queryFn: () => routes.subjects({ query: { ...ALL, unitId: opt(unitId) } }),
  });
}

export function useBellTimes(unitId: Id) {
  return useQuery({
    queryKey: ['/units', 'bell-times', unitId],
    queryFn: () => routes.bellTimes({ params: { id: unitId! } }),
    enabled: !!unitId,
    staleTime: 5 * 60_000,
  });
}

/** Invalidates every query under the given API paths (lists, lookups, single records). */
function useInvalidate() {
  const client = useQueryClient();
  return (...paths: string[]) =>
    Promise.all(paths.map((p) => client.invalidateQueries({ queryKey: [p] }))).then(() => undefined);
}

// ---------- students ----------

export function useStudent(id: Id) {
  return useQuery({
    queryKey: ['/students', 'one', id],
    queryFn: () => api<Student>(`/students/${id}`),
    enabled: !!id,
  });
}

export function useStudentByNis(nis: string | undefined) {
  return useQuery({
    queryKey: ['/students', 'nis', nis],
    queryFn: () => api<Student>(`/students/by-nis/${encodeURIComponent(nis ?? '')}`),
    enabled: !!nis,
  });
}

export function useOwnStudent() {
  return useQuery({ queryKey: ['/students', 'me'], queryFn: () => api<Student>('/students/me') });
}

export function useCreateStudent() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (body: StudentInput) => api<Student>('/students', { method: 'POST', body }),
    onSuccess: () => invalidate('/students'),
    meta: { silent: true },
  });
}

export function useUpdateStudent(id: number) {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (body: StudentUpdate) => api<Student>(`/students/${id}`, { method: 'PATCH', body }),
    onSuccess: () => invalidate('/students', '/enrollments'),
    meta: { silent: true },
  });
}

export function useUpdateOwnStudent() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (body: StudentSelfUpdate) => api<Student>('/students/me', { method: 'PATCH', body }),
    onSuccess: () => invalidate('/students'),
    meta: { silent: true },
  });
}

export type ImportKind = 'students' | 'employees' | 'calendar';

/**
 * Imports the students, employees or calendar entries of an Excel workbook (the server's template)
 * into a unit (the calendar: none for the whole foundation): all rows or none.
 */
/** Sends an Excel workbook of students, employees or calendar entries (all or nothing) and refreshes their lists. */
export function useImportWorkbook(kind: ImportKind) {
  const invalidate = useInvalidate();
  return async (unitId: number | null, file: File) => {
    const form = new FormData();
    form.append('file', file);
    const result = await apiForm<StudentImportResult | EmployeeImportResult>(`/${kind}/import`, form, {
      query: { unitId: opt(unitId) },
    });
    await invalidate(`/${kind}`);
    return result;
  };
}

// ---------- employees ----------

export function useEmployee(id: Id) {
  return useQuery({
    queryKey: ['/employees', 'one', id],
    queryFn: () => api<Employee>(`/employees/${id}`),
    enabled: !!id,
  });
}

export function useCreateEmployee() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (body: EmployeeInput) => api<Employee>('/employees', { method: 'POST', body }),
    onSuccess: () => invalidate('/employees', '/lookups/teachers'),
    meta: { silent: true },
  });
}

export function useUpdateEmployee() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: EmployeeUpdate }) =>
      api<Employee>(`/employees/${id}`, { method: 'PATCH', body }),
    onSuccess: () => invalidate('/employees', '/lookups/teachers'),
    meta: { silent: true },
  });
}

// ---------- subjects ----------

export function useSaveSubject() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: saveBy(routes.addSubject, routes.changeSubject),
    onSuccess: () => invalidate('/subjects'),
    meta: { silent: true },
  });
}

export function useDeleteSubject() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (id: number) => routes.deleteSubject({ params: { id } }),
    onSuccess: () => invalidate('/subjects'),
    meta: { silent: true },
  });
}

// ---------- class groups ----------

export function useSaveClassGroup() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: saveBy(routes.addClass, routes.changeClass),
    onSuccess: () => invalidate('/classes'),
    meta: { silent: true },
  });
}

export function useDeleteClassGroup() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (id: number) => routes.deleteClass({ params: { id } }),
    onSuccess: () => invalidate('/classes'),
    meta: { silent: true },
  });
}

export function useSetHomeroom() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: ({ classId, employeeId }: { classId: number; employeeId: number | null }) =>
      routes.homeroom({ params: { id: classId }, body: { employeeId } }),
    onSuccess: () => invalidate('/classes'),
    meta: { silent: true },
  });
}

// ---------- enrollments ----------

export function useEnrollments(filters: { classGroupId?: Id; studentId?: Id; history?: boolean }) {
  return useQuery({
    queryKey: ['/enrollments', 'all', filters],
    queryFn: () =>
      api<Page<Enrollment>>('/enrollments', {
        query: {
          ...ALL,
          classGroupId: opt(filters.classGroupId),
          studentId: opt(filters.studentId),
          history: filters.history ? 'true' : undefined,
        },
      }),
    enabled: !!(filters.classGroupId || filters.studentId),
  });
}

const ENROLLMENT_PATHS = ['/enrollments', '/students', '/classes'];

export function useEnrol() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (body: EnrollInput) => api<EnrollmentResult>('/enrollments', { method: 'POST', body }),
    onSuccess: () => invalidate(...ENROLLMENT_PATHS),
    meta: { silent: true },
  });
}

export function useMoveStudent() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (body: MoveInput) => api<EnrollmentResult>('/enrollments/move', { method: 'POST', body }),
    onSuccess: () => invalidate(...ENROLLMENT_PATHS),
    meta: { silent: true },
  });
}

export function usePromoteClass() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (body: PromoteInput) => api<EnrollmentResult>('/enrollments/promote', { method: 'POST', body }),
    onSuccess: () => invalidate(...ENROLLMENT_PATHS),
    meta: { silent: true },
  });
}

// ---------- teaching assignments ----------

export function useSaveAssignment() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: saveBy(routes.addAssignment, routes.changeAssignment),
    onSuccess: () => invalidate('/teaching-assignments', '/timetable', '/lookups/classes'),
    meta: { silent: true },
  });
}

export function useDeleteAssignment() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (id: number) => routes.deleteAssignment({ params: { id } }),
    onSuccess: () => invalidate('/teaching-assignments', '/timetable', '/lookups/classes'),
    meta: { silent: true },
  });
}

// ---------- timetable ----------

export function useClassTimetable(classId: Id, semester?: Semester | null) {
  return useQuery({
    queryKey: ['/timetable', 'class', classId, semester ?? null],
    queryFn: () =>
      api<TimetableResponse>(`/timetable/classes/${classId}`, { query: { semester: semester ?? undefined } }),
    enabled: !!classId,
  });
}

export function useClassSubjects(classId: Id) {
  return useQuery({
    queryKey: ['/lookups/classes', classId, 'subjects'],
    queryFn: () => api<LookupList>(`/lookups/classes/${classId}/subjects`),
    enabled: !!classId,
  });
}

export function useOwnTimetable() {
  return useQuery({ queryKey: ['/timetable', 'me'], queryFn: () => api<TimetableResponse>('/timetable/me') });
}

export function useTeachingHours(unitId: Id) {
  return useQuery({
    queryKey: ['/timetable', 'hours', unitId ?? null],
    queryFn: () => api<TeachingHoursResponse>('/timetable/teaching-hours', { query: { unitId: opt(unitId) } }),
  });
}

export function useCheckSlot() {
  return useMutation({
    mutationFn: (body: TimetableCheckInput) => api<TimetableCheckResult>('/timetable/check', { method: 'POST', body }),
    meta: { silent: true },
  });
}

export function useCreateSlot() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (body: TimetableSlotInput) => api<TimetableSlot>('/timetable', { method: 'POST', body }),
    onSuccess: () => invalidate('/timetable'),
    meta: { silent: true },
  });
}

export function useUpdateSlot() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: TimetableSlotUpdate }) =>
      api<TimetableSlot>(`/timetable/${id}`, { method: 'PATCH', body }),
    onSuccess: () => invalidate('/timetable'),
    meta: { silent: true },
  });
}

/** The teaching assignments of a class in a semester: who teaches what, and how many JP a week. */
export function useClassAssignments(classGroupId: Id, semester: Semester) {
  return useQuery({
    queryKey: ['/teaching-assignments', 'class', classGroupId, semester],
    queryFn: () =>
      api<Page<TeachingAssignment>>('/teaching-assignments', {
        query: { classGroupId: classGroupId ?? undefined, semester, pageSize: 200 },
      }),
    enabled: !!classGroupId,
  });
}

export function useDeleteSlot() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (id: number) => api(`/timetable/${id}`, { method: 'DELETE' }),
    onSuccess: () => invalidate('/timetable'),
    meta: { silent: true },
  });
}

// ---------- the papers' letterhead: unit and foundation settings, logos ----------

export function useFoundation() {
  return useQuery({ queryKey: ['/foundation'], queryFn: () => api<Foundation>('/foundation') });
}

/** Saves a unit's settings (PATCH) or the foundation's (unitId null). */
export function useSaveLetterhead() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: ({ unitId, body }: { unitId: number | null; body: UnitUpdate | FoundationUpdate }) =>
      unitId
        ? api<Unit | Foundation>(`/units/${unitId}`, { method: 'PATCH', body })
        : api<Unit | Foundation>('/foundation', { method: 'PATCH', body }),
    onSuccess: () => Promise.all([invalidate('/units'), invalidate('/foundation'), invalidate('/letterhead')]),
    meta: { silent: true },
  });
}

/** Sets (a file) or removes (null) the logo of a unit or of the foundation (unitId null). */
export function useSaveLogo() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: ({ unitId, file }: { unitId: number | null; file: File | null }) => {
      const path = unitId ? `/units/${unitId}/logo` : '/foundation/logo';
      if (!file) return api(path, { method: 'DELETE' });
      const form = new FormData();
      form.set('file', file);
      return apiForm(path, form, { method: 'PUT' });
    },
    onSuccess: () => Promise.all([invalidate('/units'), invalidate('/foundation'), invalidate('/letterhead')]),
    meta: { silent: true },
  });
}

/** Today's lessons of the own week (`GET /timetable/me/today`); none on a day without school. */
export function useTimetableToday() {
  return useQuery({
    queryKey: ['/timetable', 'me', 'today'],
    queryFn: () => api<TimetableToday>('/timetable/me/today'),
  });
}

import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  AttendanceListQuery,
  AttendanceTodayCounts,
  ClassAttendanceSummary,
  ClassIdParams,
  ClassesNotTaken,
  ClassRecap,
  ClassRegister,
  ClassSummaryQuery,
  DateUnitQuery,
  ErrorBody,
  OwnStaffAttendanceQuery,
  pageOf,
  RecapQuery,
  RegisterMonth,
  RegisterMonthQuery,
  RegisterClasses,
  RegisterInput,
  RegisterParams,
  StaffAttendance,
  StaffCheckInput,
  StaffAbsentLateQuery,
  StaffAbsentLateRow,
  StaffDaily,
  StaffDayInput,
  StaffDayParams,
  StaffToday,
  StudentAttendanceQuery,
  StudentAttendanceRow,
  StudentIdParams,
  type RecapRow,
  type StudentAttendanceRow as Row,
  UnitRecap,
  UnitRecapQuery,
  OwnMonth,
  OwnMonthQuery,
  WaitingForMe,
  longDate,
  longMonth,
} from '@mms/shared';
import { actorOf } from '../../lib/audit.ts';
import { collectAll, sendXlsx, toXlsx, type XlsxColumn } from '../../lib/xlsx.ts';
import { userOf } from '../../lib/scope.ts';
import { requestLang, type Bilingual } from '../../lib/lang.ts';
import type { ExportHeadings } from '../school/export-headings.service.ts';
import type { AttendanceService } from './attendance.service.ts';
import type { AttendanceDashboard } from './dashboard.service.ts';
import type { StaffAttendanceService } from './staff.service.ts';

const errors = { 400: ErrorBody, 403: ErrorBody, 404: ErrorBody, 409: ErrorBody };
const tags = ['attendance'];
const XLSX = ['application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'];
const CODE_LABELS: Record<Row['code'], Bilingual> = {
  H: { id: 'Hadir', en: 'Present' },
  S: { id: 'Sakit', en: 'Sick' },
  I: { id: 'Izin', en: 'Excused' },
  A: { id: 'Alpa', en: 'Absent' },
};

const ROW_COLUMNS: XlsxColumn<Row>[] = [
  { header: { id: 'Tanggal', en: 'Date' }, value: (r) => r.date, width: 12 },
  { header: { id: 'Kelas', en: 'Class' }, value: (r) => r.className, width: 10 },
  { header: { id: 'NIS', en: 'NIS' }, value: (r) => r.nis, width: 14 },
  { header: { id: 'Nama', en: 'Name' }, value: (r) => r.name, width: 32 },
  { header: { id: 'Keterangan', en: 'Status' }, value: (r, lang) => CODE_LABELS[r.code][lang], width: 12 },
  { header: { id: 'Terlambat (menit)', en: 'Late (minutes)' }, value: (r) => r.lateMinutes, width: 18 },
  { header: { id: 'Catatan', en: 'Note' }, value: (r) => r.note, width: 30 },
];
const RECAP_COLUMNS: XlsxColumn<RecapRow & { days: number }>[] = [
  { header: { id: 'NIS', en: 'NIS' }, value: (r) => r.nis, width: 14 },
  { header: { id: 'Nama', en: 'Name' }, value: (r) => r.name, width: 32 },
  { header: { id: 'Hari', en: 'Days' }, value: (r) => r.days, width: 6 },
  { header: { id: 'H', en: 'P' }, value: (r) => r.H, width: 6 },
  { header: { id: 'S', en: 'S' }, value: (r) => r.S, width: 6 },
  { header: { id: 'I', en: 'E' }, value: (r) => r.I, width: 6 },
  { header: { id: 'A', en: 'A' }, value: (r) => r.A, width: 6 },
  { header: { id: 'Kehadiran (%)', en: 'Attendance (%)' }, value: (r) => r.percentage ?? '–', width: 14 },
];

export const recordsRoutes: FastifyPluginAsyncZod<{
  attendance: AttendanceService;
  staff: StaffAttendanceService;
  dashboard: AttendanceDashboard;
  headings: ExportHeadings;
}> = async (app, { attendance, staff, dashboard, headings }) => {
  // ---------- daily register of a class ----------
  app.get(
    '/classes',
    {
      config: { access: 'attendance.student.read' },
      schema: {
        tags,
        summary: 'The classes whose register the caller may open, with whether the date’s register is taken',
        querystring: DateUnitQuery,
        response: { 200: RegisterClasses, ...errors },
      },
    },
    async (request) => attendance.registerClasses(userOf(request), request.query),
  );
  app.get(
    '/classes/:classGroupId/daily/:date',
    {
      config: { access: 'attendance.student.read' },
      schema: {
        tags,
        summary: 'The daily register of a class: every enrolled student, H where nothing is recorded yet',
        params: RegisterParams,
        response: { 200: ClassRegister, ...errors },
      },
    },
    async (request) => attendance.getRegister(userOf(request), request.params.classGroupId, request.params.date),
  );
  app.put(
    '/classes/:classGroupId/daily/:date',
    {
      config: { access: 'attendance.student.record' },
      schema: {
        tags,
        summary: 'Save the whole class’s register of a day in one go (again = edit); students left out are H',
        params: RegisterParams,
        body: RegisterInput,
        response: { 200: ClassRegister, ...errors },
      },
    },
    async (request) =>
      attendance.saveRegister(
        userOf(request),
        request.params.classGroupId,
        request.params.date,
        request.body,
        actorOf(request),
      ),
  );
  app.get(
    '/classes/:classGroupId/summary',
    {
      config: { access: 'attendance.student.read' },
      schema: {
        tags,
        summary: 'Counts of H, S, I, A per student of a class between two dates (recorded days)',
        params: ClassIdParams,
        querystring: ClassSummaryQuery,
        response: { 200: ClassAttendanceSummary, ...errors },
      },
    },
    async (request) => attendance.classSummary(userOf(request), request.params.classGroupId, request.query),
  );
  app.get(
    '/classes/:classGroupId/recap',
    {
      config: { access: 'attendance.student.read' },
      schema: {
        tags,
        summary: 'Monthly recap of a class: H, S, I, A and percentage; a school day without a record counts as A',
        params: ClassIdParams,
        querystring: RecapQuery,
        response: { 200: ClassRecap, ...errors },
      },
    },
    async (request) => attendance.monthlyRecap(userOf(request), request.params.classGroupId, request.query),
  );
  app.get(
    '/recap',
    {
      config: { access: 'attendance.student.read' },
      schema: {
        tags,
        summary: 'Monthly recap of a unit per class (H, S, I, A, percentage); teachers get their own classes only',
        querystring: UnitRecapQuery,
        response: { 200: UnitRecap, ...errors },
      },
    },
    async (request) => attendance.unitRecap(userOf(request), request.query),
  );
  app.get(
    '/classes/:classGroupId/recap/export',
    {
      config: { access: 'attendance.student.read' },
      schema: {
        tags,
        summary: 'The monthly recap of a class as an Excel file',
        params: ClassIdParams,
        querystring: RecapQuery,
        produces: XLSX,
      },
    },
    async (request, reply) => {
      const recap = await attendance.monthlyRecap(userOf(request), request.params.classGroupId, request.query);
      const name = `rekap-presensi-${recap.className}-${recap.month}`.replace(/[^A-Za-z0-9-]/g, '');
      const lang = requestLang(request);
      const heading = {
        lang,
        sheet: { id: `Rekap ${recap.month}`, en: `Recap ${recap.month}` },
        title: {
          id: `Rekap Presensi Kelas ${recap.className} ${longMonth(recap.month, 'id')}`,
          en: `Attendance Recap of Class ${recap.className}, ${longMonth(recap.month, 'en')}`,
        },
        filters: [
          [lang === 'en' ? 'Class' : 'Kelas', recap.className],
          [lang === 'en' ? 'Month' : 'Bulan', longMonth(recap.month, lang)],
        ] as const,
      };
      return sendXlsx(reply, name, await toXlsx(heading, RECAP_COLUMNS, recap.rows));
    },
  );
  app.get(
    '/registers/month',
    {
      config: { access: 'attendance.student.read' },
      schema: {
        tags,
        summary: "How many of a unit's classes took the daily register on each school day of a month so far",
        querystring: RegisterMonthQuery,
        response: { 200: RegisterMonth, ...errors },
      },
    },
    async (request) => attendance.registerMonth(userOf(request), request.query),
  );
  app.get(
    '/classes/not-taken',
    {
      config: { access: 'attendance.student.read' },
      schema: {
        tags,
        summary: 'Classes of the active year whose daily register is not taken on the date (default today)',
        querystring: DateUnitQuery,
        response: { 200: ClassesNotTaken, ...errors },
      },
    },
    async (request) => attendance.classesNotTaken(userOf(request), request.query),
  );

  // ---------- student lists ----------
  app.get(
    '/students/absent',
    {
      config: { access: 'attendance.student.read' },
      schema: {
        tags,
        summary: 'Absent list (S, I, A) of the daily register between two dates, by unit or class',
        querystring: AttendanceListQuery,
        response: { 200: pageOf(StudentAttendanceRow), ...errors },
      },
    },
    async (request) => attendance.listAbsent(userOf(request), request.query),
  );
  app.get(
    '/students/absent/export',
    {
      config: { access: 'attendance.student.read' },
      schema: {
        tags,
        summary: 'The absent list as an Excel file, with the same filters and access rules',
        querystring: AttendanceListQuery,
        produces: XLSX,
      },
    },
    async (request, reply) => {
      const user = userOf(request);
      const rows = await collectAll((page, pageSize) =>
        attendance.listAbsent(user, { ...request.query, page, pageSize }),
      );
      const lang = requestLang(request);
      const q = request.query;
      const period: readonly [string, string] = [
        lang === 'en' ? 'Dates' : 'Tanggal',
        `${longDate(q.from, lang)} – ${longDate(q.to, lang)}`,
      ];
      const heading = {
        lang,
        sheet: { id: 'Tidak hadir', en: 'Absent' },
        title: { id: 'Daftar Siswa Tidak Hadir', en: 'Absent Students' },
        filters: [period, ...(await headings.common(lang, q))],
      };
      return sendXlsx(reply, 'siswa-tidak-hadir', await toXlsx(heading, ROW_COLUMNS, rows));
    },
  );
  app.get(
    '/me',
    {
      config: { access: 'school.student.self' },
      schema: {
        tags,
        summary: 'The signed-in student’s own attendance rows (daily and per lesson)',
        querystring: StudentAttendanceQuery,
        response: { 200: pageOf(StudentAttendanceRow), ...errors },
      },
    },
    async (request) => attendance.ownHistory(userOf(request), request.query),
  );
  app.get(
    '/me/month',
    {
      config: { access: 'school.student.self' },
      schema: {
        tags,
        summary:
          "The signed-in student's month so far (default this month): H, S, I, A as their class's recap counts them",
        querystring: OwnMonthQuery,
        response: { 200: OwnMonth, ...errors },
      },
    },
    async (request) => attendance.ownMonth(userOf(request), request.query),
  );
  app.get(
    '/students/late',
    {
      config: { access: 'attendance.student.read' },
      schema: {
        tags,
        summary: 'Late list of the daily register between two dates, by unit or class',
        querystring: AttendanceListQuery,
        response: { 200: pageOf(StudentAttendanceRow), ...errors },
      },
    },
    async (request) => attendance.listLate(userOf(request), request.query),
  );
  app.get(
    '/students/:studentId',
    {
      config: { access: 'attendance.student.read' },
      schema: {
        tags,
        summary: 'A student’s attendance rows (daily and per lesson) between two dates',
        params: StudentIdParams,
        querystring: StudentAttendanceQuery,
        response: { 200: pageOf(StudentAttendanceRow), ...errors },
      },
    },
    async (request) => attendance.studentHistory(userOf(request), request.params.studentId, request.query),
  );

  // ---------- staff ----------
  app.post(
    '/staff/check-in',
    {
      config: { access: 'attendance.self' },
      schema: {
        tags,
        summary: 'Check in at server time (WIB); late minutes count from the unit’s start time',
        body: StaffCheckInput,
        response: { 200: StaffAttendance, ...errors },
      },
    },
    async (request) => staff.checkIn(userOf(request), request.body?.note, actorOf(request)),
  );
  app.post(
    '/staff/check-out',
    {
      config: { access: 'attendance.self' },
      schema: {
        tags,
        summary: 'Check out at server time (WIB)',
        body: z.object({}).optional(),
        response: { 200: StaffAttendance, ...errors },
      },
    },
    async (request) => staff.checkOut(userOf(request), actorOf(request)),
  );
  app.get(
    '/staff/me/today',
    {
      config: { access: 'attendance.self' },
      schema: { tags, summary: 'The caller’s attendance of today', response: { 200: StaffToday, ...errors } },
    },
    async (request) => staff.today(userOf(request)),
  );
  app.get(
    '/staff/me',
    {
      config: { access: 'attendance.self' },
      schema: {
        tags,
        summary: 'The caller’s own attendance, newest first',
        querystring: OwnStaffAttendanceQuery,
        response: { 200: pageOf(StaffAttendance), ...errors },
      },
    },
    async (request) => staff.listOwn(userOf(request), request.query),
  );
  app.get(
    '/staff/daily',
    {
      config: { access: 'attendance.staff.read' },
      schema: {
        tags,
        summary: 'Every employee’s attendance on a day (default today) and the absentees',
        querystring: DateUnitQuery,
        response: { 200: StaffDaily, ...errors },
      },
    },
    async (request) => staff.daily(userOf(request), request.query),
  );

  app.get(
    '/staff/absent-late',
    {
      config: { access: 'attendance.staff.read' },
      schema: {
        tags,
        summary: 'Recorded staff days that were late or not HADIR (sakit, izin, DL, alpa) between two dates',
        querystring: StaffAbsentLateQuery,
        response: { 200: pageOf(StaffAbsentLateRow), ...errors },
      },
    },
    async (request) => staff.absentLate(userOf(request), request.query),
  );

  app.put(
    '/staff/:employeeId/days/:date',
    {
      config: { access: 'leave.decide' },
      schema: {
        tags,
        summary: 'Set an employee’s status of a day (e.g. DINAS_LUAR); check-in and check-out times are kept',
        params: StaffDayParams,
        body: StaffDayInput,
        response: { 200: StaffAttendance, ...errors },
      },
    },
    async (request) =>
      staff.setDay(userOf(request), request.params.employeeId, request.params.date, request.body, actorOf(request)),
  );

  // ---------- dashboard ----------
  app.get(
    '/today',
    {
      config: { access: 'school.monitor' },
      schema: {
        tags,
        summary: 'Dashboard counts of today: absent staff, absent students by code, classes without a register',
        querystring: DateUnitQuery.pick({ unitId: true }),
        response: { 200: AttendanceTodayCounts, ...errors },
      },
    },
    async (request) => dashboard.today(userOf(request), request.query.unitId),
  );
  app.get(
    '/waiting',
    {
      config: { access: 'leave.decide' },
      schema: {
        tags,
        summary:
          'What waits for a decider today: leave requests to decide, registers not taken, staff not checked in (the counts of the screens they link to)',
        querystring: DateUnitQuery.pick({ unitId: true }),
        response: { 200: WaitingForMe, ...errors },
      },
    },
    async (request) => dashboard.waiting(userOf(request), request.query.unitId),
  );
};

import type { FastifyPluginAsync } from 'fastify';
import type { Database } from '../../db/client.ts';
import { createExportHeadings } from '../school/export-headings.service.ts';
import { createAttendanceService } from './attendance.service.ts';
import { createAttendanceDashboard } from './dashboard.service.ts';
import { leaveRoutes } from './leave.routes.ts';
import { createLeaveService } from './leave.service.ts';
import { recordsRoutes } from './records.routes.ts';
import { createStaffAttendanceService } from './staff.service.ts';

/** The attendance feature under /api/v1: student registers and lists, staff attendance, leave requests. */
export const attendanceRoutes: FastifyPluginAsync<{ db: Database; dataDir: string }> = async (app, { db, dataDir }) => {
  const attendance = createAttendanceService(db);
  const staff = createStaffAttendanceService(db);
  const leave = createLeaveService(db, dataDir);
  await app.register(recordsRoutes, {
    prefix: '/attendance',
    attendance,
    staff,
    dashboard: createAttendanceDashboard(attendance, staff, leave),
    headings: createExportHeadings(db),
  });
  await app.register(leaveRoutes, { prefix: '/leave-requests', leave });
};

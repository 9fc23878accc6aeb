import type { AttendanceTodayCounts, AuthUser } from '@mms/shared';
import { unitScope } from '../../lib/scope.ts';
import type { AttendanceService } from './attendance.service.ts';
import type { StaffAttendanceService } from './staff.service.ts';

/** The leaders' dashboard numbers of today, from the student and staff services. */
export function createAttendanceDashboard(attendance: AttendanceService, staff: StaffAttendanceService) {
  async function today(user: AuthUser, unitId: number | undefined): Promise<AttendanceTodayCounts> {
    const [staffDay, notTaken] = await Promise.all([
      staff.daily(user, { unitId }),
      attendance.classesNotTaken(user, { unitId }),
    ]);
    return {
      date: staffDay.date,
      staffTotal: staffDay.items.length,
      staffAbsent: staffDay.absentees.length,
      studentsAbsent: await attendance.absentCountsToday(unitScope(user, unitId), staffDay.date),
      classesNotTaken: notTaken.items.length,
    };
  }
  return { today };
}

export type AttendanceDashboard = ReturnType<typeof createAttendanceDashboard>;

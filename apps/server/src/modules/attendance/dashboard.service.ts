import type { AttendanceTodayCounts, AuthUser, WaitingForMe } from '@mms/shared';
import { unitScope } from '../../lib/scope.ts';
import type { AttendanceService } from './attendance.service.ts';
import type { LeaveService } from './leave.service.ts';
import type { StaffAttendanceService } from './staff.service.ts';

/** The leaders' dashboard numbers of today, from the student, staff and leave services (their own rules). */
export function createAttendanceDashboard(
  attendance: AttendanceService,
  staff: StaffAttendanceService,
  leave: LeaveService,
) {
  async function today(user: AuthUser, unitId: number | undefined): Promise<AttendanceTodayCounts> {
    const [staffDay, notTaken] = await Promise.all([
      staff.daily(user, { unitId }),
      attendance.classesNotTaken(user, { unitId }),
    ]);
    return {
      date: staffDay.date,
      staffTotal: staffDay.items.length,
      staffAbsent: staffDay.absentees.length,
      staffLate: staffDay.latecomers.length,
      studentsAbsent: await attendance.absentCountsToday(unitScope(user, unitId), staffDay.date),
      classesNotTaken: notTaken.items.length,
    };
  }

  /**
   * What waits for a decider (principal, WAKAKUR, admin) today: leave requests to decide, classes whose
   * register is not taken, staff not checked in. Each number is the total of the screen its link opens.
   */
  async function waiting(user: AuthUser, unitId: number | undefined): Promise<WaitingForMe> {
    const [pending, staffDay, notTaken] = await Promise.all([
      leave.list(user, { status: 'pending', unitId, page: 1, pageSize: 1 }),
      staff.daily(user, { unitId }),
      attendance.classesNotTaken(user, { unitId }),
    ]);
    return {
      date: staffDay.date,
      leaveToDecide: pending.total,
      classesNotTaken: notTaken.items.length,
      staffNotCheckedIn: staffDay.absentees.length,
      staffTotal: staffDay.items.length,
    };
  }

  return { today, waiting };
}

export type AttendanceDashboard = ReturnType<typeof createAttendanceDashboard>;

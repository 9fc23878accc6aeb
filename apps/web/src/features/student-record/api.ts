import { useQuery } from '@tanstack/react-query';
import type { StudentRecord } from '@mms/shared';
import { api } from '../../lib/api.ts';

/** A student's pesantren record; the server leaves out the parts the caller may not see. */
export function useStudentRecord(studentId: number | undefined) {
  return useQuery({
    queryKey: ['/student-record', studentId],
    queryFn: () => api<StudentRecord>(`/student-record/${studentId}`),
    enabled: !!studentId,
    retry: false,
  });
}

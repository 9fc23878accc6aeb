import { useQuery } from '@tanstack/react-query';
import type { Rapor, RaporClass, RaporClasses, Semester } from '@mms/shared';
import { downloadServerExport } from '../../components/data-list/export-xlsx.ts';
import { api } from '../../lib/api.ts';

/** The classes whose rapors the caller may open (a homeroom's own, a leader's unit), of a year (none: the active). */
export function useRaporClasses(academicYearId: number | null = null) {
  return useQuery({
    queryKey: ['/rapor/classes', 'year', academicYearId],
    queryFn: () => api<RaporClasses>('/rapor/classes', { query: academicYearId === null ? {} : { academicYearId } }),
    retry: false,
  });
}

/** The students of a class, in the class PDF's order. */
export function useRaporClass(classGroupId: number | null, semester: Semester) {
  return useQuery({
    queryKey: ['/rapor/classes', classGroupId, semester],
    queryFn: () => api<RaporClass>(`/rapor/classes/${classGroupId}`, { query: { semester } }),
    enabled: classGroupId !== null,
    retry: false,
  });
}

/** A student's rapor data of the semester, in a class (a past year's) or their class of the active year. */
export function useRapor(studentId: number | null, semester: Semester, classGroupId: number | null = null) {
  const query = classGroupId === null ? { semester } : { semester, classGroupId };
  return useQuery({
    queryKey: ['/rapor/students', studentId, semester, classGroupId],
    queryFn: () => api<Rapor>(`/rapor/students/${studentId}`, { query }),
    enabled: studentId !== null,
    retry: false,
  });
}

/** Downloads a student's rapor PDF, in the language chosen in MMS. */
export const downloadStudentPdf = (
  studentId: number,
  semester: Semester,
  fileName: string,
  classGroupId: number | null = null,
) =>
  downloadServerExport(
    `/rapor/students/${studentId}`,
    classGroupId === null ? { semester } : { semester, classGroupId },
    fileName,
    'pdf',
  );

/** Downloads the PDF of every student of a class. */
export const downloadClassPdf = (classGroupId: number, semester: Semester, fileName: string) =>
  downloadServerExport(`/rapor/classes/${classGroupId}`, { semester }, fileName, 'pdf');

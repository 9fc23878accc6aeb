import type { Lang, RaporBoard, RaporBoardSubject } from '@mms/shared';
import type { Bilingual } from '../../lib/lang.ts';
import { toXlsxBook, xlsxSheet, type XlsxColumn, type XlsxHeading } from '../../lib/xlsx.ts';

type Student = RaporBoard['students'][number];

const SEMESTER: Record<RaporBoard['semester'], Bilingual> = {
  GANJIL: { id: 'Ganjil', en: 'Odd' },
  GENAP: { id: 'Genap', en: 'Even' },
};
const names = (list: { name: string }[]) => list.map((s) => s.name).join(', ');

const SUBJECT_COLUMNS: XlsxColumn<RaporBoardSubject>[] = [
  { header: { id: 'Mata pelajaran', en: 'Subject' }, value: (s) => s.name, width: 24 },
  { header: { id: 'Guru', en: 'Teacher' }, value: (s) => s.teacher?.name ?? null, width: 24 },
  // an ISO instant: xlsxCell writes its Jakarta date and time
  { header: { id: 'Diserahkan', en: 'Submitted at' }, value: (s) => s.submittedAt ?? null, width: 18 },
  { header: { id: 'Nilai belum ada', en: 'Missing scores' }, value: (s) => s.missingScore.length },
  {
    header: { id: 'Siswa tanpa nilai', en: 'Students without a score' },
    value: (s) => names(s.missingScore),
    width: 40,
  },
  { header: { id: 'Deskripsi belum ada', en: 'Missing descriptions' }, value: (s) => s.missingDescription.length },
  {
    header: { id: 'Siswa tanpa deskripsi', en: 'Students without a description' },
    value: (s) => names(s.missingDescription),
    width: 40,
  },
];

const STUDENT_COLUMNS: XlsxColumn<Student>[] = [
  { header: { id: 'Siswa', en: 'Student' }, value: (s) => s.name, width: 28 },
  { header: { id: 'NIS', en: 'NIS' }, value: (s) => s.nis },
  { header: { id: 'Catatan wali kelas', en: 'Homeroom note' }, value: (s) => s.note ?? null, width: 60 },
  { header: { id: 'Catatan akhlak', en: 'Note on character (akhlak)' }, value: (s) => s.akhlak ?? null, width: 60 },
  { header: { id: 'Dilihat', en: 'Seen at' }, value: (s) => s.seenAt ?? null, width: 18 },
];

/**
 * The completeness board as an Excel file (issue 40 §3: every list with an export): "Kelengkapan" per subject and
 * "Siswa" per student, each under the title and the filters (class, semester) in the reader's language.
 */
export function raporBoardXlsx(board: RaporBoard, lang: Lang): Promise<Buffer> {
  const cls = board.classGroup.name;
  const sem = SEMESTER[board.semester];
  const filters = [
    [lang === 'en' ? 'Class' : 'Kelas', cls],
    ['Semester', sem[lang]],
  ] as const;
  const heading = (sheet: Bilingual, title: Bilingual): XlsxHeading => ({ lang, sheet, title, filters });
  return toXlsxBook([
    xlsxSheet(
      heading(
        { id: 'Kelengkapan', en: 'Kelengkapan' },
        {
          id: `Kelengkapan Rapor Kelas ${cls} Semester ${sem.id}`,
          en: `Report Card Completeness of Class ${cls}, ${sem.en} Semester`,
        },
      ),
      SUBJECT_COLUMNS,
      board.subjects,
    ),
    xlsxSheet(
      heading(
        { id: 'Siswa', en: 'Siswa' },
        { id: `Siswa Kelas ${cls} Semester ${sem.id}`, en: `Students of Class ${cls}, ${sem.en} Semester` },
      ),
      STUDENT_COLUMNS,
      board.students,
    ),
  ]);
}

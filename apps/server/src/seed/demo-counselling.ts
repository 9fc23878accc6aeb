import { and, asc, eq, inArray, isNull } from 'drizzle-orm';
import type { Transaction } from '../db/client.ts';
import {
  classGroups,
  counsellingNoteStudents,
  counsellingNotes,
  employees,
  enrollments,
  psychotests,
  students,
  users,
} from '../db/schema/index.ts';
import { clock } from '../lib/clock.ts';

/**
 * The counselling demo (issue 14): a handful of notes of the SMP counsellor (the demo BPBK account) for students of
 * 7A (the demo student among them), 7B and 8A, of every kind and status, one shared with the demo student; and
 * psychological test results, two shared with the demo student. Dates fall in the seeded school year (never after
 * today), so the BK report of the year's first months has something to count.
 */
export async function seedDemoCounselling(
  tx: Transaction,
  v: { unitId: number; academicYearId: number; year: { startYear: number }; studentNis: string },
) {
  const [counsellor] = await tx
    .select({ id: employees.id })
    .from(employees)
    .innerJoin(users, eq(users.id, employees.userId))
    .where(eq(users.username, 'bpbk'));
  if (!counsellor) return;
  const roster = await tx
    .select({ id: students.id, nis: students.nis, classGroupId: classGroups.id, className: classGroups.name })
    .from(enrollments)
    .innerJoin(students, eq(students.id, enrollments.studentId))
    .innerJoin(classGroups, eq(classGroups.id, enrollments.classGroupId))
    .where(
      and(
        eq(classGroups.unitId, v.unitId),
        eq(enrollments.academicYearId, v.academicYearId),
        isNull(enrollments.endedAt),
        inArray(classGroups.name, ['7A', '7B', '8A']),
      ),
    )
    .orderBy(asc(students.nis));
  const of = (className: string) => roster.filter((s) => s.className === className);
  const demo = roster.find((s) => s.nis === v.studentNis) ?? of('7A')[0];
  const a = of('7A').filter((s) => s.id !== demo?.id);
  const b = of('7B');
  const c = of('8A');
  if (!demo || a.length < 2 || b.length < 1 || c.length < 4) return;

  const today = clock.today();
  // a day of the school year: month 7 is July of its first year, 13 is January of the next
  const on = (month: number, day: number) => {
    const y = v.year.startYear + (month > 12 ? 1 : 0);
    const m = ((month - 1) % 12) + 1;
    const date = `${y}-${String(m).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
    return date < today ? date : today;
  };

  const notes = [
    {
      students: [demo],
      date: on(8, 12),
      kind: 'INDIVIDUAL' as const,
      topic: 'LEARNING' as const,
      status: 'FOLLOWED_UP' as const,
      discussion:
        'Nilai Matematika turun sejak awal semester. Siswa mengaku sulit membagi waktu antara hafalan dan PR, dan sering begadang.',
      agreement: 'Membuat jadwal belajar harian; bertemu lagi dua pekan lagi untuk melihat hasilnya.',
      followUpDate: on(8, 26),
      shared: true,
      summary:
        'Kita sepakat kamu mencoba jadwal belajar harian dan tidur sebelum pukul 22.00. Kita bertemu lagi dua pekan lagi.',
    },
    {
      students: [demo, a[0]!, a[1]!],
      date: on(9, 3),
      kind: 'GROUP' as const,
      topic: 'SOCIAL' as const,
      status: 'OPEN' as const,
      discussion: 'Konflik kecil antaranggota kelompok piket asrama; masing-masing menyampaikan keberatannya.',
      agreement: 'Membagi ulang tugas piket dan mencoba selama sebulan.',
      followUpDate: on(10, 3),
      shared: false,
      summary: null,
    },
    {
      students: [b[0]!],
      date: on(9, 18),
      kind: 'HOME_VISIT' as const,
      topic: 'PERSONAL' as const,
      status: 'CLOSED' as const,
      discussion: 'Kunjungan ke rumah bersama wali kelas karena siswa tidak masuk lima hari. Orang tua sedang sakit.',
      agreement: 'Sekolah memberi kelonggaran tugas; orang tua mengabari wali kelas bila ada kendala.',
      followUpDate: null,
      shared: false,
      summary: null,
    },
    {
      students: c.slice(0, 4),
      date: on(10, 7),
      kind: 'CLASSICAL' as const,
      topic: 'CAREER' as const,
      status: 'CLOSED' as const,
      discussion: 'Layanan klasikal pengenalan jurusan SMA/MA/SMK dan minat karier.',
      agreement: null,
      followUpDate: null,
      shared: false,
      summary: null,
    },
    {
      students: [a[0]!],
      date: on(10, 21),
      kind: 'REFERRAL' as const,
      topic: 'PERSONAL' as const,
      status: 'OPEN' as const,
      discussion: 'Keluhan cemas berkepanjangan; dirujuk ke psikolog mitra sekolah dengan persetujuan orang tua.',
      agreement: 'Orang tua mendampingi ke psikolog; BK memantau di sekolah.',
      followUpDate: on(11, 4),
      shared: false,
      summary: null,
    },
  ];
  for (const n of notes) {
    const [row] = await tx
      .insert(counsellingNotes)
      .values({
        unitId: v.unitId,
        date: n.date,
        kind: n.kind,
        topic: n.topic,
        status: n.status,
        discussion: n.discussion,
        agreement: n.agreement,
        followUpDate: n.followUpDate,
        counsellorEmployeeId: counsellor.id,
        sharedWithStudent: n.shared,
        studentSummary: n.summary,
      })
      .returning({ id: counsellingNotes.id });
    await tx
      .insert(counsellingNoteStudents)
      .values(n.students.map((s) => ({ noteId: row!.id, studentId: s.id, classGroupId: s.classGroupId })));
  }

  await tx.insert(psychotests).values([
    {
      unitId: v.unitId,
      studentId: demo.id,
      classGroupId: demo.classGroupId,
      date: on(8, 5),
      instrument: 'IQ' as const,
      testName: 'CFIT skala 2',
      provider: 'Biro Psikologi Cahaya Bogor',
      scores: [{ scale: 'IQ', score: 112, category: 'Di atas rata-rata' }],
      interpretation: 'Kemampuan umum di atas rata-rata; kuat pada penalaran pola.',
      recommendation: 'Ikut program pengayaan Matematika.',
      sharedWithStudent: true,
    },
    {
      unitId: v.unitId,
      studentId: demo.id,
      classGroupId: demo.classGroupId,
      date: on(8, 5),
      instrument: 'INTEREST' as const,
      testName: 'RIASEC',
      provider: 'Biro Psikologi Cahaya Bogor',
      scores: [
        { scale: 'Realistic', score: 18, category: null },
        { scale: 'Investigative', score: 31, category: 'Tinggi' },
        { scale: 'Artistic', score: 14, category: null },
        { scale: 'Social', score: 26, category: 'Sedang' },
        { scale: 'Enterprising', score: 12, category: null },
        { scale: 'Conventional', score: 20, category: null },
      ],
      interpretation: 'Minat tertinggi pada bidang penyelidikan (Investigative) lalu sosial.',
      recommendation: 'Eksplorasi kegiatan sains dan kelompok ilmiah remaja.',
      sharedWithStudent: true,
    },
    {
      unitId: v.unitId,
      studentId: c[0]!.id,
      classGroupId: c[0]!.classGroupId,
      date: on(9, 10),
      instrument: 'PERSONALITY' as const,
      testName: 'Inventori kepribadian (EPPS)',
      provider: 'Psikolog sekolah',
      scores: [
        { scale: 'Achievement', score: 16, category: 'Tinggi' },
        { scale: 'Affiliation', score: 9, category: 'Rendah' },
      ],
      interpretation: 'Dorongan berprestasi tinggi; kurang nyaman dalam kerja kelompok.',
      recommendation: 'Latihan kerja sama lewat kegiatan kelompok kecil.',
      sharedWithStudent: false,
    },
  ]);
}

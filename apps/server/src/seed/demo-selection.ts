import { and, asc, eq } from 'drizzle-orm';
import { jakartaDate, type QuestionContent } from '@mms/shared';
import type { Transaction } from '../db/client.ts';
import { academicYears, admissionWaves, applicants, grades } from '../db/schema/index.ts';
import { insertBankQuestion, replaceSet, waveTest } from '../modules/exam/admission-test/admission-test.service.ts';
import { clock } from '../lib/clock.ts';
import { hashPassword } from '../lib/passwords.ts';

/** The demo applicant's PIN (docs/admission-selection.md): a verified applicant whose test window is open. */
export const DEMO_APPLICANT_PIN = '135790';

type Q = { tag: string; stem: string; content: QuestionContent; points?: number };

const single = (tag: string, stem: string, options: string[], key = 0): Q => ({
  tag,
  stem: `<p>${stem}</p>`,
  content: {
    type: 'SINGLE',
    options: options.map((text, i) => ({ id: 'abcde'[i]!, text })),
    key: 'abcde'[key]!,
  },
});
const tf = (tag: string, stem: string, truth: boolean): Q => ({
  tag,
  stem: '<p>Tentukan benar atau salah pernyataan berikut.</p>',
  content: { type: 'TRUE_FALSE', statements: [{ id: 's1', text: stem }], key: { s1: truth }, partial: 'PARTIAL' },
});
const short = (tag: string, stem: string, answer: string | number): Q => ({
  tag,
  stem: `<p>${stem}</p>`,
  content: {
    type: 'SHORT',
    accepted: [typeof answer === 'number' ? { number: answer, tolerance: 0 } : { text: answer }],
  },
});

const M = 'Matematika';
const B = 'Bahasa Indonesia';
const A = 'Pendidikan Agama Islam';

/** About 20 questions of the three topics, single choice, true/false and short answers. */
const BANK: Q[] = [
  single(M, 'Hasil dari 125 + 75 adalah ...', ['200', '190', '210', '150']),
  single(M, 'Hasil dari 12 × 8 adalah ...', ['86', '96', '104', '92'], 1),
  single(M, 'Bilangan prima di antara 20 dan 25 adalah ...', ['21', '22', '23', '24'], 2),
  single(M, 'Keliling persegi dengan sisi 7 cm adalah ...', ['14 cm', '21 cm', '49 cm', '28 cm'], 3),
  tf(M, 'Setengah sama dengan 0,5.', true),
  tf(M, 'Jumlah sudut dalam segitiga adalah 360 derajat.', false),
  short(M, 'Berapakah 144 dibagi 12? (tulis angkanya)', 12),
  single(B, 'Sinonim kata "gembira" adalah ...', ['senang', 'sedih', 'marah', 'takut']),
  single(B, 'Antonim kata "rajin" adalah ...', ['tekun', 'malas', 'pintar', 'giat'], 1),
  single(B, 'Kalimat yang menggunakan tanda baca dengan benar adalah ...', [
    'Ibu pergi ke pasar.',
    'ibu pergi ke pasar',
    'Ibu pergi, ke pasar',
    'Ibu, pergi ke pasar',
  ]),
  tf(B, 'Huruf kapital dipakai pada awal kalimat.', true),
  tf(B, 'Kata "sekolah" adalah kata kerja.', false),
  short(B, 'Lawan kata "tinggi" adalah ...', 'rendah'),
  single(A, 'Rukun Islam yang pertama adalah ...', ['mengucapkan dua kalimat syahadat', 'salat', 'zakat', 'puasa']),
  single(A, 'Jumlah rakaat salat subuh adalah ...', ['3', '4', '2', '1'], 2),
  single(A, 'Kitab suci umat Islam adalah ...', ['Taurat', 'Zabur', 'Injil', 'Al-Qur’an'], 3),
  single(A, 'Nabi terakhir adalah ...', ['Nabi Muhammad ﷺ', 'Nabi Isa', 'Nabi Musa', 'Nabi Ibrahim']),
  tf(A, 'Puasa Ramadan dilaksanakan selama satu bulan.', true),
  tf(A, 'Salat zuhur terdiri dari tiga rakaat.', false),
  short(A, 'Surah pertama dalam Al-Qur’an adalah surah Al-...', 'Fatihah'),
];

/**
 * The selection-test demo (issue 17, part B): the bank above in each unit; in SMP a demo wave whose test window
 * is open from yesterday for a month (by the server's clock at seeding), and one verified applicant
 * (`SPMB/SMP/<year>/9001`, PIN 135790) with a drawn set of 10 questions, ready to take the test.
 */
export async function seedDemoSelection(
  tx: Transaction,
  v: { unitIds: number[]; smpUnitId: number; principalUserId: number },
) {
  const bankOf = new Map<number, { id: number; versionId: number; tag: string }[]>();
  for (const unitId of v.unitIds) {
    const rows: { id: number; versionId: number; tag: string }[] = [];
    for (const q of BANK) {
      // the unit's admission bank of the question bank (issue 38 part 2)
      const row = await insertBankQuestion(
        tx,
        { unitId, tags: [q.tag], userId: v.principalUserId },
        { type: q.content.type, stem: q.stem, content: q.content, points: q.points ?? 5, difficulty: 'MUDAH' },
      );
      rows.push({ ...row, tag: q.tag });
    }
    bankOf.set(unitId, rows);
  }

  const now = clock.now();
  // the year after today's in Jakarta (what the screens and the e2e journey read from the server's clock)
  const entering = Number(jakartaDate(now).slice(0, 4)) + 1;
  const yearName = `${entering}/${entering + 1}`;
  await tx
    .insert(academicYears)
    .values({ name: yearName, startDate: `${entering}-07-01`, endDate: `${entering + 1}-06-30` })
    .onConflictDoNothing();
  const [year] = await tx.select({ id: academicYears.id }).from(academicYears).where(eq(academicYears.name, yearName));
  const [grade] = await tx
    .select({ id: grades.id })
    .from(grades)
    .where(and(eq(grades.unitId, v.smpUnitId), eq(grades.level, 7)))
    .orderBy(asc(grades.id));
  if (!year || !grade) return;
  const day = 24 * 60 * 60 * 1000;
  const [wave] = await tx
    .insert(admissionWaves)
    .values({
      unitId: v.smpUnitId,
      academicYearId: year.id,
      gradeId: grade.id,
      name: 'Gelombang Tes Seleksi (demo)',
      opensOn: jakartaDate(new Date(now.getTime() - 30 * day)),
      // registration closed (the admission demo's own wave is the open one); only the test window is open
      closesOn: jakartaDate(new Date(now.getTime() - 2 * day)),
      quota: 30,
      registrationFee: 200_000,
      entryFee: 4_500_000,
      testOpensAt: new Date(now.getTime() - day),
      testClosesAt: new Date(now.getTime() + 30 * day),
      testDurationMinutes: 60,
      testQuestionCount: 10,
      announceAt: new Date(now.getTime() + 31 * day),
    })
    .returning({ id: admissionWaves.id, unitId: admissionWaves.unitId, name: admissionWaves.name });
  const [applicant] = await tx
    .insert(applicants)
    .values({
      waveId: wave!.id,
      unitId: v.smpUnitId,
      regNo: `SPMB/SMP/${entering}/9001`,
      pinHash: await hashPassword(DEMO_APPLICANT_PIN),
      state: 'VERIFIED',
      name: 'Aisyah Putri Ramadhani',
      gender: 'P',
      birthPlace: 'Bandung',
      birthDate: `${entering - 13}-03-14`,
      previousSchool: 'SD Islam Al-Ikhlas',
      registeredAt: new Date(now.getTime() - 10 * day),
    })
    .returning({ id: applicants.id });
  // the set: the first 4, 3 and 3 questions of the three topics (a fixed demo set; staff redraw with a seed)
  const bank = bankOf.get(v.smpUnitId) ?? [];
  const picked = [
    ...bank.filter((q) => q.tag === M).slice(0, 4),
    ...bank.filter((q) => q.tag === B).slice(0, 3),
    ...bank.filter((q) => q.tag === A).slice(0, 3),
  ];
  await replaceSet(tx, await waveTest(tx, wave!), applicant!.id, picked);
}

// Pure generators of the demo school: names, numbers, subjects and a clash-free weekly timetable.
// Deterministic (seeded), so every demo installation looks the same.

export const MALE_NAMES = [
  'Muhammad',
  'Ahmad',
  'Abdullah',
  'Umar',
  'Ali',
  'Hasan',
  'Husain',
  'Yusuf',
  'Ibrahim',
  'Ismail',
  'Hamzah',
  'Bilal',
  'Zaid',
  'Faris',
  'Rizki',
  'Fadhil',
  'Naufal',
  'Rafi',
  'Arkan',
  'Daffa',
  'Hafidz',
  'Azzam',
  'Fathan',
  'Raihan',
  'Alif',
  'Ilham',
  'Salman',
  'Khalid',
  'Harun',
  'Luthfi',
];
export const FEMALE_NAMES = [
  'Aisyah',
  'Fatimah',
  'Khadijah',
  'Maryam',
  'Zahra',
  'Nabila',
  'Salsabila',
  'Azzahra',
  'Hafizah',
  'Nurul',
  'Syifa',
  'Annisa',
  'Kayla',
  'Alya',
  'Zainab',
  'Hana',
  'Shafiya',
  'Najwa',
  'Rania',
  'Aqila',
  'Humaira',
  'Latifah',
  'Safira',
  'Qonita',
  'Inayah',
  'Balqis',
  'Farah',
  'Husna',
  'Mutiara',
  'Nadhira',
];
export const LAST_NAMES = [
  'Ramadhan',
  'Hidayat',
  'Nugroho',
  'Saputra',
  'Pratama',
  'Kurniawan',
  'Hakim',
  'Firdaus',
  'Maulana',
  'Syahputra',
  'Wibowo',
  'Setiawan',
  'Rahman',
  'Abdillah',
  'Hanif',
  'Fauzan',
  'Rasyid',
  'Anshari',
  'Al Farisi',
  'Nurhaliza',
  'Putri',
  'Rahmawati',
  'Lestari',
  'Amalia',
  'Kusuma',
  'Safitri',
  'Azizah',
  'Fitriani',
  'Wahyuni',
  'Sholihah',
];
const BIRTH_PLACES = ['Bandung', 'Bekasi', 'Bogor', 'Jakarta', 'Depok', 'Garut', 'Cimahi', 'Sumedang', 'Tasikmalaya'];

/** A small deterministic PRNG (mulberry32). */
export function rng(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export interface PersonName {
  name: string;
  gender: 'L' | 'P';
}

export function personName(random: () => number): PersonName {
  const gender = random() < 0.5 ? 'L' : 'P';
  const firsts = gender === 'L' ? MALE_NAMES : FEMALE_NAMES;
  const first = firsts[Math.floor(random() * firsts.length)]!;
  const last = LAST_NAMES[Math.floor(random() * LAST_NAMES.length)]!;
  return { name: `${first} ${last}`, gender };
}

const pad = (n: number, width: number) => String(n).padStart(width, '0');

/** A generated student's numbers: NIS unique per unit, NISN (10 digits) unique overall. */
export const demoNis = (unitDigit: number, seq: number) => `${unitDigit}${pad(seq, 6)}`;
export const demoNisn = (seq: number) => `3${pad(seq, 9)}`;

/** Plausible student details for a grade level in the given school year. */
export function studentDetails(random: () => number, level: number, startYear: number) {
  const birthYear = startYear - level - 6;
  const month = 1 + Math.floor(random() * 12);
  const day = 1 + Math.floor(random() * 28);
  const father = `${MALE_NAMES[Math.floor(random() * MALE_NAMES.length)]!} ${LAST_NAMES[Math.floor(random() * 18)]!}`;
  const mother = `${FEMALE_NAMES[Math.floor(random() * FEMALE_NAMES.length)]!} ${LAST_NAMES[18 + Math.floor(random() * 12)]!}`;
  return {
    birthPlace: BIRTH_PLACES[Math.floor(random() * BIRTH_PLACES.length)]!,
    birthDate: `${birthYear}-${pad(month, 2)}-${pad(day, 2)}`,
    religion: 'Islam',
    fatherName: father,
    motherName: mother,
    parentPhone: `08${pad(Math.floor(random() * 1e10), 10)}`,
    boarding: random() < 0.6 ? ('MUKIM' as const) : ('NON_MUKIM' as const),
    entryDate: `${startYear - (level > 6 ? level - 7 : level - 1)}-07-01`,
  };
}

export interface DemoSubject {
  code: string;
  name: string;
  group: string;
  /** JP per week by grade level */
  hours: (level: number) => number;
}

export const SD_SUBJECTS: DemoSubject[] = [
  { code: 'PAI', name: 'Pendidikan Agama Islam', group: 'Keislaman', hours: () => 4 },
  { code: 'PPKN', name: 'PPKn', group: 'Umum', hours: () => 3 },
  { code: 'BIND', name: 'Bahasa Indonesia', group: 'Umum', hours: (l) => (l <= 3 ? 7 : 6) },
  { code: 'MTK', name: 'Matematika', group: 'Umum', hours: () => 5 },
  { code: 'IPAS', name: 'IPAS', group: 'Umum', hours: (l) => (l <= 2 ? 0 : 5) },
  { code: 'SBDP', name: 'Seni Budaya', group: 'Umum', hours: () => 3 },
  { code: 'PJOK', name: 'PJOK', group: 'Umum', hours: () => 3 },
  { code: 'BING', name: 'Bahasa Inggris', group: 'Muatan Lokal', hours: () => 2 },
  { code: 'BARAB', name: 'Bahasa Arab', group: 'Keislaman', hours: () => 2 },
  { code: 'BTQ', name: 'BTQ (Baca Tulis Al-Quran)', group: 'Keislaman', hours: () => 3 },
  { code: 'TAHFIDZ', name: 'Tahfidz', group: 'Keislaman', hours: () => 2 },
];

export const SMP_SUBJECTS: DemoSubject[] = [
  { code: 'PAI', name: 'Pendidikan Agama Islam', group: 'Keislaman', hours: () => 3 },
  { code: 'PPKN', name: 'PPKn', group: 'Umum', hours: () => 3 },
  { code: 'BIND', name: 'Bahasa Indonesia', group: 'Umum', hours: () => 6 },
  { code: 'MTK', name: 'Matematika', group: 'Umum', hours: () => 5 },
  { code: 'IPA', name: 'IPA', group: 'Umum', hours: () => 5 },
  { code: 'IPS', name: 'IPS', group: 'Umum', hours: () => 4 },
  { code: 'BING', name: 'Bahasa Inggris', group: 'Umum', hours: () => 4 },
  { code: 'SBD', name: 'Seni Budaya', group: 'Umum', hours: () => 2 },
  { code: 'PJOK', name: 'PJOK', group: 'Umum', hours: () => 3 },
  { code: 'INF', name: 'Informatika', group: 'Umum', hours: () => 2 },
  { code: 'BARAB', name: 'Bahasa Arab', group: 'Keislaman', hours: () => 2 },
  { code: 'PKY', name: 'Prakarya', group: 'Muatan Lokal', hours: () => 2 },
];

/** Bell times: `count` periods of `minutes` from `start`, with a 15-minute break after `breakAfter`. */
export function bellTimes(start: string, minutes: number, count: number, breakAfter: number) {
  const [h, m] = start.split(':').map(Number) as [number, number];
  let t = h * 60 + m;
  const clock = (x: number) => `${pad(Math.floor(x / 60), 2)}:${pad(x % 60, 2)}`;
  const periods = [];
  for (let period = 1; period <= count; period++) {
    periods.push({ period, startTime: clock(t), endTime: clock(t + minutes) });
    t += minutes;
    if (period === breakAfter) t += 15;
  }
  return periods;
}

export interface Lesson {
  classKey: string;
  subjectKey: string;
  teacherKey: string;
  hours: number;
}
export interface Placement {
  classKey: string;
  subjectKey: string;
  teacherKey: string;
  day: number;
  period: number;
}

/**
 * Greedy weekly placement: the busiest teachers first; each lesson goes to the earliest free
 * period where both the class and the teacher are free, spreading a subject over the week
 * (at most one period a day, then two, then any). Returns what could not be placed.
 */
export function placeLessons(lessons: Lesson[], days: number, periods: number) {
  const classBusy = new Set<string>();
  const teacherBusy = new Set<string>();
  const perDay = new Map<string, number>();
  const load = new Map<string, number>();
  for (const l of lessons) load.set(l.teacherKey, (load.get(l.teacherKey) ?? 0) + l.hours);
  const ordered = [...lessons].sort((a, b) => load.get(b.teacherKey)! - load.get(a.teacherKey)! || b.hours - a.hours);
  const placed: Placement[] = [];
  const unplaced: Lesson[] = [];
  let rotation = 0;
  for (const lesson of ordered) {
    rotation++;
    for (let n = 0; n < lesson.hours; n++) {
      let done = false;
      for (const limit of [1, 2, periods]) {
        for (let i = 0; i < days && !done; i++) {
          const day = ((rotation + n + i) % days) + 1;
          const dayKey = `${lesson.classKey}|${lesson.subjectKey}|${day}`;
          if ((perDay.get(dayKey) ?? 0) >= limit) continue;
          for (let period = 1; period <= periods; period++) {
            const c = `${lesson.classKey}|${day}|${period}`;
            const t = `${lesson.teacherKey}|${day}|${period}`;
            if (classBusy.has(c) || teacherBusy.has(t)) continue;
            classBusy.add(c);
            teacherBusy.add(t);
            perDay.set(dayKey, (perDay.get(dayKey) ?? 0) + 1);
            placed.push({ ...lesson, day, period });
            done = true;
            break;
          }
        }
        if (done) break;
      }
      if (!done) unplaced.push({ ...lesson, hours: 1 });
    }
  }
  return { placed, unplaced };
}

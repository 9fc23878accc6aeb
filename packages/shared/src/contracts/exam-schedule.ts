import { z } from 'zod';
import { dbId } from './common.ts';

/**
 * The exam schedule of a unit (issue 12): rooms (ruang ujian), sessions (sesi) and the slots placing a class's
 * exam in a room and session under a proctor (pengawas); and what is printed from it: exam cards (kartu
 * peserta), attendance lists (daftar hadir) and the exam report (berita acara).
 */

const isoDate = (label: string) => z.iso.date(`${label} harus berupa tanggal YYYY-MM-DD`);
/** A wall-clock time in Asia/Jakarta, `07:30`. */
const clockTime = (label: string) => z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, `${label} harus berupa jam HH:MM`);

/** ADMIN and YAYASAN name the unit; everyone else writes in their own. */
const unitField = { unitId: dbId('Unit').optional() };

export const ExamRoomInput = z.object({
  ...unitField,
  name: z.string().trim().min(1, 'Nama ruang wajib diisi').max(60, 'Nama ruang maksimal 60 karakter'),
  capacity: z.coerce
    .number()
    .int('Kapasitas harus bilangan bulat')
    .min(1, 'Kapasitas minimal 1')
    .max(1000, 'Kapasitas maksimal 1000'),
});
export type ExamRoomInput = z.infer<typeof ExamRoomInput>;

export const ExamRoom = z.object({
  id: z.number().int(),
  unitId: z.number().int(),
  name: z.string(),
  capacity: z.number().int(),
});
export type ExamRoom = z.infer<typeof ExamRoom>;

export const ExamSessionInput = z
  .object({
    ...unitField,
    date: isoDate('Tanggal sesi'),
    number: z.coerce
      .number()
      .int('Nomor sesi harus bilangan bulat')
      .min(1, 'Nomor sesi 1 sampai 20')
      .max(20, 'Nomor sesi 1 sampai 20'),
    name: z.string().trim().min(1, 'Nama sesi wajib diisi').max(60, 'Nama sesi maksimal 60 karakter'),
    startsAt: clockTime('Jam mulai'),
    endsAt: clockTime('Jam selesai'),
  })
  .refine((v) => v.endsAt > v.startsAt, { message: 'Jam selesai harus setelah jam mulai', path: ['endsAt'] });
export type ExamSessionInput = z.infer<typeof ExamSessionInput>;

export const ExamSession = z.object({
  id: z.number().int(),
  unitId: z.number().int(),
  date: z.string(),
  number: z.number().int(),
  name: z.string(),
  startsAt: z.string(),
  endsAt: z.string(),
});
export type ExamSession = z.infer<typeof ExamSession>;

export const ExamSlotInput = z.object({
  assessmentId: dbId('Ujian'),
  classGroupId: dbId('Kelas'),
  roomId: dbId('Ruang'),
  sessionId: dbId('Sesi'),
  proctorEmployeeId: dbId('Pengawas'),
});
export type ExamSlotInput = z.infer<typeof ExamSlotInput>;

export const ExamSlot = z.object({
  id: z.number().int(),
  unitId: z.number().int(),
  assessmentId: z.number().int(),
  assessmentTitle: z.string(),
  subjectName: z.string(),
  classGroupId: z.number().int(),
  className: z.string(),
  roomId: z.number().int(),
  roomName: z.string(),
  sessionId: z.number().int(),
  sessionName: z.string(),
  date: z.string(),
  startsAt: z.string(),
  endsAt: z.string(),
  proctorEmployeeId: z.number().int(),
  proctorName: z.string(),
});
export type ExamSlot = z.infer<typeof ExamSlot>;

export const ExamUnitQuery = z.object({ unitId: dbId('Unit').optional() });
export type ExamUnitQuery = z.infer<typeof ExamUnitQuery>;

export const ExamScheduleQuery = ExamUnitQuery.extend({
  date: isoDate('Tanggal').optional(),
  classGroupId: dbId('Kelas').optional(),
  proctorEmployeeId: dbId('Pengawas').optional(),
});
export type ExamScheduleQuery = z.infer<typeof ExamScheduleQuery>;

export const ExamRoomList = z.object({ items: z.array(ExamRoom) });
export const ExamSessionList = z.object({ items: z.array(ExamSession) });
export const ExamSlotList = z.object({ items: z.array(ExamSlot) });

/** The exams (APPROVED or SCHEDULED assessments) of the unit a slot may place, with the classes that may sit them. */
export const SchedulableExam = z.object({
  id: z.number().int(),
  title: z.string(),
  subjectName: z.string(),
  classes: z.array(z.object({ id: z.number().int(), name: z.string() })),
});
export const SchedulableExamList = z.object({ items: z.array(SchedulableExam) });
export type SchedulableExam = z.infer<typeof SchedulableExam>;

export const ExamCardParams = z.object({ classGroupId: dbId('Kelas') });

/** One student's exam card (kartu peserta): the username is what the card's QR code encodes. */
export const ExamCard = z.object({
  studentId: z.number().int(),
  name: z.string(),
  nis: z.string(),
  className: z.string(),
  username: z.string().nullable(),
  exams: z.array(
    z.object({
      title: z.string(),
      subjectName: z.string(),
      date: z.string(),
      sessionName: z.string(),
      startsAt: z.string(),
      endsAt: z.string(),
      roomName: z.string(),
    }),
  ),
});
export type ExamCard = z.infer<typeof ExamCard>;
export const ExamCards = z.object({ className: z.string(), unitId: z.number().int(), cards: z.array(ExamCard) });
export type ExamCards = z.infer<typeof ExamCards>;

export const ExamRoomSessionParams = z.object({ roomId: dbId('Ruang'), sessionId: dbId('Sesi') });

/** A room in a session: its slot(s) with the students expected, for the daftar hadir and the berita acara. */
export const ExamRoomSheet = z.object({
  unitId: z.number().int(),
  roomName: z.string(),
  sessionName: z.string(),
  date: z.string(),
  startsAt: z.string(),
  endsAt: z.string(),
  exams: z.array(
    z.object({
      title: z.string(),
      subjectName: z.string(),
      className: z.string(),
      proctorName: z.string(),
      proctorNip: z.string(),
    }),
  ),
  students: z.array(
    z.object({ studentId: z.number().int(), nis: z.string(), name: z.string(), className: z.string() }),
  ),
  expected: z.number().int(),
});
export type ExamRoomSheet = z.infer<typeof ExamRoomSheet>;

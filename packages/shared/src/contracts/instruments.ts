import { z } from 'zod';
import { PageQuery, dbId } from './common.ts';
import {
  INSTRUMENT_ITEM_TYPES,
  INSTRUMENT_KINDS,
  SCALE_SCORINGS,
  definitionProblems,
} from '../domain/instrument-scoring.ts';

const text = (label: string, max: number) =>
  z.string().trim().min(1, `${label} wajib diisi`).max(max, `${label} maksimal ${max} karakter`);
const longText = (label: string, max = 4000) => z.string().trim().max(max, `${label} maksimal ${max} karakter`);
const isoDate = (label: string) => z.iso.date(`${label} harus berupa tanggal YYYY-MM-DD`);

export const InstrumentKindField = z.enum(INSTRUMENT_KINDS, 'Jenis instrumen tidak dikenal');
export const InstrumentItemTypeField = z.enum(INSTRUMENT_ITEM_TYPES, 'Jenis butir tidak dikenal');
export const ScaleScoringField = z.enum(SCALE_SCORINGS, 'Cara skor tidak dikenal');

const scaleCode = z
  .string()
  .trim()
  .regex(/^[A-Z0-9_]{1,10}$/, 'Kode skala 1-10 huruf kapital, angka atau _');

export const ScaleBandInput = z.object({
  from: z.number('Batas bawah harus berupa angka').min(0, 'Batas bawah minimal 0').max(10_000),
  to: z.number('Batas atas harus berupa angka').min(0, 'Batas atas minimal 0').max(10_000),
  label: text('Nama kategori', 60),
  interpretation: longText('Interpretasi', 1000),
});

export const InstrumentScaleInput = z.object({
  code: scaleCode,
  name: text('Nama skala', 100),
  description: longText('Deskripsi skala', 1000).default(''),
  scoring: ScaleScoringField.default('SUM'),
  bands: z.array(ScaleBandInput).max(10, 'Paling banyak 10 kategori per skala').default([]),
});
export type InstrumentScaleInput = z.infer<typeof InstrumentScaleInput>;

export const ChoiceOptionInput = z.object({ label: text('Teks opsi', 200), scaleCode });

export const InstrumentItemInput = z.object({
  text: text('Teks butir', 500),
  type: InstrumentItemTypeField,
  scaleCode: scaleCode.nullable().optional(),
  reversed: z.boolean().default(false),
  weight: z
    .number()
    .int('Bobot harus bilangan bulat')
    .min(1, 'Bobot minimal 1')
    .max(10, 'Bobot maksimal 10')
    .default(1),
  options: z.array(ChoiceOptionInput).max(8, 'Paling banyak 8 opsi').default([]),
});
export type InstrumentItemInput = z.infer<typeof InstrumentItemInput>;

/** The whole of an instrument's scales and items, saved at once (a new version). */
export const InstrumentDefinitionInput = z
  .object({
    scales: z.array(InstrumentScaleInput).min(1, 'Minimal satu skala').max(20, 'Paling banyak 20 skala'),
    items: z.array(InstrumentItemInput).min(1, 'Minimal satu butir').max(300, 'Paling banyak 300 butir'),
  })
  .superRefine((def, ctx) => {
    for (const [path, message] of Object.entries(definitionProblems(def))) {
      ctx.addIssue({ code: 'custom', message, path: path.split('.').map((p) => (/^\d+$/.test(p) ? Number(p) : p)) });
    }
  });
export type InstrumentDefinitionInput = z.infer<typeof InstrumentDefinitionInput>;

export const InstrumentMetaInput = z.object({
  name: text('Nama instrumen', 150),
  description: longText('Deskripsi').default(''),
  instructions: longText('Petunjuk pengisian').default(''),
  source: longText('Sumber', 500).default(''),
  licence: longText('Lisensi', 500).default(''),
});
export type InstrumentMetaInput = z.infer<typeof InstrumentMetaInput>;

export const InstrumentCreateInput = InstrumentMetaInput.extend({
  kind: InstrumentKindField,
  unitId: dbId('Unit').optional(),
  /** start from the items and texts MMS ships for the kind (RIASEC, or a marked sample); the texts given are ignored */
  useShippedItems: z.boolean().default(false),
});
export type InstrumentCreateInput = z.infer<typeof InstrumentCreateInput>;
/** What a client sends to create an instrument (the defaults filled by the server). */
export type InstrumentCreateBody = z.input<typeof InstrumentCreateInput>;

export const InstrumentsQuery = z.object({ kind: InstrumentKindField.optional(), unitId: dbId('Unit').optional() });
export type InstrumentsQuery = z.infer<typeof InstrumentsQuery>;

const Band = z.object({ from: z.number(), to: z.number(), label: z.string(), interpretation: z.string() });

export const InstrumentScale = z.object({
  id: z.number().int(),
  code: z.string(),
  name: z.string(),
  description: z.string(),
  scoring: ScaleScoringField,
  bands: z.array(Band),
});
export type InstrumentScale = z.infer<typeof InstrumentScale>;

export const InstrumentItem = z.object({
  id: z.number().int(),
  number: z.number().int(),
  text: z.string(),
  type: InstrumentItemTypeField,
  scaleCode: z.string().nullable(),
  reversed: z.boolean(),
  weight: z.number().int(),
  options: z.array(z.object({ label: z.string(), scaleCode: z.string() })),
});
export type InstrumentItem = z.infer<typeof InstrumentItem>;

export const InstrumentSummary = z.object({
  id: z.number().int(),
  unitId: z.number().int(),
  unitName: z.string(),
  kind: InstrumentKindField,
  name: z.string(),
  description: z.string(),
  instructions: z.string(),
  source: z.string(),
  licence: z.string(),
  version: z.number().int(),
  itemCount: z.number().int(),
  updatedAt: z.string(),
});
export type InstrumentSummary = z.infer<typeof InstrumentSummary>;

export const Instrument = InstrumentSummary.extend({
  scales: z.array(InstrumentScale),
  items: z.array(InstrumentItem),
  /** whether a student has answered it (its items can still change: results keep their own profile) */
  answered: z.boolean(),
}).meta({ id: 'Instrument' });
export type Instrument = z.infer<typeof Instrument>;

export const InstrumentList = z.object({ items: z.array(InstrumentSummary) });
export type InstrumentList = z.infer<typeof InstrumentList>;

export const InstrumentWindowInput = z
  .object({
    opensOn: isoDate('Tanggal buka'),
    closesOn: isoDate('Tanggal tutup'),
    classGroupIds: z.array(dbId('Kelas')).max(100).default([]),
    gradeIds: z.array(dbId('Tingkat')).max(20).default([]),
  })
  .refine((w) => w.opensOn <= w.closesOn, {
    message: 'Tanggal tutup tidak boleh sebelum tanggal buka',
    path: ['closesOn'],
  })
  .refine((w) => w.classGroupIds.length + w.gradeIds.length > 0, {
    message: 'Pilih minimal satu kelas atau tingkat',
    path: ['classGroupIds'],
  });
export type InstrumentWindowInput = z.infer<typeof InstrumentWindowInput>;

export const InstrumentWindow = z.object({
  id: z.number().int(),
  instrumentId: z.number().int(),
  academicYearId: z.number().int(),
  academicYearName: z.string(),
  opensOn: z.string(),
  closesOn: z.string(),
  classGroups: z.array(z.object({ id: z.number().int(), name: z.string() })),
  grades: z.array(z.object({ id: z.number().int(), name: z.string() })),
  /** OPEN today, UPCOMING or CLOSED */
  state: z.enum(['UPCOMING', 'OPEN', 'CLOSED']),
  submitted: z.number().int(),
  inProgress: z.number().int(),
});
export type InstrumentWindow = z.infer<typeof InstrumentWindow>;

export const InstrumentWindowList = z.object({ items: z.array(InstrumentWindow) });
export type InstrumentWindowList = z.infer<typeof InstrumentWindowList>;

export const WindowParams = z.object({ windowId: dbId('Jendela') });
export const InstrumentAttemptParams = z.object({ attemptId: dbId('Pengerjaan') });

export const ReopenInput = z.object({
  studentId: dbId('Siswa'),
  reason: z.string().trim().min(1, 'Alasan wajib diisi').max(500, 'Alasan maksimal 500 karakter'),
});
export type ReopenInput = z.infer<typeof ReopenInput>;

export const ScaleScoreBody = z.object({
  code: z.string(),
  name: z.string(),
  raw: z.number(),
  max: z.number(),
  score: z.number(),
  band: z.object({ label: z.string(), interpretation: z.string() }).nullable(),
});
export const InstrumentProfileBody = z.object({ scales: z.array(ScaleScoreBody), top: z.array(z.string()) });
export type InstrumentProfileBody = z.infer<typeof InstrumentProfileBody>;

export const InstrumentResultsQuery = PageQuery.extend({
  academicYearId: dbId('Tahun pelajaran').optional(),
  classGroupId: dbId('Kelas').optional(),
  gradeId: dbId('Tingkat').optional(),
});
export type InstrumentResultsQuery = z.infer<typeof InstrumentResultsQuery>;

/** A student's latest submitted result of the instrument in a school year. */
export const InstrumentResult = z.object({
  attemptId: z.number().int(),
  windowId: z.number().int(),
  studentId: z.number().int(),
  nis: z.string(),
  studentName: z.string(),
  className: z.string(),
  academicYearName: z.string(),
  attemptNumber: z.number().int(),
  submittedAt: z.string(),
  profile: InstrumentProfileBody,
});
export type InstrumentResult = z.infer<typeof InstrumentResult>;

export const InstrumentClassSummary = z.object({
  students: z.number().int(),
  /** the mean score of each scale over the students with a result */
  means: z.array(z.object({ code: z.string(), name: z.string(), mean: z.number() })),
  /** how many students have the scale among their top scales */
  topCounts: z.array(z.object({ code: z.string(), name: z.string(), count: z.number().int() })),
});
export type InstrumentClassSummary = z.infer<typeof InstrumentClassSummary>;

// ---- the student's side ----

export const MyInstrumentsQuery = z.object({ kind: InstrumentKindField });

export const MyWindow = z.object({
  windowId: z.number().int(),
  instrumentName: z.string(),
  description: z.string(),
  opensOn: z.string(),
  closesOn: z.string(),
  itemCount: z.number().int(),
  /** NOT_STARTED, IN_PROGRESS (answered so far) or SUBMITTED */
  status: z.enum(['NOT_STARTED', 'IN_PROGRESS', 'SUBMITTED']),
  answered: z.number().int(),
});
export type MyWindow = z.infer<typeof MyWindow>;

export const MyResult = z.object({
  attemptId: z.number().int(),
  instrumentName: z.string(),
  academicYearName: z.string(),
  className: z.string(),
  submittedAt: z.string(),
  profile: InstrumentProfileBody,
});
export type MyResult = z.infer<typeof MyResult>;

export const MyInstruments = z.object({ windows: z.array(MyWindow), results: z.array(MyResult) });
export type MyInstruments = z.infer<typeof MyInstruments>;

/** An attempt in progress: the items to answer (no scoring keys) and the answers saved so far. */
export const PlayAttempt = z.object({
  attemptId: z.number().int(),
  instrumentName: z.string(),
  instructions: z.string(),
  closesOn: z.string(),
  items: z.array(
    z.object({
      id: z.number().int(),
      number: z.number().int(),
      text: z.string(),
      type: InstrumentItemTypeField,
      options: z.array(z.string()),
    }),
  ),
  answers: z.array(z.object({ itemId: z.number().int(), value: z.number().int() })),
});
export type PlayAttempt = z.infer<typeof PlayAttempt>;

/**
 * The instrument as a student would answer it, for the counsellor who keeps it (its unit's BPBK): the items and
 * the instructions, no attempt; the preview's answers stay in the browser and are never a student's.
 */
export const InstrumentPreview = PlayAttempt.pick({ instrumentName: true, instructions: true, items: true });
export type InstrumentPreview = z.infer<typeof InstrumentPreview>;

export const AnswerInput = z.object({
  itemId: dbId('Butir'),
  value: z
    .number('Jawaban harus berupa angka')
    .int('Jawaban tidak valid')
    .min(0, 'Jawaban tidak valid')
    .max(10, 'Jawaban tidak valid'),
});
export type AnswerInput = z.infer<typeof AnswerInput>;

export const AnswerSaved = z.object({ answered: z.number().int(), total: z.number().int() });
export type AnswerSaved = z.infer<typeof AnswerSaved>;

// ---- the Excel import of items ----

/** The columns of the item import; its rows replace every item of the instrument (the scales stay). */
export const INSTRUMENT_ITEM_IMPORT_COLUMNS = [
  { key: 'text', header: 'Teks butir', required: true },
  { key: 'type', header: 'Jenis (LIKERT/YA_TIDAK/PILIHAN)', required: true },
  { key: 'scaleCode', header: 'Kode skala', required: false },
  { key: 'reversed', header: 'Dibalik (YA/TIDAK)', required: false },
  { key: 'weight', header: 'Bobot', required: false },
  { key: 'options', header: 'Opsi (teks=KODE | teks=KODE)', required: false },
] as const;
export type InstrumentItemImportKey = (typeof INSTRUMENT_ITEM_IMPORT_COLUMNS)[number]['key'];

/** How the sheet names an item type. */
export const ITEM_TYPE_WORDS = { LIKERT: 'LIKERT5', YA_TIDAK: 'YES_NO', PILIHAN: 'CHOICE' } as const;

export const InstrumentImportQuery = z.object({ instrumentId: dbId('Instrumen') });
export const InstrumentImportResult = z.object({ imported: z.number().int() });
export type InstrumentImportResult = z.infer<typeof InstrumentImportResult>;

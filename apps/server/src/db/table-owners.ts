/**
 * The owner of every table: the module (folder under src/modules) that alone reads and writes it. Other
 * modules ask the owner's service or a read function it exports (issue 38, part 4; checked by
 * table-owners.test.ts). A schema file's tables belong to its module; where the names differ, or one
 * feature spans several module folders, the map says so.
 */
export const SCHEMA_OWNERS: Record<string, readonly string[]> = {
  'admission.ts': ['admission'],
  'api-tokens.ts': ['api-tokens'],
  // One feature in two folders: assessment (bank, authoring, distribution, schedule) and exam (the attempt
  // engine: play, control, scoring and results, the paper, the admission test; exam/README.md).
  'assessment.ts': ['assessment', 'exam'],
  'attendance.ts': ['attendance'],
  'audit.ts': ['audit'],
  // Accounts are written by users (administration) and auth (sign-in, sessions).
  'auth.ts': ['auth', 'users'],
  'bisyaroh.ts': ['bisyaroh'],
  // One feature in two folders: btq (methods, levels, groups) and btq-progress (sessions, progress).
  'btq.ts': ['btq', 'btq-progress'],
  'content.ts': ['content'],
  'counselling.ts': ['counselling'],
  'descriptions.ts': ['descriptions'],
  'discipline.ts': ['discipline'],
  'exam-schedule.ts': ['assessment'],
  'extracurricular.ts': ['extracurricular'],
  'finance-books.ts': ['finance-books'],
  'finance-payments.ts': ['finance-payments'],
  'finance.ts': ['finance'],
  'grades.ts': ['grades'],
  'instruments.ts': ['instruments'],
  'journal.ts': ['journal'],
  'learning-objectives.ts': ['learning-objectives'],
  // The database's own facts (the demo-seed marker): the system module.
  'meta.ts': ['system'],
  'notifications.ts': ['notifications'],
  'p5.ts': ['grades'],
  'permissions.ts': ['permissions'],
  'prayer.ts': ['prayer'],
  'promotion.ts': ['promotion'],
  'rapor.ts': ['rapor'],
  'school.ts': ['school'],
  'stored-files.ts': ['files'],
  'voucher-attachments.ts': ['finance-books'],
};

/** Tables whose owner is not their schema file's module. */
export const TABLE_OWNERS: Record<string, string> = {
  timetable_slots: 'timetable',
};

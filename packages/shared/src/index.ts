export * from './domain/protocol.ts';
export * from './domain/divisions.ts';
export * from './domain/permissions.ts';
export * from './domain/dates.ts';
export * from './domain/date-format.ts';
export * from './domain/number-list.ts';
export * from './domain/money.ts';
export * from './domain/terbilang.ts';
export * from './domain/bisyaroh.ts';
export * from './domain/scoring.ts';
export * from './domain/score-recap.ts';
export * from './domain/final-score.ts';
export * from './domain/assessment-states.ts';
export * from './domain/menu.ts';
export * from './domain/app-routes.ts';
export * from './contracts/common.ts';
export * from './contracts/auth.ts';
export * from './contracts/system.ts';
export * from './contracts/audit.ts';
export * from './contracts/users.ts';
export * from './contracts/random-draw.ts';
export * from './contracts/search.ts';
export * from './contracts/school.ts';
export * from './contracts/timetable.ts';
export * from './contracts/lookups.ts';
export * from './contracts/api-tokens.ts';
export * from './contracts/backups.ts';
export * from './contracts/permissions.ts';
export * from './contracts/legacy.ts';
export * from './contracts/attendance.ts';
export * from './contracts/journal.ts';
export * from './contracts/calendar.ts';
export * from './contracts/analytics.ts';
export * from './contracts/letterhead.ts';
export * from './contracts/assessment.ts';
export * from './contracts/grades.ts';
export * from './contracts/p5.ts';
export * from './contracts/assessment-flow.ts';
export * from './contracts/assessment-results.ts';
export * from './contracts/assessment-distribution.ts';
export * from './contracts/exam-schedule.ts';
export * from './contracts/finance.ts';
export * from './contracts/finance-books.ts';
export * from './contracts/bisyaroh.ts';
export * from './contracts/exam-engine.ts';
export * from './domain/exam-rules.ts';
export * from './contracts/counselling.ts';
export * from './domain/instrument-scoring.ts';
export * from './contracts/instruments.ts';
export * from './contracts/discipline.ts';
export * from './contracts/finance-reports.ts';
export * from './contracts/voucher-attachments.ts';
export * from './contracts/student-record.ts';
export * from './domain/rapor-rules.ts';
export * from './contracts/rapor.ts';
export * from './contracts/extracurricular.ts';
export * from './contracts/rapor-workflow.ts';
export * from './contracts/finance-payments.ts';
export * from './domain/allocation.ts';
export {
  BTQ_GRADES,
  BTQ_GRADE_LABELS,
  DEFAULT_BTQ_CUTOFFS,
  btqGradeOf,
  cutoffsValid,
  type BtqCutoffValues,
  type BtqGrade,
} from './domain/btq.ts';
export * from './contracts/btq.ts';
export * from './domain/btq-progress.ts';
export * from './contracts/btq-progress.ts';
export * from './domain/prayer.ts';
export * from './contracts/prayer.ts';
export * from './domain/admission.ts';
export * from './contracts/admission-session.ts';
export * from './contracts/admission.ts';
export * from './contracts/admission-selection.ts';
export * from './contracts/content.ts';
export * from './contracts/files.ts';
export * from './contracts/outbox.ts';
export * from './domain/tp-mastery.ts';
export * from './domain/description-draft.ts';
export * from './contracts/learning-objectives.ts';
export * from './contracts/descriptions.ts';
export * from './contracts/promotion.ts';

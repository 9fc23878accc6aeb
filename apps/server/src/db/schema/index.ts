export * from './auth.ts';
export * from './audit.ts';
export * from './meta.ts';
export * from './school.ts';
export * from './attendance.ts';
export * from './journal.ts';
export * from './assessment.ts';
export * from './grades.ts';

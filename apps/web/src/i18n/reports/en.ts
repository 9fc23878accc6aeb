import type { reportsId } from './id.ts';

type Texts<T> = { [K in keyof T]: T[K] extends string ? string : Texts<T[K]> };

/** English texts of the printable reports. */
export const reportsEn: Texts<typeof reportsId> = {
  reports: {
    export: 'Export to Excel',
    empty: 'No data',
    loadFailed: 'The report could not be loaded.',
    printedAt: 'Printed {{date}}, {{time}} WIB',
    filters: 'Filter the report',
    search: 'Search',
    no: 'No.',
    total: 'Total',
    male: 'M',
    female: 'F',
    genderShort: 'M/F',
    countsLine: 'Total {{total}} · Male {{male}} · Female {{female}}',
    students: {
      title: 'Student List Report',
      searchPlaceholder: 'Name, NIS or NISN',
      perClass: 'Summary per class',
      noClass: 'No class',
      classHeading: 'Class {{name}}',
      classCount: '{{total}} students (M {{male}}, F {{female}})',
      tableLabel: 'Students of class {{name}}',
      summaryLabel: 'Students per class',
    },
    employees: {
      title: 'Employee List Report',
      searchPlaceholder: 'Name or NIP',
      perDivision: 'Summary per division',
      summaryLabel: 'Employees per division',
      tableLabel: 'Employee list',
      noDivision: 'No division',
    },
    schedule: {
      title: 'Timetable Report',
      period: '{{semester}} semester · School year {{year}}',
      chooseUnit: 'Choose a unit to see its timetable.',
      classHeading: 'Class {{name}}',
      homeroom: 'Homeroom teacher: {{name}}',
      lessons: '{{count}} lessons a week',
    },
  },
};

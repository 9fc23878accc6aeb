import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import boundaries from './scripts/eslint/import-boundaries.js';

const JAKARTA_DAY = 'use jakartaDay(timestamp) / formatDate / dateText (@mms/shared, web lib/display.ts)';
/** The ways a timestamp was turned into the UTC (or the host's) date; exported for its test. */
export const UTC_DATE_SYNTAX = [
  {
    selector:
      "CallExpression[callee.property.name=/^(slice|substring|substr|split)$/][callee.object.callee.property.name='toISOString']",
    message: `toISOString() is the UTC date: ${JAKARTA_DAY}.`,
  },
  {
    selector:
      'CallExpression[callee.property.name=/^(slice|substring|substr)$/][callee.object.property.name=/(At|^at)$/]',
    message: `a timestamp's first 10 characters are its UTC date: ${JAKARTA_DAY}.`,
  },
  {
    selector: 'CallExpression[callee.property.name=/^toLocale(Date|Time)String$/]',
    message: `the host's time zone and format: ${JAKARTA_DAY}, dateTimeText.`,
  },
  {
    selector:
      'CallExpression[callee.property.name=/^(getDate|getDay|getMonth|getFullYear|getHours)$/][arguments.length=0]',
    message: `the host's local time: ${JAKARTA_DAY} (or toJakarta for the time).`,
  },
];

export default tseslint.config(
  { ignores: ['**/dist/**', '**/node_modules/**', 'data/**', '**/test-results/**', '**/playwright-report/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      'no-console': ['error', { allow: ['error', 'warn'] }],
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: { ...reactHooks.configs.recommended.rules },
  },
  {
    files: ['apps/web/src/{features,components,lib}/**/*.{ts,tsx}', 'apps/server/src/modules/**/*.ts'],
    plugins: { mms: boundaries },
    rules: { 'mms/import-boundaries': 'error' },
  },
  {
    // one list component: the web's lists are DataList (components/data-list), never mantine-datatable directly
    files: ['apps/web/src/**/*.{ts,tsx}'],
    ignores: ['apps/web/src/components/data-list/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [{ name: 'mantine-datatable', message: 'Use DataList (components/data-list/data-list.tsx).' }],
          patterns: [{ group: ['mantine-datatable/*'], message: 'Use DataList (components/data-list/data-list.tsx).' }],
        },
      ],
    },
  },
  {
    // a date shown, printed or exported is the Jakarta day of a timestamp (shared `jakartaDay`, `formatDate`, the
    // web's `dateText`), never its UTC date nor the host's local one (issue 39: 05:42 WIB read as the day before)
    files: ['apps/*/src/**/*.{ts,tsx}', 'packages/*/src/**/*.ts'],
    ignores: ['**/*.test.{ts,tsx}', '**/test/**'],
    rules: { 'no-restricted-syntax': ['error', ...UTC_DATE_SYNTAX] },
  },
  {
    files: ['scripts/**', '**/cli/**'],
    rules: { 'no-console': 'off' },
  },
);

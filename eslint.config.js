import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import boundaries from './scripts/eslint/import-boundaries.js';

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
    files: ['scripts/**', '**/cli/**'],
    rules: { 'no-console': 'off' },
  },
);

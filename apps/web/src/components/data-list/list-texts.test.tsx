import i18next from 'i18next';
import { expect, it } from 'vitest';
import { initTestI18n } from '../../test/render.tsx';
import { ExportButton } from './export-button.tsx';

// The list's texts travel with its modules: a screen whose chunk loads no school texts (the BTQ recap) showed the
// raw key `list.export` on its export button while those texts lived with the school screens'.
it("the export button's and the pager's texts come with the list's own modules, in both languages", async () => {
  expect(ExportButton).toBeTypeOf('function');
  await initTestI18n();
  expect(i18next.t('list.export')).toBe('Ekspor Excel');
  expect(i18next.t('list.pageControl.next')).toBe('Halaman berikutnya');
  await i18next.changeLanguage('en');
  expect(i18next.t('list.export')).toBe('Export to Excel');
  await i18next.changeLanguage('id');
});

import { fireEvent, screen, within } from '@testing-library/react';
import i18next from 'i18next';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PHONE_QUERY } from '../../../components/data-list/responsive-table.tsx';
import { en } from '../../../i18n/en.ts';
import { mediaQueryList } from '../../../test/media-query.ts';
import { BOARD, LIST, renderControl, stubControlFetch } from '../control.test-helper.tsx';
import { ControlProgressPage } from './progress-page.tsx';
import { ControlScorePage } from './score-page.tsx';

const PATH = '/?kind=SUMMATIVE&assessment=5';
const routes = {
  '/exam/control?kind': LIST,
  '/exam/control/5/token': { required: true, token: 'AB12CD', rotateMinutes: null, expiresAt: null },
  '/exam/control/5': BOARD,
};

async function inEnglish(ui: React.ReactElement) {
  const view = await renderControl(ui, PATH);
  i18next.addResourceBundle('en', 'translation', en, true, false);
  await i18next.changeLanguage('en');
  return view;
}

beforeEach(() => {
  vi.spyOn(window, 'matchMedia').mockImplementation((media) => mediaQueryList(media, media !== PHONE_QUERY));
});
afterEach(async () => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  await i18next.changeLanguage('id');
});

describe('the exam control screens in English', { timeout: 30_000 }, () => {
  it('the board reads English, states and contract checks included', async () => {
    stubControlFetch(routes);
    await inEnglish(<ControlProgressPage />);
    expect(await screen.findByRole('heading', { name: 'Exam control: progress' })).toBeTruthy();
    const siti = (await screen.findByText('Siti Aminah')).closest('tr')!;
    expect(within(siti).getByText('offline since 09:15:03')).toBeTruthy();
    expect(await screen.findByText('The token does not change by itself')).toBeTruthy();
    fireEvent.click(within(siti).getByRole('button', { name: 'Add time Siti Aminah' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add time for Siti Aminah' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add time' }));
    expect(await within(dialog).findByText(/at least 3 characters/i)).toBeTruthy();
  });

  it('the scores write English decimals and labels', async () => {
    stubControlFetch(routes);
    await inEnglish(<ControlScorePage />);
    const row = await screen.findByTestId('score-3');
    expect(within(row).getByTestId('score-grade').textContent).toBe('87.5');
    expect(within(row).getByText('Passed')).toBeTruthy();
    expect(within(row).getByText('Proctor')).toBeTruthy();
  });
});

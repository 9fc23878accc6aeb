import { expect, test } from '@playwright/test';
import { serverToday, signIn } from './support.ts';

const SAVED = 'Tersimpan';

/**
 * The admission selection test (issue 17, part B): the demo's verified applicant (PIN 135790, docs/
 * admission-selection.md) signs in on a phone, answers, reloads in the middle (the answers stay: the exam engine's
 * journal and the server's saves), answers on and submits; the principal opens the attempt, corrects one answer and
 * the ranking shows the new score. The demo wave's test window is open around the server's clock at seeding.
 */
test('an applicant takes the selection test on a phone; the principal corrects an answer and the ranking follows', async ({
  browser,
  page,
}) => {
  const year = Number((await serverToday(page)).slice(0, 4)) + 1;
  const regNo = `SPMB/SMP/${year}/9001`;

  const phone = await browser.newContext({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });
  const applicant = await phone.newPage();
  await applicant.goto('/spmb/test');
  await applicant.getByLabel('Nomor pendaftaran').fill(regNo);
  await applicant.getByLabel('PIN').fill('135790');
  await applicant.getByRole('button', { name: 'Masuk' }).click();
  await expect(applicant.getByText('Tes siap dikerjakan.')).toBeVisible();
  await applicant.getByRole('button', { name: 'Mulai tes' }).click();

  // question 1: 125 + 75 = 200 (right), question 2: 12 × 8 answered wrong (86)
  await applicant.getByRole('radio', { name: '200' }).check();
  await applicant.getByRole('button', { name: 'Berikutnya' }).click();
  await applicant.getByRole('radio', { name: '86' }).check();
  await expect(applicant.getByText('2 dari 10 soal dijawab')).toBeVisible();
  // the saves reach the server (the sync shows nothing waiting), then a reload keeps both answers
  await expect(applicant.getByTestId('exam-sync-status')).toContainText(SAVED);
  await applicant.reload();
  await expect(applicant.getByText('2 dari 10 soal dijawab')).toBeVisible();
  await expect(applicant.getByRole('radio', { name: '200' })).toBeChecked();
  const width = await applicant.evaluate(() => document.documentElement.scrollWidth);
  expect(width).toBeLessThanOrEqual(390);

  await applicant.getByRole('button', { name: 'Berikutnya' }).click();
  await applicant.getByRole('button', { name: 'Berikutnya' }).click();
  await applicant.getByRole('radio', { name: '23' }).check();
  await expect(applicant.getByText('3 dari 10 soal dijawab')).toBeVisible();
  await applicant.getByRole('button', { name: 'Kumpulkan jawaban' }).click();
  await applicant.getByRole('dialog').getByRole('button', { name: 'Kumpulkan jawaban' }).click();
  await expect(applicant.getByText('Terima kasih, jawaban Anda sudah dikumpulkan.')).toBeVisible();
  await phone.close();

  // the principal: answers list -> the attempt -> correct question 2 (12 × 8) to full points
  await signIn(page, 'principal');
  await page.goto('/backend/mms/principal/selection-answers');
  await expect(page.getByRole('cell', { name: regNo })).toBeVisible();
  const row = page.getByRole('row').filter({ hasText: regNo });
  // 10 questions of 5 points; 2 right: 10 of 50 points, a score of 20
  await expect(row.getByRole('cell', { name: '20', exact: true })).toBeVisible();
  await row.getByRole('link', { name: /Periksa/ }).click();
  await expect(page.getByTestId('attempt-score')).toContainText('Nilai: 20 ');
  const q2 = page.getByRole('region', { name: 'Soal 2' });
  await q2.getByLabel('Skor').fill('5');
  await q2.getByLabel('Alasan koreksi').fill('Uji koreksi: jawaban diterima');
  await q2.getByRole('button', { name: 'Simpan koreksi' }).click();
  await expect(page.getByTestId('attempt-score')).toContainText('Nilai: 30 ');

  await page.goto('/backend/mms/principal/selection-ranking');
  const ranked = page.getByRole('row').filter({ hasText: regNo });
  await expect(ranked.getByRole('cell', { name: '30', exact: true })).toBeVisible();
});

import { AxeBuilder } from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { addDays, fillDate, serverToday, settled, signIn } from './support.ts';
import { apiAs, unique } from './school/school-api.ts';

interface Delivery {
  attempt: number;
  provider: string;
  ok: 'sent' | 'error';
}
interface Message {
  id: number;
  channel: string;
  recipient: string;
  recipientName: string | null;
  topic: string;
  subject: string;
  body: string;
  state: string;
  deliveries?: Delivery[];
}

/**
 * WCAG 2.1 AA: axe-core finds no serious or critical violation on the screen as it is now, once its transitions have
 * ended (a closing dialog's title fading out read as 1.09:1 contrast on a busy machine).
 */
async function expectAccessible(page: Page, label: string) {
  await settled(page);
  const { violations } = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .analyze();
  const serious = violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${label}: ${v.id} ${v.nodes[0]?.target.join(' ')} ${v.nodes[0]?.failureSummary ?? ''}`);
  expect(serious).toEqual([]);
}

/**
 * The notification outbox (issue 18): a leave decision writes a message in its transaction; the `outbox-deliver`
 * job (a moment after the decision, else at its minute's tick; the log provider in the demo) sends it; the ADMIN finds it on the screen, sees it sent and
 * reads its delivery log. A teacher may not open the screen.
 */
test('an ADMIN finds the message of a leave decision in the outbox, sent by the job, with its delivery log', async ({
  page,
  browser,
}) => {
  test.setTimeout(200_000);
  const note = `Catatan e2e kotak keluar ${unique()}`;

  // ---- the teacher asks for a day off far ahead (a date no other test uses); the ADMIN rejects it with a note ----
  const today = await serverToday(page);
  const day = addDays(today, 400 + Math.floor(Math.random() * 300));
  const teacherContext = await browser.newContext();
  const teacher = await apiAs(teacherContext.request, 'teacher');
  const leave = await teacher.post<{ id: number }>('/leave-requests', {
    startDate: day,
    endDate: day,
    kind: 'IZIN',
    reason: 'Uji kotak keluar notifikasi',
  });
  await teacherContext.close();
  const admin = await apiAs(page.request, 'admin');
  await admin.post(`/leave-requests/${leave.id}/decision`, { decision: 'rejected', note });

  // ---- the decision wrote its message (the note is in its body): the one the screen must show ----
  const written = await admin.get<{ items: Message[] }>('/outbox?topic=leave.decision&pageSize=200');
  const message = written.items.find((m) => m.body.includes(note));
  expect(message, 'the outbox message of the decision').toMatchObject({ subject: 'Pengajuan izin ditolak' });
  const who = message!.recipientName ?? message!.recipient;

  // ---- reached from the ADMIN's menu (Administrasi → Sistem → Kotak keluar notifikasi) ----
  await page.goto('/backend/dashboard');
  const menuLink = page.getByRole('link', { name: 'Kotak keluar notifikasi', exact: true });
  if (!(await menuLink.isVisible())) await page.getByRole('button', { name: 'Sistem', exact: true }).first().click();
  await menuLink.click();
  await expect(page).toHaveURL(/\/backend\/mms\/other\/outbox$/);
  await expect(page.getByRole('heading', { name: 'Kotak keluar notifikasi', level: 1 })).toBeVisible();
  await expect(page).toHaveTitle(/^Kotak keluar notifikasi · /);

  // ---- the filters (topic, today, the recipient) go to the address ----
  await page.getByRole('combobox', { name: 'Jenis' }).click();
  await page.getByRole('option', { name: 'Keputusan izin', exact: true }).click();
  await fillDate(page, 'Dari tanggal', today);
  await page.getByRole('searchbox', { name: 'Cari penerima atau perihal' }).fill(who);
  await expect(page).toHaveURL(/topic=leave\.decision/);
  await expect(page).toHaveURL(new RegExp(`from=${today}`));
  await expect(page).toHaveURL(/[?&]q=/);

  // ---- newest first: the decision's message; the job sends it within seconds (reload: same filters) ----
  const row = page.getByRole('row').filter({ hasText: 'Pengajuan izin ditolak' }).first();
  await expect(row).toBeVisible();
  await expect(row).toContainText(who);
  await expect(row).toContainText('Keputusan izin');
  await expect(async () => {
    await page.reload();
    await expect(row.getByText('Terkirim', { exact: true })).toBeVisible({ timeout: 5_000 });
  }).toPass({ timeout: 120_000, intervals: [1_000, 2_000] });
  await expect(page.getByRole('searchbox', { name: 'Cari penerima atau perihal' })).toHaveValue(who);

  // ---- its details: the body with the note, the reference, and the delivery log ----
  await row.getByRole('button', { name: /^Rincian Pengajuan izin ditolak/ }).click();
  const dialog = page.getByRole('dialog', { name: 'Pesan: Pengajuan izin ditolak' });
  await expect(dialog.getByTestId('outbox-body')).toContainText(note);
  await expect(dialog.getByText(`mms-${message!.id}`)).toBeVisible();
  const sent = await admin.get<Message>(`/outbox/${message!.id}`);
  expect(sent.state).toBe('sent');
  const delivery = sent.deliveries!.at(-1)!;
  const log = dialog.getByRole('table', { name: 'Log pengiriman pesan' });
  const logRow = log.getByRole('row').filter({ hasText: delivery.provider }).last();
  await expect(logRow.getByRole('cell').first()).toHaveText(String(delivery.attempt));
  await expect(logRow.getByText('Terkirim', { exact: true })).toBeVisible();
  await expect(logRow).toContainText(/\d+ md/);
  // a sent message cannot be sent again
  await expect(dialog.getByRole('button', { name: 'Kirim ulang' })).toHaveCount(0);
  await expectAccessible(page, 'outbox detail');
  await dialog.getByRole('button', { name: 'Tutup', exact: true }).click(); // the dialog's close button
  await expect(dialog).toBeHidden();

  // ---- accessible in light and in dark ----
  await expectAccessible(page, 'outbox light');
  await page.emulateMedia({ colorScheme: 'dark' });
  await page.reload();
  await expect(row).toBeVisible();
  await expectAccessible(page, 'outbox dark');
});

test('a teacher has no outbox: no menu entry, the 403 page, and the API refuses', async ({ page }) => {
  await signIn(page, 'teacher');
  await page.goto('/backend/dashboard');
  await expect(page.getByTestId('main-menu')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Kotak keluar notifikasi' })).toHaveCount(0);
  await page.goto('/backend/mms/other/outbox');
  await expect(page.getByText('Akses ditolak')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Kotak keluar notifikasi' })).toHaveCount(0);
  const res = await page.request.get('/api/v1/outbox');
  expect(res.status()).toBe(403);
});

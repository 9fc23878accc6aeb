import { expect, test, type Page } from '@playwright/test';
import { serverNow, signIn } from './support.ts';

// An 8×10 PNG and a minimal PDF: real files the server sniffs, re-encodes (the PNG) and keeps.
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAgAAAAKCAIAAAAGpYjXAAAACXBIWXMAAAPoAAAD6AG1e1JrAAAAEUlEQVQImWMwTluFFTEMdwkAJ9lk8dGQHB0AAAAASUVORK5CYII=',
  'base64',
);
const PDF = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');

async function upload(page: Page, button: RegExp, name: string, mimeType: string, buffer: Buffer) {
  const chooser = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: button }).click();
  await (await chooser).setFiles({ name, mimeType, buffer });
  await expect(
    page.getByRole('link', {
      name: new RegExp(
        `^${name === 'foto.png' ? 'Pas foto' : name === 'akta.pdf' ? 'Akta kelahiran' : 'Kartu keluarga'}$`,
      ),
    }),
  ).toBeVisible();
}

async function choose(page: Page, label: string, option: string) {
  await page.getByLabel(label, { exact: true }).first().click();
  await page.getByRole('option', { name: option }).click();
}

/**
 * The parents' admission journey (issue 17) on a 390 px phone, without an account: register on /spmb (the number
 * and PIN shown once), complete the form, upload the photo, birth certificate and family card, send it; sign out
 * and come back with the number and PIN; then TU checks the documents and verifies the applicant. (The selection
 * test, the correction, the decision and re-registration follow in the integrated journey.)
 */
test('a parent registers on a phone, TU verifies, the applicant is tested, corrected, accepted and re-registered', async ({
  browser,
}) => {
  test.setTimeout(300_000);
  const parent = await (await browser.newContext({ viewport: { width: 390, height: 844 } })).newPage();

  // ---- step 1 on /spmb, linked from the landing page ----
  await parent.goto('/');
  await parent.getByRole('link', { name: 'Pendaftaran siswa baru (SPMB)' }).click();
  await expect(parent.getByRole('heading', { name: 'Pendaftaran Siswa Baru (SPMB)' })).toBeVisible();
  await parent.getByRole('button', { name: 'Daftar' }).click();
  await expect(parent.getByText('Nama calon siswa wajib diisi (minimal 2 huruf)')).toBeVisible();
  const name = `Zahra Anindita ${Date.now() % 10000}`;
  await parent.getByRole('textbox', { name: 'Nama lengkap' }).fill(name);
  const birth = parent.getByRole('textbox', { name: 'Tanggal lahir' });
  await birth.fill('2014-05-02');
  await birth.blur();
  await parent.getByRole('textbox', { name: 'Nomor HP' }).fill('0812 3456 7890');
  await parent.getByRole('button', { name: 'Daftar' }).click();
  const regNo = (await parent.getByTestId('reg-no').innerText()).trim();
  const pin = (await parent.getByTestId('reg-pin').innerText()).trim();
  expect(regNo).toMatch(/^SPMB\/SMP\/\d{4}\/\d{4}$/);
  expect(pin).toMatch(/^\d{6}$/);
  expect(await parent.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

  // ---- the full form, the documents and Kirim ----
  await parent.getByRole('link', { name: 'Lanjut mengisi formulir' }).click();
  await expect(parent.getByTestId('status-reg-no')).toHaveText(regNo);
  await parent.getByRole('textbox', { name: 'NIK (16 angka)' }).fill('3201');
  await parent.getByRole('button', { name: 'Simpan draf' }).click();
  await expect(parent.getByText('NIK terdiri dari 16 angka')).toBeVisible();
  await parent.getByRole('textbox', { name: 'NIK (16 angka)' }).fill('3201234567890123');
  await choose(parent, 'Jenis kelamin', 'Perempuan');
  await parent.getByRole('textbox', { name: 'Tempat lahir' }).fill('Bogor');
  await parent.getByRole('textbox', { name: 'Alamat' }).fill('Jl. Melati 3, Bogor');
  await parent.getByRole('textbox', { name: 'Nama ibu' }).fill('Siti Aminah');
  await parent.getByRole('textbox', { name: 'Sekolah asal', exact: true }).fill('SD Negeri 1 Bogor');
  await choose(parent, 'Mukim (asrama)', 'Mukim (asrama)');
  await parent.getByRole('button', { name: 'Simpan draf' }).click();
  await expect(parent.getByText('Tersimpan').first()).toBeVisible();
  await upload(parent, /Unggah Pas foto/, 'foto.png', 'image/png', PNG);
  await upload(parent, /Unggah Akta kelahiran/, 'akta.pdf', 'application/pdf', PDF);
  await upload(parent, /Unggah Kartu keluarga/, 'kk.png', 'image/png', PNG);
  await parent.getByRole('button', { name: 'Kirim formulir' }).click();
  await parent.getByRole('dialog').getByRole('button', { name: 'Kirim formulir' }).click();
  await expect(parent.getByTestId('applicant-state')).toHaveText('Terdaftar');

  // ---- sign out, come back with the number and the PIN ----
  await parent.getByRole('button', { name: 'Keluar', exact: true }).click();
  await expect(parent.getByRole('button', { name: 'Masuk', exact: true })).toBeVisible();
  await parent.getByRole('textbox', { name: 'Nomor pendaftaran' }).fill(regNo.toLowerCase());
  await parent.getByLabel('PIN').fill('000000');
  await parent.getByRole('button', { name: 'Masuk', exact: true }).click();
  await expect(parent.getByText('Nomor pendaftaran atau PIN salah').first()).toBeVisible();
  await parent.getByLabel('PIN').fill(pin);
  await parent.getByRole('button', { name: 'Masuk', exact: true }).click();
  await expect(parent.getByTestId('status-reg-no')).toHaveText(regNo);
  await expect(parent.getByTestId('applicant-state')).toHaveText('Terdaftar');
  await expect(parent.getByRole('textbox', { name: 'Nama ibu' })).toHaveValue('Siti Aminah');

  // ---- TU finds the applicant, checks the documents and verifies ----
  const tu = await (await browser.newContext()).newPage();
  await signIn(tu, 'tu');
  await tu.goto('/backend/mms/principal/admission-list');
  await tu.getByLabel(/Cari nama/).fill(name);
  await tu.getByRole('link', { name: regNo }).click();
  await expect(tu.getByRole('heading', { name: new RegExp(name) })).toBeVisible();
  await tu.getByRole('button', { name: 'Verifikasi' }).click();
  await expect(tu.getByText(/belum dinyatakan sesuai/).first()).toBeVisible();
  for (const kind of ['Pas foto', 'Akta kelahiran', 'Kartu keluarga']) {
    await tu.getByRole('button', { name: `Sesuai ${kind}` }).click();
    await expect(tu.getByRole('row').filter({ hasText: kind }).getByText('Belum diperiksa')).toHaveCount(0);
  }
  await tu.getByRole('button', { name: 'Verifikasi' }).click();
  await expect(tu.getByTestId('applicant-state')).toHaveText('Terverifikasi');

  // the parent sees it, the form is closed and the test is one link away
  await parent.reload();
  await expect(parent.getByTestId('applicant-state')).toHaveText('Terverifikasi');
  await expect(parent.getByRole('link', { name: 'Ikuti tes seleksi' })).toHaveAttribute('href', '/spmb/test');
  await expect(parent.getByRole('button', { name: 'Kirim formulir' })).toHaveCount(0);

  // ---- the principal opens the wave's test now (the demo's window lies weeks ahead) and draws the sets ----
  const principal = await (await browser.newContext()).newPage();
  await signIn(principal, 'principal');
  const { csrfToken } = (await (await principal.request.get('/api/v1/auth/me')).json()) as { csrfToken: string };
  const waves = (await (await principal.request.get('/api/v1/admission/waves')).json()) as {
    items: ({ id: number; name: string; unitCode: string; academicYearId: number; gradeId: number } & Record<
      string,
      unknown
    >)[];
  };
  const wave = waves.items.find((w) => w.name === 'Gelombang 1' && w.unitCode === 'SMP')!;
  const now = await serverNow(principal);
  const reopened = await principal.request.put(`/api/v1/admission/waves/${wave.id}`, {
    headers: { 'x-csrf-token': csrfToken },
    data: {
      ...wave,
      testOpensAt: new Date(now - 60_000).toISOString(),
      testClosesAt: new Date(now + 2 * 3600_000).toISOString(),
      testDurationMinutes: 60,
    },
  });
  expect(reopened.status(), await reopened.text()).toBe(200);
  await principal.goto('/backend/mms/principal/selection-random');
  await principal.getByRole('combobox', { name: 'Gelombang' }).click();
  await principal.getByRole('option', { name: 'Gelombang 1', exact: true }).click();
  await principal.getByRole('button', { name: 'Acak soal' }).click();
  await principal.getByRole('dialog').getByRole('button', { name: 'Acak soal' }).click();
  await expect(principal.getByText(/pendaftar diacak/).first()).toBeVisible();

  // ---- the applicant takes the test on the phone: answers the first question, then hands it in ----
  await parent.getByRole('link', { name: 'Ikuti tes seleksi' }).click();
  await expect(parent.getByText('Tes siap dikerjakan.')).toBeVisible();
  await parent.getByRole('button', { name: 'Mulai tes' }).click();
  await expect(parent.getByText(/0 dari \d+ soal dijawab/)).toBeVisible();
  const radio = parent.getByRole('radio').first();
  if (await radio.count()) await radio.check();
  else await parent.getByRole('textbox').first().fill('12');
  await expect(parent.getByText(/^1 dari \d+ soal dijawab/)).toBeVisible();
  await expect(parent.getByTestId('exam-sync-status')).toContainText('Tersimpan');
  await parent.getByRole('button', { name: 'Kumpulkan jawaban' }).click();
  await parent.getByRole('dialog').getByRole('button', { name: 'Kumpulkan jawaban' }).click();
  await expect(parent.getByText('Terima kasih, jawaban Anda sudah dikumpulkan.')).toBeVisible();

  // ---- the principal corrects the first answer (right becomes wrong, or wrong right): score and ranking follow ----
  await principal.goto('/backend/mms/principal/selection-answers');
  await principal.getByRole('combobox', { name: 'Gelombang' }).click();
  await principal.getByRole('option', { name: 'Gelombang 1', exact: true }).click();
  const answerRow = principal.getByRole('row').filter({ hasText: regNo });
  await answerRow.getByRole('link', { name: /Periksa/ }).click();
  const score = principal.getByTestId('attempt-score');
  const before = /Nilai: (\d+)/.exec(await score.innerText())![1]!;
  const q1 = principal.getByRole('region', { name: 'Soal 1', exact: true });
  const points = q1.getByLabel('Skor');
  // the question shows "earned / points"
  const [, earned, of] = /([\d,]+) \/ (\d+)/.exec(await q1.innerText())!;
  const was = Number(earned!.replace(',', '.'));
  const max = Number(of);
  expect(max).toBeGreaterThan(0);
  await points.fill(String(was === 0 ? max : 0));
  await q1.getByLabel('Alasan koreksi').fill('Koreksi panitia setelah rapat');
  await q1.getByRole('button', { name: 'Simpan koreksi' }).click();
  await expect(score).not.toContainText(`Nilai: ${before} `);
  const after = /Nilai: (\d+)/.exec(await score.innerText())![1]!;
  await principal.goto('/backend/mms/principal/selection-ranking');
  await principal.getByRole('combobox', { name: 'Gelombang' }).click();
  await principal.getByRole('option', { name: 'Gelombang 1', exact: true }).click();
  await expect(
    principal.getByRole('row').filter({ hasText: regNo }).getByRole('cell', { name: after, exact: true }),
  ).toBeVisible();

  // ---- the curriculum deputy opens a class of next year's grade 7 for the new students ----
  const wakakur = await (await browser.newContext()).newPage();
  await signIn(wakakur, 'wakakur');
  const deputy = (await (await wakakur.request.get('/api/v1/auth/me')).json()) as { csrfToken: string };
  const className = `7 SPMB ${Date.now() % 100000}`;
  const opened = await wakakur.request.post('/api/v1/classes', {
    headers: { 'x-csrf-token': deputy.csrfToken },
    data: { academicYearId: wave.academicYearId, gradeId: wave.gradeId, name: className },
  });
  expect(opened.status(), await opened.text()).toBe(200);

  // ---- accepted, re-registered into that class: a student with an NIS of the unit's rule ----
  await principal.goto('/backend/mms/principal/admission-list');
  await principal.getByLabel(/Cari nama/).fill(name);
  await principal.getByRole('link', { name: regNo }).click();
  await expect(principal.getByTestId('applicant-state')).toHaveText('Sudah tes');
  await principal.getByRole('button', { name: 'Diterima', exact: true }).click();
  await principal.getByRole('dialog').getByRole('button', { name: 'Diterima' }).click();
  await expect(principal.getByTestId('applicant-state')).toHaveText('Diterima');
  await principal.getByRole('combobox', { name: 'Kelas' }).click();
  await principal.getByRole('option', { name: className, exact: true }).click();
  await principal.getByRole('button', { name: 'Daftar ulang' }).click();
  const done = principal.getByText(/Daftar ulang selesai: NIS \d+/).first();
  await expect(done).toBeVisible();
  const nis = /NIS (\d+)/.exec(await done.innerText())![1]!;
  expect(nis).toMatch(/^\d{6}$/);
  await expect(principal.getByTestId('applicant-state')).toHaveText('Daftar ulang');
  await principal.getByRole('link', { name: 'Lihat data siswa' }).click();
  await expect(principal.getByRole('heading', { name })).toBeVisible();
  await expect(principal.getByText(nis).first()).toBeVisible();
  await expect(principal.getByRole('table', { name: 'Riwayat kelas' }).getByText(className)).toBeVisible();

  // the parent sees the outcome with the number and PIN
  await parent.goto('/spmb/status');
  await expect(parent.getByTestId('applicant-state')).toHaveText('Daftar ulang');
});

import { expect, test, type Page } from '@playwright/test';
import { writeDocx, type DocxParagraph } from '../../../apps/server/src/lib/docx.ts';
import { signIn } from '../support.ts';

/** A 24 x 16 blue PNG: the picture of question 2. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAABgAAAAQCAIAAACDRijCAAAAGklEQVR4nGMwTjtDFcQwatCoQaMGjRpEGQIAApsXnzphhpgAAAAASUVORK5CYII=',
  'base64',
);

const ARABIC = 'بِسْمِ اللَّهِ الرَّحْمَٰنِ الرَّحِيمِ';

/** Ten questions of every type, as a teacher types them in Word, each labelled with the run's own tag. */
function wordFile(tag: string): Promise<Buffer> {
  const label = `Label: ${tag}`;
  const paragraphs: DocxParagraph[] = [
    'Ulangan harian IPA',
    '1. Hasil dari \\(2^3\\) adalah ...',
    'A. 6',
    'B. 8',
    'C. 9',
    'Tipe: PG',
    'Kunci: B',
    'Bobot: 2',
    label,
    ['2. Warna bangun pada gambar berikut adalah ...'],
    [{ png: PNG, widthPx: 24, heightPx: 16 }],
    'A. Biru',
    'B. Merah',
    'Tipe: PG',
    'Kunci: A',
    'Bobot: 1',
    label,
    '3. Pilih semua bilangan prima.',
    'A. 2',
    'B. 4',
    'C. 5',
    'Tipe: PGK',
    'Kunci: A, C',
    'Bobot: 2',
    label,
    '4. Tentukan benar atau salah.',
    'Tipe: BS',
    'Pernyataan: Air mendidih pada 100 °C di permukaan laut = B',
    'Pernyataan: Matahari mengelilingi bumi = S',
    'Bobot: 2',
    label,
    '5. Jodohkan ibu kota dengan provinsinya.',
    'Tipe: JODOH',
    'Pasangan: Jawa Barat = Bandung',
    'Pasangan: Jawa Timur = Surabaya',
    'Pasangan: = Semarang',
    'Bobot: 3',
    label,
    '6. Ibu kota Indonesia adalah ...',
    'Tipe: ISIAN',
    'Kunci: Jakarta | DKI Jakarta',
    'Bobot: 1',
    label,
    '7. Nilai π sampai dua angka di belakang koma adalah ...',
    'Tipe: ISIAN',
    'Kunci: =3,14±0,01',
    'Bobot: 1',
    label,
    `8. Artikan: ${ARABIC}`,
    'Tipe: URAIAN',
    'Rubrik: Arti lengkap dan tepat = 3',
    'Rubrik: Tulisan rapi = 1',
    'Kunci: Dengan nama Allah Yang Maha Pengasih lagi Maha Penyayang',
    'Bobot: 4',
    label,
    '9. Jelaskan proses fotosintesis.',
    'Tipe: URAIAN',
    'Rubrik: Menyebut cahaya, air dan karbon dioksida = 2',
    'Bobot: 2',
    label,
    '10. Rumus luas lingkaran adalah ...',
    'A. \\(\\pi r^2\\)',
    'B. \\(2 \\pi r\\)',
    'Tipe: PG',
    'Kunci: A',
    'Bobot: 1',
    label,
  ];
  return writeDocx(paragraphs);
}

async function pick(page: Page, label: string, option: string | RegExp) {
  await page.getByRole('dialog').getByRole('combobox', { name: label }).click();
  await page.getByRole('option', { name: option }).first().click();
}

/**
 * Issue 12: a teacher imports a Word file of ten questions of every type, with a picture, equations and an Arabic
 * line, through the bank's import dialog; the bank holds them with their types, and the preview shows the picture
 * (re-encoded, served to the author), the typeset equation and the Arabic text.
 */
test('a teacher imports ten questions of every type from Word, with a picture, an equation and Arabic', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const tag = `impor-${Date.now()}`;
  await signIn(page, 'teacher');
  await page.goto('/backend/mms/tutor/summative-input');
  await expect(page.getByRole('heading', { level: 1, name: 'Bank soal' })).toBeVisible();

  await page.getByRole('button', { name: 'Impor Word' }).click();
  const dialog = page.getByRole('dialog', { name: 'Impor soal dari Word' });
  await pick(page, 'Mapel dan tingkat', /Matematika/);
  await dialog.locator('input[type="file"]').setInputFiles({
    name: 'ulangan-ipa.docx',
    mimeType: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    buffer: await wordFile(tag),
  });
  await dialog.getByRole('button', { name: 'Impor', exact: true }).click();
  await expect(page.getByText('10 soal diimpor')).toBeVisible();
  await expect(dialog).toHaveCount(0);

  // the bank holds the ten, of every type, under the run's label
  const listed = (await (await page.request.get(`/api/v1/questions?tag=${tag}&pageSize=50`)).json()) as {
    items: { type: string; stem: string; points: number }[];
  };
  expect(listed.items).toHaveLength(10);
  expect([...new Set(listed.items.map((q) => q.type))].sort()).toEqual(
    ['ESSAY', 'MATCHING', 'MULTIPLE', 'SHORT', 'SINGLE', 'TRUE_FALSE'].sort(),
  );
  expect(listed.items.reduce((n, q) => n + q.points, 0)).toBe(19);

  // the preview of the picture question shows the stored picture
  const pictureRow = page.getByRole('row').filter({ hasText: 'Warna bangun pada gambar' }).first();
  await pictureRow.getByRole('button', { name: /^Pratinjau/ }).click();
  let preview = page.getByRole('dialog', { name: 'Pratinjau soal' });
  const img = preview.locator('img[src^="/api/v1/questions/images/"]');
  await expect(img).toBeVisible();
  expect(await img.evaluate((el) => (el as HTMLImageElement).naturalWidth)).toBe(24);
  await page.keyboard.press('Escape');
  await expect(preview).toHaveCount(0);

  // the equation is typeset, and the Arabic line reads as written
  const mathRow = page.getByRole('row').filter({ hasText: 'Hasil dari' }).filter({ hasText: 'adalah' }).first();
  await mathRow.getByRole('button', { name: /^Pratinjau/ }).click();
  preview = page.getByRole('dialog', { name: 'Pratinjau soal' });
  await expect(preview.locator('.katex').first()).toBeVisible();
  await page.keyboard.press('Escape');
  const arabicRow = page.getByRole('row').filter({ hasText: 'Artikan' }).first();
  await arabicRow.getByRole('button', { name: /^Pratinjau/ }).click();
  preview = page.getByRole('dialog', { name: 'Pratinjau soal' });
  await expect(preview).toContainText(ARABIC);
});

/**
 * The content of the question templates (issue 12): the format notes, the example row of the Excel template and
 * the example questions of the Word template. This is a fixed Indonesian document that teachers fill in (its
 * keywords, "Tipe: PG", "Kunci: B", are the import format itself), not messages of MMS, so the message catalog's
 * scan leaves this file out (packages/shared/src/i18n/message-sources.test-helper.ts).
 */

export const FORMAT_NOTES = [
  'Satu soal per baris (Excel) atau per nomor (Word). Semua soal berkas masuk ke mapel dan tingkat yang dipilih saat impor.',
  'Tipe: PG (pilihan ganda), PGK (pilihan ganda kompleks), BS (benar/salah), JODOH (menjodohkan), ISIAN (isian singkat), URAIAN.',
  'PG dan PGK: isi Pilihan A sampai E; Kunci huruf pilihan (PG: B; PGK: A, C).',
  'BS: kolom Pernyataan, satu pernyataan per baris diakhiri "= B" (benar) atau "= S" (salah).',
  'JODOH: kolom Pasangan, satu pasangan per baris "kiri = kanan"; baris "= jawaban" menambah pengecoh.',
  'ISIAN: Kunci berisi jawaban yang diterima dipisah "|"; jawaban angka diawali "=", toleransi setelah "±" (=3,14±0,01).',
  'URAIAN: kolom Rubrik, satu kriteria per baris "kriteria = skor"; Kunci berisi contoh jawaban (boleh kosong).',
  'Penilaian (PGK, BS, JODOH): SEBAGIAN (skor sebanding bagian yang benar, bawaan) atau SEMUA (semua benar atau nol).',
  'Bobot: 1-100. Kesukaran: MUDAH, SEDANG (bawaan) atau SUKAR. Level kognitif: C1-C6. Label dipisah koma.',
  'Rumus: \\( ... \\) di dalam kalimat, \\[ ... \\] di baris sendiri (LaTeX). Teks Arab ditulis langsung.',
  'Semua soal diperiksa dulu; bila ada kesalahan, semuanya dilaporkan per nomor soal dan kolom, dan tidak ada soal yang disimpan.',
];

/** The example row of the Excel template. */
export const EXAMPLE = {
  type: 'PG',
  stem: 'Hasil dari \\(2^3\\) adalah ...',
  optionA: '6',
  optionB: '8',
  optionC: '9',
  optionD: '12',
  key: 'B',
  points: '2',
  difficulty: 'MUDAH',
  cognitiveLevel: 'C1',
  objective: 'Menghitung perpangkatan',
  tags: 'bilangan, pangkat',
};

/** The example questions of the Word template, after its title and the format notes. */
export const DOCX_TEMPLATE_BODY = [
  'Nomor soal diketik ("1. ", pilihan "A. " sampai "E. ") atau memakai penomoran otomatis Word (soal di tingkat pertama, pilihan di tingkat kedua). Gambar boleh disisipkan di soal (JPG atau PNG).',
  '',
  '1. Hasil dari \\(2^3\\) adalah ...',
  'A. 6',
  'B. 8',
  'C. 9',
  'D. 12',
  'Tipe: PG',
  'Kunci: B',
  'Bobot: 2',
  'Kesukaran: MUDAH',
  'Level: C1',
  'TP: Menghitung perpangkatan',
  'Label: bilangan, pangkat',
  '',
  '2. Pilih semua bilangan prima.',
  'A. 2',
  'B. 4',
  'C. 5',
  'D. 9',
  'Tipe: PGK',
  'Kunci: A, C',
  'Bobot: 2',
  '',
  '3. Tentukan benar atau salah.',
  'Tipe: BS',
  'Pernyataan: Air mendidih pada 100 °C di permukaan laut = B',
  'Pernyataan: Matahari mengelilingi bumi = S',
  'Bobot: 2',
  '',
  '4. Jodohkan ibu kota dengan provinsinya.',
  'Tipe: JODOH',
  'Pasangan: Jawa Barat = Bandung',
  'Pasangan: Jawa Timur = Surabaya',
  'Pasangan: = Semarang',
  'Bobot: 3',
  '',
  '5. Ibu kota Indonesia adalah ...',
  'Tipe: ISIAN',
  'Kunci: Jakarta | DKI Jakarta',
  'Bobot: 1',
  '',
  '6. Artikan: بِسْمِ اللَّهِ الرَّحْمَٰنِ الرَّحِيمِ',
  'Tipe: URAIAN',
  'Rubrik: Arti lengkap dan tepat = 3',
  'Rubrik: Tulisan rapi = 1',
  'Kunci: Dengan nama Allah Yang Maha Pengasih lagi Maha Penyayang',
  'Bobot: 4',
];

/** The instructions sheet of the item import template (a fixed Indonesian text of the template). */
export const ITEM_IMPORT_NOTES = [
  'Satu baris satu butir, urut seperti yang akan dibaca siswa. Impor MENGGANTI semua butir instrumen; skalanya tetap.',
  'Jenis: LIKERT (skala 1-5), YA_TIDAK, atau PILIHAN (pilih satu dari beberapa opsi).',
  'Kode skala: kode skala yang sudah ada di instrumen (wajib untuk LIKERT dan YA_TIDAK).',
  'Dibalik: YA bila jawaban "sangat setuju"/"ya" justru bernilai rendah.',
  'Bobot: 1 sampai 10 (kosong = 1).',
  'Opsi (hanya PILIHAN): teks opsi dan kode skalanya, dipisah "|", misalnya "Membaca=I | Menggambar=A".',
];

export const ITEM_IMPORT_EXAMPLE = {
  text: 'Saya senang memperbaiki barang yang rusak.',
  type: 'LIKERT',
  scaleCode: 'R',
  reversed: 'TIDAK',
  weight: '1',
};

export const scaleCodesNote = (scales: { code: string; name: string }[]) =>
  `Kode skala instrumen ini: ${scales.map((s) => `${s.code} (${s.name})`).join(', ') || '-'}`;

import type { InstrumentCreateInput, InstrumentDefinitionInput, InstrumentKind } from '@mms/shared';

/**
 * The items MMS ships for each instrument kind. Only what is free to use: the two RIASEC sets were written for
 * MMS following Holland's model (our own wording); the other four are small samples, clearly marked, that a
 * school replaces with its own items.
 */
export interface ShippedInstrument {
  meta: Omit<InstrumentCreateInput, 'kind' | 'unitId' | 'useShippedItems'>;
  definition: InstrumentDefinitionInput;
}

const RIASEC_SOURCE = 'Disusun untuk MMS mengikuti model RIASEC Holland; butir bebas dipakai';
const RIASEC_LICENCE = 'Butir milik MMS, bebas dipakai dan diubah sekolah';
export const SAMPLE_MARK = 'CONTOH - ganti dengan butir sekolah';
const SAMPLE_LICENCE = 'contoh MMS, bebas dipakai';

const percentBands = [
  { from: 0, to: 39, label: 'Rendah', interpretation: 'Minat pada bidang ini belum menonjol.' },
  { from: 40, to: 69, label: 'Sedang', interpretation: 'Ada minat pada bidang ini; dapat dikembangkan.' },
  {
    from: 70,
    to: 100,
    label: 'Tinggi',
    interpretation: 'Minat kuat: pertimbangkan bidang ini dalam rencana studi dan karier.',
  },
];

const RIASEC = [
  ['R', 'Realistik', 'Suka bekerja dengan tangan, alat, mesin, tanaman atau hewan.'],
  ['I', 'Investigatif', 'Suka mengamati, meneliti, dan memecahkan masalah dengan berpikir.'],
  ['A', 'Artistik', 'Suka berkarya, berekspresi, dan mencipta hal baru.'],
  ['S', 'Sosial', 'Suka membantu, mengajar, dan bekerja bersama orang lain.'],
  ['E', 'Enterprising (Wirausaha)', 'Suka memimpin, meyakinkan orang, dan mengambil keputusan.'],
  ['C', 'Konvensional', 'Suka keteraturan, data, angka, dan pekerjaan yang rapi.'],
] as const;

const riasecScales = () =>
  RIASEC.map(([code, name, description]) => ({
    code,
    name,
    description,
    scoring: 'PERCENT' as const,
    bands: percentBands,
  }));

const ACTIVITIES: Record<string, string[]> = {
  R: [
    'Saya senang memperbaiki sepeda atau barang yang rusak.',
    'Saya suka merakit sesuatu dari kayu, besi, atau bahan lain.',
    'Saya senang berkebun atau merawat tanaman.',
    'Saya suka merawat hewan peliharaan atau ternak.',
    'Saya senang memakai perkakas seperti palu, obeng, atau gergaji.',
    'Saya lebih suka kegiatan di luar ruangan daripada di dalam kelas.',
    'Saya suka mengikuti praktik di bengkel atau laboratorium keterampilan.',
    'Saya senang membongkar alat untuk mengetahui cara kerjanya.',
  ],
  I: [
    'Saya senang melakukan percobaan sains.',
    'Saya suka memecahkan soal matematika yang menantang.',
    'Saya senang membaca tentang penemuan dan ilmu pengetahuan.',
    'Saya suka mencari tahu mengapa sesuatu bisa terjadi.',
    'Saya senang mengamati benda dengan kaca pembesar atau mikroskop.',
    'Saya suka teka-teki logika dan permainan strategi.',
    'Saya senang mengumpulkan data lalu menarik kesimpulan.',
    'Saya suka menonton acara tentang alam, antariksa, atau teknologi.',
  ],
  A: [
    'Saya senang menggambar, melukis, atau mendesain.',
    'Saya suka menulis cerita, puisi, atau karangan.',
    'Saya senang bermain alat musik atau bernyanyi.',
    'Saya suka tampil dalam drama, tari, atau pertunjukan.',
    'Saya senang menghias ruangan atau membuat kerajinan tangan.',
    'Saya suka memotret atau membuat video.',
    'Saya senang mencari cara baru yang berbeda dari biasanya.',
    'Saya suka mengunjungi pameran seni atau pertunjukan.',
  ],
  S: [
    'Saya senang membantu teman yang kesulitan belajar.',
    'Saya suka mendengarkan cerita atau masalah teman.',
    'Saya senang mengikuti kegiatan sosial atau bakti masyarakat.',
    'Saya suka mengajari adik atau teman hal yang saya kuasai.',
    'Saya senang bekerja dalam kelompok.',
    'Saya suka merawat orang yang sakit.',
    'Saya senang menyambut dan mengenalkan tamu atau siswa baru.',
    'Saya suka menjadi penengah ketika teman berselisih.',
  ],
  E: [
    'Saya senang memimpin kelompok atau organisasi.',
    'Saya suka meyakinkan orang lain agar setuju dengan ide saya.',
    'Saya senang berjualan atau mengikuti bazar sekolah.',
    'Saya suka berbicara di depan banyak orang.',
    'Saya senang merencanakan acara dan membagi tugas.',
    'Saya suka bersaing untuk menjadi yang terbaik.',
    'Saya senang mengambil keputusan untuk kelompok.',
    'Saya suka memikirkan cara mendapat keuntungan dari sebuah usaha.',
  ],
  C: [
    'Saya senang merapikan buku, catatan, atau berkas.',
    'Saya suka membuat jadwal dan menaatinya.',
    'Saya senang mencatat pemasukan dan pengeluaran uang.',
    'Saya suka mengetik atau mengolah data di komputer.',
    'Saya senang mengerjakan tugas dengan petunjuk yang jelas.',
    'Saya suka memeriksa ulang pekerjaan agar tidak ada yang salah.',
    'Saya senang menyusun daftar dan tabel.',
    'Saya suka menjadi sekretaris atau bendahara kelas.',
  ],
};

const JOBS: Record<string, string[]> = {
  R: [
    'montir',
    'petani modern',
    'teknisi listrik',
    'pilot',
    'tukang kayu/mebel',
    'peternak',
    'operator alat berat',
    'koki',
  ],
  I: ['dokter', 'peneliti', 'apoteker', 'programmer', 'ahli geologi', 'dokter hewan', 'insinyur', 'ahli statistik'],
  A: ['desainer grafis', 'penulis', 'musisi', 'arsitek', 'fotografer', 'aktor', 'penata busana', 'animator'],
  S: ['guru', 'perawat', 'konselor', 'dai/penceramah', 'pekerja sosial', 'pelatih olahraga', 'bidan', 'psikolog'],
  E: [
    'pengusaha',
    'manajer',
    'pengacara',
    'tenaga pemasaran',
    'politikus',
    'pedagang',
    'pemandu wisata',
    'kepala sekolah',
  ],
  C: ['akuntan', 'pegawai bank', 'pustakawan', 'staf administrasi', 'auditor', 'petugas pajak', 'sekretaris', 'kasir'],
};

const riasec = (statements: (code: string) => string[], type: 'LIKERT5' | 'YES_NO') =>
  // interleave the types (R1, I1, A1, ... R2, ...) so that the student does not meet one type in a block
  Array.from({ length: 8 }, (_, i) =>
    RIASEC.map(([code]) => ({
      text: statements(code)[i]!,
      type,
      scaleCode: code,
      reversed: false,
      weight: 1,
      options: [],
    })),
  ).flat();

const likertBands = [
  { from: 1, to: 2.49, label: 'Rendah', interpretation: 'Belum menonjol.' },
  { from: 2.5, to: 3.49, label: 'Sedang', interpretation: 'Cukup.' },
  { from: 3.5, to: 5, label: 'Tinggi', interpretation: 'Menonjol; dapat dikembangkan lebih jauh.' },
];

const sample = (
  scales: [code: string, name: string, items: string[]][],
  type: 'LIKERT5' | 'YES_NO' = 'LIKERT5',
): InstrumentDefinitionInput => ({
  scales: scales.map(([code, name]) => ({
    code,
    name,
    description: '',
    scoring: type === 'LIKERT5' ? 'MEAN' : 'PERCENT',
    bands: type === 'LIKERT5' ? likertBands : percentBands,
  })),
  items: scales.flatMap(([code, , items]) =>
    items.map((text) => ({ text: `${text}`, type, scaleCode: code, reversed: false, weight: 1, options: [] })),
  ),
});

export const SHIPPED: Record<InstrumentKind, ShippedInstrument> = {
  'interest-exploration': {
    meta: {
      name: 'Eksplorasi Minat (RIASEC)',
      description: 'Mengenali minat siswa pada enam tipe kegiatan menurut model Holland.',
      instructions:
        'Bacalah setiap pernyataan, lalu pilih seberapa sesuai pernyataan itu dengan dirimu: 1 sangat tidak sesuai sampai 5 sangat sesuai. Tidak ada jawaban benar atau salah.',
      source: RIASEC_SOURCE,
      licence: RIASEC_LICENCE,
    },
    definition: { scales: riasecScales(), items: riasec((c) => ACTIVITIES[c]!, 'LIKERT5') },
  },
  'job-interest': {
    meta: {
      name: 'Minat Pekerjaan (RIASEC)',
      description: 'Pekerjaan yang menarik bagi siswa, dikelompokkan menurut enam tipe Holland.',
      instructions: 'Untuk setiap pekerjaan, jawab "Ya" bila kamu tertarik menekuninya kelak, "Tidak" bila tidak.',
      source: RIASEC_SOURCE,
      licence: RIASEC_LICENCE,
    },
    definition: {
      scales: riasecScales(),
      items: riasec((c) => JOBS[c]!.map((job) => `Saya tertarik bekerja sebagai ${job}.`), 'YES_NO'),
    },
  },
  'multiple-intelligence': {
    meta: {
      name: `Kecerdasan Majemuk (${SAMPLE_MARK})`,
      description: 'Contoh singkat delapan kecerdasan; sekolah mengganti butirnya dengan instrumen sendiri.',
      instructions:
        'Pilih seberapa sesuai setiap pernyataan dengan dirimu: 1 sangat tidak sesuai sampai 5 sangat sesuai.',
      source: SAMPLE_MARK,
      licence: SAMPLE_LICENCE,
    },
    definition: sample([
      ['LING', 'Linguistik', ['Saya senang membaca dan menulis.', 'Saya mudah menjelaskan sesuatu dengan kata-kata.']],
      ['LOG', 'Logis-matematis', ['Saya senang berhitung.', 'Saya suka mencari pola dan aturan.']],
      ['SPA', 'Visual-spasial', ['Saya mudah membaca peta.', 'Saya senang membayangkan bentuk benda.']],
      ['KIN', 'Kinestetik', ['Saya senang berolahraga.', 'Saya belajar lebih mudah sambil bergerak.']],
      ['MUS', 'Musikal', ['Saya mudah mengingat lagu.', 'Saya peka terhadap irama dan nada.']],
      ['INTER', 'Interpersonal', ['Saya mudah bergaul.', 'Saya senang bekerja dalam tim.']],
      ['INTRA', 'Intrapersonal', ['Saya mengenal kelebihan dan kekurangan saya.', 'Saya suka merenung sendiri.']],
      ['NAT', 'Naturalis', ['Saya senang mengamati alam.', 'Saya peduli pada hewan dan tumbuhan.']],
    ]),
  },
  'education-job': {
    meta: {
      name: `Pendidikan dan Pekerjaan (${SAMPLE_MARK})`,
      description: 'Contoh pilihan jalur pendidikan lanjutan; sekolah mengganti butirnya.',
      instructions: 'Untuk setiap pertanyaan, pilih satu jawaban yang paling sesuai denganmu.',
      source: SAMPLE_MARK,
      licence: SAMPLE_LICENCE,
    },
    definition: {
      scales: [
        ['SMA', 'SMA/MA (akademik)'],
        ['SMK', 'SMK (kejuruan)'],
        ['PST', 'Pesantren'],
      ].map(([code, name]) => ({
        code: code!,
        name: name!,
        description: '',
        scoring: 'PERCENT' as const,
        bands: percentBands,
      })),
      items: [
        [
          'Setelah lulus, saya ingin…',
          ['melanjutkan ke perguruan tinggi', 'segera bekerja dengan keahlian', 'mendalami ilmu agama'],
        ],
        ['Pelajaran yang paling saya sukai…', ['IPA/IPS dan teori', 'praktik dan keterampilan', 'Al-Qur’an dan kitab']],
        ['Kegiatan sore yang saya pilih…', ['les pelajaran', 'kursus keterampilan', 'mengaji dan menghafal']],
      ].map(([text, options]) => ({
        text: text as string,
        type: 'CHOICE' as const,
        scaleCode: null,
        reversed: false,
        weight: 1,
        options: (options as string[]).map((label, i) => ({ label, scaleCode: ['SMA', 'SMK', 'PST'][i]! })),
      })),
    },
  },
  'life-values': {
    meta: {
      name: `Nilai-nilai Hidup (${SAMPLE_MARK})`,
      description: 'Contoh singkat nilai yang dianggap penting oleh siswa; sekolah mengganti butirnya.',
      instructions: 'Pilih seberapa penting setiap hal bagimu: 1 tidak penting sampai 5 sangat penting.',
      source: SAMPLE_MARK,
      licence: SAMPLE_LICENCE,
    },
    definition: sample([
      ['REL', 'Religius', ['Beribadah tepat waktu.', 'Hidup sesuai ajaran agama.']],
      ['KEL', 'Keluarga', ['Membahagiakan orang tua.', 'Dekat dengan keluarga.']],
      ['PRE', 'Prestasi', ['Menjadi juara.', 'Meraih cita-cita setinggi mungkin.']],
      ['SOS', 'Kepedulian', ['Menolong orang lain.', 'Bermanfaat bagi masyarakat.']],
    ]),
  },
  'self-understanding': {
    meta: {
      name: `Pemahaman Diri (${SAMPLE_MARK})`,
      description: 'Contoh singkat pemahaman diri siswa; sekolah mengganti butirnya.',
      instructions: 'Jawab "Ya" bila pernyataan sesuai dengan dirimu, "Tidak" bila tidak.',
      source: SAMPLE_MARK,
      licence: SAMPLE_LICENCE,
    },
    definition: sample(
      [
        ['PD', 'Percaya diri', ['Saya berani bertanya di kelas.', 'Saya yakin dapat menyelesaikan tugas sulit.']],
        ['EMO', 'Pengelolaan emosi', ['Saya bisa tenang ketika marah.', 'Saya jarang menyimpan dendam.']],
        ['DIS', 'Disiplin', ['Saya mengumpulkan tugas tepat waktu.', 'Saya bangun pagi tanpa dibangunkan.']],
      ],
      'YES_NO',
    ),
  },
};

import i18next from 'i18next';

const id = {
  promotion: {
    title: 'Kenaikan kelas',
    fromYear: 'Tahun pelajaran asal',
    toYear: 'Tahun pelajaran tujuan',
    graduationDate: 'Tanggal kelulusan',
    pickYears: 'Pilih tahun pelajaran asal dan tujuan.',
    none: 'Belum ada usulan kenaikan kelas untuk tahun pelajaran ini.',
    propose: 'Buat usulan',
    statusDRAFT: 'Usulan (belum diterapkan)',
    statusAPPLIED: 'Sudah diterapkan',
    counts: '{{promote}} naik kelas, {{retain}} tinggal kelas, {{graduate}} lulus',
    student: 'Siswa',
    nis: 'NIS',
    decision: 'Keputusan',
    targetClass: 'Kelas tujuan',
    note: 'Catatan',
    PROMOTE: 'Naik kelas',
    RETAIN: 'Tinggal kelas',
    GRADUATE: 'Lulus',
    save: 'Simpan perubahan',
    saved: 'Keputusan disimpan',
    apply: 'Terapkan kenaikan kelas',
    applyTitle: 'Terapkan kenaikan kelas?',
    applyText:
      'Semua siswa dipindahkan sekaligus ke kelas tahun {{year}}; siswa lulus menjadi alumni. Data tahun lama tidak berubah. Dapat dibatalkan sampai presensi pertama tahun baru diisi.',
    copyHomerooms: 'Salin wali kelas ke kelas baru',
    copyTeaching: 'Salin pembagian mengajar ke kelas baru',
    applied: '{{enrolled}} siswa terdaftar di tahun baru, {{graduated}} lulus',
    undo: 'Batalkan kenaikan kelas',
    undoTitle: 'Batalkan kenaikan kelas?',
    undoText:
      'Pendaftaran tahun {{year}} dihapus, siswa lulus kembali aktif dan kelas yang dibuat otomatis dihapus. Hanya dapat dilakukan sebelum presensi pertama tahun baru.',
    undone: 'Kenaikan kelas dibatalkan; usulan dapat diubah lagi',
    confirm: 'Ya, lanjutkan',
    cancel: 'Batal',
    readOnly: 'Anda hanya dapat mengubah keputusan siswa kelas perwalian Anda.',
    pickUnit: 'Pilih unit sekolah.',
    internalTitle: 'Jalur internal SMP',
    internalText:
      'Lulusan dapat ditawari jalur internal SMP: setiap lulusan mendapat pendaftaran yang langsung diterima (tanpa tes seleksi) di gelombang jalur internal yang dipilih, dengan data dirinya disalin. Menawarkan lagi hanya menambah lulusan yang belum terdaftar.',
    internalWave: 'Gelombang jalur internal',
    internalNone: 'Belum ada gelombang jalur internal untuk tahun {{year}}; SMP membuatnya di menu Gelombang SPMB.',
    internalOffer: 'Tawarkan jalur internal SMP',
    internalDone: '{{created}} lulusan didaftarkan di {{waveName}}; {{existing}} sudah terdaftar sebelumnya',
  },
};

const en: typeof id = {
  promotion: {
    title: 'Year-end promotion',
    fromYear: 'From school year',
    toYear: 'To school year',
    graduationDate: 'Graduation date',
    pickYears: 'Choose the school year to promote from and the one to promote into.',
    none: 'No promotion has been proposed for this school year yet.',
    propose: 'Propose',
    statusDRAFT: 'Proposal (not applied)',
    statusAPPLIED: 'Applied',
    counts: '{{promote}} promoted, {{retain}} staying in their grade, {{graduate}} graduating',
    student: 'Student',
    nis: 'NIS',
    decision: 'Decision',
    targetClass: 'Class next year',
    note: 'Note',
    PROMOTE: 'Promoted',
    RETAIN: 'Stays in grade',
    GRADUATE: 'Graduates',
    save: 'Save changes',
    saved: 'Decisions saved',
    apply: 'Apply the promotion',
    applyTitle: 'Apply the promotion?',
    applyText:
      'Every student moves at once into the classes of {{year}}; graduates become alumni. Nothing of the old year changes. It can be undone until the new year’s first register is taken.',
    copyHomerooms: 'Copy homeroom teachers to the new classes',
    copyTeaching: 'Copy teaching assignments to the new classes',
    applied: '{{enrolled}} students enrolled in the new year, {{graduated}} graduated',
    undo: 'Undo the promotion',
    undoTitle: 'Undo the promotion?',
    undoText:
      'The enrolments of {{year}} are deleted, graduates become active again and the classes made by the promotion are removed. Only before the new year’s first register.',
    undone: 'Promotion undone; the proposal can be changed again',
    confirm: 'Yes, continue',
    cancel: 'Cancel',
    readOnly: 'You can change only the decisions of your own homeroom class.',
    pickUnit: 'Choose a school unit.',
    internalTitle: 'SMP internal path',
    internalText:
      'The graduates can be offered the SMP internal path: each gets an application accepted at once (no selection test) in the chosen internal wave, with their details copied. Offering again only adds the graduates who have none yet.',
    internalWave: 'Internal-path wave',
    internalNone: 'No internal-path wave for {{year}} yet; the SMP opens one under admission waves.',
    internalOffer: 'Offer the SMP internal path',
    internalDone: '{{created}} graduates registered in {{waveName}}; {{existing}} were already registered',
  },
};

/** Adds the promotion texts to both languages; they ship with the screen's lazy chunk. */
export function registerPromotionMessages(): void {
  if (!i18next.store || i18next.getResource('id', 'translation', 'promotion.title')) return;
  i18next.addResourceBundle('id', 'translation', id, true, false);
  i18next.addResourceBundle('en', 'translation', en, true, false);
}

registerPromotionMessages();

import i18next from 'i18next';

const id = {
  raporFlow: {
    boardTitle: 'Kelengkapan rapor',
    printTitle: 'Kelengkapan Rapor Kelas {{className}} {{semester}}',
    mySubjects: 'Mapel saya: serahkan untuk rapor',
    myTitle: 'Rapor saya',
    status: { DRAFT: 'Draf', LOCKED: 'Dikunci', PUBLISHED: 'Diterbitkan' },
    complete: 'Lengkap: siap dikunci',
    incomplete: 'Belum lengkap',
    subject: 'Mata pelajaran',
    teacher: 'Guru',
    submitted: 'Diserahkan',
    notSubmitted: 'Belum diserahkan',
    missingScore: 'Tanpa nilai akhir',
    missingDescription: 'Tanpa deskripsi',
    noSubjects: 'Belum ada mapel dengan guru atau nilai di kelas ini.',
    submit: 'Serahkan',
    remind: 'Ingatkan',
    reminded: 'Pengingat dikirim',
    lock: 'Kunci rapor',
    lockConfirm:
      'Setelah dikunci, nilai dan deskripsi kelas ini hanya dapat diubah dengan membuka kembali mapel seorang siswa.',
    publish: 'Terbitkan',
    publishConfirm: 'Rapor kelas ini akan tampil di halaman setiap siswanya.',
    students: 'Siswa dan catatan wali kelas',
    note: 'Catatan wali kelas',
    saveNote: 'Simpan',
    seen: 'Dilihat',
    notSeen: 'Belum dilihat',
    reopen: 'Buka kembali',
    reopenTitle: 'Buka kembali mapel seorang siswa',
    reason: 'Alasan',
    reopens: 'Riwayat buka kembali',
    previous: 'Versi sebelumnya',
    open: 'Terbuka',
    closed: 'Ditutup',
    done: 'Berhasil disimpan',
    noPublished: 'Belum ada rapor yang diterbitkan untuk Anda.',
    publishedAt: 'Diterbitkan',
    download: 'Unduh PDF',
    downloadFailed: 'PDF gagal diunduh. Coba lagi.',
    cancel: 'Batal',
  },
};

const en: typeof id = {
  raporFlow: {
    boardTitle: 'Report card board',
    printTitle: 'Report Card Completeness of Class {{className}}, {{semester}}',
    mySubjects: 'My subjects: submit for the report card',
    myTitle: 'My report cards',
    status: { DRAFT: 'Draft', LOCKED: 'Locked', PUBLISHED: 'Published' },
    complete: 'Complete: ready to lock',
    incomplete: 'Not complete yet',
    subject: 'Subject',
    teacher: 'Teacher',
    submitted: 'Submitted',
    notSubmitted: 'Not submitted',
    missingScore: 'No final score',
    missingDescription: 'No description',
    noSubjects: 'No subject of this class has a teacher or scores yet.',
    submit: 'Submit',
    remind: 'Remind',
    reminded: 'Reminder sent',
    lock: 'Lock report cards',
    lockConfirm: "Once locked, this class's scores and descriptions change only by reopening one student's subject.",
    publish: 'Publish',
    publishConfirm: "This class's report cards will appear on each student's page.",
    students: 'Students and homeroom notes',
    note: 'Homeroom note',
    saveNote: 'Save',
    seen: 'Seen',
    notSeen: 'Not seen yet',
    reopen: 'Reopen',
    reopenTitle: "Reopen one student's subject",
    reason: 'Reason',
    reopens: 'Reopen history',
    previous: 'Earlier version',
    open: 'Open',
    closed: 'Closed',
    done: 'Saved',
    noPublished: 'No report card has been published for you yet.',
    publishedAt: 'Published',
    download: 'Download PDF',
    downloadFailed: 'The PDF could not be downloaded. Try again.',
    cancel: 'Cancel',
  },
};

/** Adds the rapor workflow's texts to both languages; they ship with the screens' lazy chunk. */
export function registerRaporFlowMessages(): void {
  if (!i18next.store || i18next.getResource('id', 'translation', 'raporFlow.boardTitle')) return;
  i18next.addResourceBundle('id', 'translation', id, true, false);
  i18next.addResourceBundle('en', 'translation', en, true, false);
}

registerRaporFlowMessages();

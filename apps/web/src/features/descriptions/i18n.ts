import i18next from 'i18next';

const id = {
  descriptions: {
    title: 'Deskripsi capaian kompetensi',
    lead: 'Draf disusun MMS dari TP yang paling dikuasai siswa dan yang perlu bantuan. Terima atau ubah, lalu simpan; rapor mencetak deskripsi yang tersimpan.',
    sheet: 'Kelas dan mapel',
    sheetPlaceholder: 'Pilih kelas dan mapel',
    semester: 'Semester',
    GANJIL: 'Ganjil',
    GENAP: 'Genap',
    noChoices: 'Tidak ada kelas dan mapel yang dapat Anda buka.',
    pick: 'Pilih kelas dan mapel untuk melihat deskripsinya.',
    noStudents: 'Kelas ini belum punya siswa.',
    student: 'Siswa',
    draft: 'Draf MMS',
    noDraft: 'Belum ada nilai ber-TP; tulis deskripsinya sendiri.',
    text: 'Deskripsi untuk {{name}}',
    saved: 'Tersimpan',
    savedBy: 'Disimpan {{by}}',
    notSaved: 'Belum disimpan',
    edited: 'Diubah guru',
    accepted: 'Draf diterima',
    useDraft: 'Pakai draf',
    save: 'Simpan',
    acceptAll: 'Terima semua draf',
    acceptAllTitle: 'Terima semua draf?',
    acceptAllText:
      'Draf MMS disimpan sebagai deskripsi {{count}} siswa yang belum punya deskripsi tersimpan. Deskripsi yang sudah tersimpan tidak diubah.',
    acceptAllConfirm: 'Ya, terima draf',
    nothingToAccept: 'Tidak ada draf untuk diterima: setiap siswa sudah punya deskripsi atau belum ada draf.',
    readOnly: 'Anda dapat membaca deskripsi ini; yang menyimpan adalah guru mapel kelas ini atau WAKAKUR.',
    savedCount: '{{count}} deskripsi disimpan',
  },
};

const en: typeof id = {
  descriptions: {
    title: 'Achievement descriptions',
    lead: 'MMS drafts each text from the TPs the student mastered best and those needing help. Accept or edit it, then save; the report card prints the saved description.',
    sheet: 'Class and subject',
    sheetPlaceholder: 'Choose a class and subject',
    semester: 'Semester',
    GANJIL: 'Odd',
    GENAP: 'Even',
    noChoices: 'There is no class and subject you may open.',
    pick: 'Choose a class and subject to see its descriptions.',
    noStudents: 'This class has no students yet.',
    student: 'Student',
    draft: 'MMS draft',
    noDraft: 'No TP-tagged score yet; write the description yourself.',
    text: 'Description for {{name}}',
    saved: 'Saved',
    savedBy: 'Saved by {{by}}',
    notSaved: 'Not saved',
    edited: 'Edited by the teacher',
    accepted: 'Draft accepted',
    useDraft: 'Use the draft',
    save: 'Save',
    acceptAll: 'Accept all drafts',
    acceptAllTitle: 'Accept all drafts?',
    acceptAllText:
      'The MMS drafts are saved as the descriptions of {{count}} students who have none saved yet. Saved descriptions stay as they are.',
    acceptAllConfirm: 'Yes, accept the drafts',
    nothingToAccept: 'No draft to accept: every student has a saved description or no draft yet.',
    readOnly:
      "You may read these descriptions; the class's subject teacher or the vice-principal (curriculum) saves them.",
    savedCount: '{{count}} descriptions saved',
  },
};

/** Adds the description editor's texts to both languages; they ship with the screen's lazy chunk. */
export function registerDescriptionsMessages(): void {
  if (!i18next.store || i18next.getResource('id', 'translation', 'descriptions.title')) return;
  i18next.addResourceBundle('id', 'translation', id, true, false);
  i18next.addResourceBundle('en', 'translation', en, true, false);
}

registerDescriptionsMessages();

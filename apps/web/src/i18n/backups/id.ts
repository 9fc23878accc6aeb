/** Indonesian texts of the backup screen (ADMIN). */
export const backupsId = {
  backups: {
    title: 'Cadangan data',
    intro:
      'Setiap arsip berisi seluruh basis data dan berkas unggahan MMS. Simpan salinannya di luar server ini (diska lain atau penyimpanan awan).',
    archives: 'Arsip cadangan',
    name: 'Nama arsip',
    createdAt: 'Waktu',
    size: 'Ukuran',
    download: 'Unduh',
    downloadWhat: 'Unduh {{name}}',
    empty: 'Belum ada arsip cadangan. Buat cadangan sekarang, atau tunggu cadangan harian.',
    loading: 'Memuat daftar cadangan…',
    loadError: 'Daftar cadangan tidak dapat dimuat. Coba muat ulang halaman.',
    create: 'Buat cadangan sekarang',
    createTitle: 'Buat cadangan sekarang?',
    createConfirm:
      'MMS membuat satu arsip baru dari basis data dan berkas unggahan. Pengguna tetap dapat bekerja selama pencadangan berjalan; arsip lama di luar batas simpan ({{keep}} arsip) akan dihapus.',
    createSubmit: 'Buat cadangan',
    started: 'Pencadangan dimulai',
    running: 'Pencadangan sedang berjalan: {{percent}}%',
    phases: {
      queued: 'Menunggu giliran…',
      database: 'Membaca basis data…',
      files: 'Menulis arsip…',
      done: 'Selesai',
    },
    lastNow: 'Cadangan terakhir dari layar ini',
    doneAt: 'Selesai {{at}}: {{file}}',
    failedAt: 'Gagal {{at}}: {{error}}',
    by: 'oleh {{name}}',
    daily: 'Cadangan harian',
    dailyAt: 'Berjalan setiap hari pukul {{at}} WIB, menyimpan {{keep}} arsip terbaru.',
    dailyOff: 'Cadangan harian tidak aktif (atur MMS_BACKUP_DAILY_AT).',
    dailyNever: 'Cadangan harian belum pernah berjalan.',
    dailyOk: 'Terakhir berhasil: {{at}} ({{file}})',
    dailyFailed: 'Terakhir gagal: {{at}} ({{error}})',
    dailyRunning: 'Sedang berjalan sejak {{at}}',
    restore: 'Memulihkan data',
    restoreText:
      'Pemulihan tidak dilakukan dari layar ini. Jalankan perintah berikut di server, ke DATA_DIR atau basis data yang kosong (lihat docs/operations.md, bagian "Restore"):',
  },
};

/** Indonesian texts of the list building block (DataList, its export, pager and row actions): they travel with
 * the list's own modules, so every screen that shows a list has them, whichever feature's texts it loads. */
export const listId = {
  list: {
    selectRow: 'Pilih {{name}}',
    selectAll: 'Pilih semua baris di halaman ini',
    search: 'Cari',
    searchPlaceholder: 'Ketik untuk mencari…',
    export: 'Ekspor Excel',
    exportFilters: 'Filter',
    exportNoFilters: 'tanpa filter',
    exportPrinted: 'Dicetak',
    exportSearch: 'Pencarian',
    perPage: 'Baris per halaman',
    range: '{{from}}–{{to}} dari {{total}}',
    empty: 'Tidak ada data yang cocok.',
    loadFailed: 'Data gagal dimuat.',
    actions: 'Aksi',
    view: 'Lihat',
    edit: 'Ubah',
    delete: 'Hapus',
    /** a row's button to a screen reader: "Ubah 7A", "Hapus IPA 7A" */
    rowAction: '{{action}} {{name}}',
    pageControl: {
      first: 'Halaman pertama',
      last: 'Halaman terakhir',
      previous: 'Halaman sebelumnya',
      next: 'Halaman berikutnya',
    },
  },
};

export type ListMessages = typeof listId;

import type { ListMessages } from './id.ts';

export const listEn: ListMessages = {
  list: {
    selectRow: 'Select {{name}}',
    selectAll: 'Select every row on this page',
    search: 'Search',
    searchPlaceholder: 'Type to search…',
    export: 'Export to Excel',
    exportFilters: 'Filters',
    exportNoFilters: 'none',
    exportPrinted: 'Printed',
    exportSearch: 'Search',
    perPage: 'Rows per page',
    range: '{{from}}–{{to}} of {{total}}',
    empty: 'No matching records.',
    loadFailed: 'The data could not be loaded.',
    actions: 'Actions',
    view: 'View',
    edit: 'Edit',
    delete: 'Delete',
    rowAction: '{{action}} {{name}}',
    pageControl: {
      first: 'First page',
      last: 'Last page',
      previous: 'Previous page',
      next: 'Next page',
    },
  },
};

/**
 * "Cetak" of a server-paged list (every row the filters select, on the letterhead paper), for any feature. It was
 * written for the discipline lists; this is its shared address (the content lists print with it too).
 */
export { PrintListButton } from '../../features/discipline/components/print-list.tsx';

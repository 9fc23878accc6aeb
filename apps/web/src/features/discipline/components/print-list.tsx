// The list print moved to components/print (the upload history prints with it too).
export { PrintListButton } from '../../../components/print/print-list.tsx';

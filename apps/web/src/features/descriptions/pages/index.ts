// The description editor (capaian kompetensi), loaded on first use.
import '../i18n.ts';
export { DescriptionsPage } from './descriptions-page.tsx';

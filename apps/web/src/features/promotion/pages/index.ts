// The year-end promotion screen, loaded on first use.
import '../i18n.ts';
// the unit picker's labels (school.unit) live in the school bundle
import '../../../i18n/school/index.ts';
export { PromotionPage } from './promotion-page.tsx';

// The year-end promotion screen, loaded on first use.
import '../i18n.ts';
export { PromotionPage } from './promotion-page.tsx';

// The rapor preview screen, loaded on first use.
import '../i18n.ts';
export { RaporPage } from './rapor-page.tsx';

// The extracurricular screen, loaded on first use (one lazy chunk for the feature).
import '../../../i18n/extracurricular/index.ts';
export { ExtracurricularPage } from './extracurricular-page.tsx';

/** The labels of counselling kinds and statuses, public to other features (the pesantren record shows them). */
import '../../../i18n/counselling/index.ts';
export { kindText, statusText } from '../components/labels.ts';

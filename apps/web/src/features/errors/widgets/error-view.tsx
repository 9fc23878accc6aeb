/** The error page's body, public to other features (a screen whose data the server refuses shows its 403). */
export { ErrorView } from '../components/error-view.tsx';

import { useParams } from 'react-router';
import { useSession } from '../../../lib/session.ts';
import { ErrorView, isErrorPageCode } from '../components/error-view.tsx';

export function ErrorPage() {
  const { code } = useParams();
  const { data: user } = useSession();
  return <ErrorView code={isErrorPageCode(code) ? code : '404'} signedIn={!!user} />;
}

export function NotFoundPage() {
  const { data: user } = useSession();
  return <ErrorView code="404" signedIn={!!user} />;
}

import { Center, Loader, LoadingOverlay } from '@mantine/core';
import { type Permission } from '@mms/shared';
import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { ErrorView } from '../features/errors/components/error-view.tsx';
import { useSettings } from '../lib/settings-store.ts';
import { signInPath, useSession } from '../lib/session.ts';
import { userCan } from '../lib/permissions.ts';

export function PageLoader() {
  const { pageLoader } = useSettings();
  if (!pageLoader) return null;
  return <LoadingOverlay visible zIndex={1000} overlayProps={{ blur: 1 }} loaderProps={{ type: 'dots' }} />;
}

/** A protected screen without a session goes to sign-in, which returns to the asked path afterwards. */
export function RequireAuth({ children }: { children: ReactNode }) {
  const { data: user, isPending, isError } = useSession();
  const location = useLocation();
  if (isPending) return <PageLoader />;
  if (isError) return <ErrorView code="503" />;
  if (!user) return <Navigate to={signInPath(location.pathname + location.search)} replace />;
  return children;
}

/** A screen the division may not open shows the 403 page (permissions from the shared table). */
export function RequirePermission({
  permission,
  children,
}: {
  permission: Permission | undefined;
  children: ReactNode;
}) {
  const { data: user } = useSession();
  if (permission && !userCan(user, permission)) return <ErrorView code="403" signedIn={!!user} />;
  return children;
}

export function InlineLoader() {
  return (
    <Center p="xl">
      <Loader size="sm" />
    </Center>
  );
}

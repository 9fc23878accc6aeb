import './styles.ts';
import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { BootFrameGone } from './app/boot-frame.tsx';
import { AppProviders } from './app/providers.tsx';
import { createQueryClient } from './app/query-client.ts';
import { ROUTES } from './lib/route-names.ts';
import { createRouter } from './app/router.tsx';
import { settingsStore } from './lib/settings-store.ts';
import { initI18n } from './i18n/index.ts';
import { configureApi } from './lib/api.ts';
import { SESSION_KEY, sessionQuery } from './lib/session.ts';

let router: ReturnType<typeof createRouter> | undefined;
const queryClient = createQueryClient(() => void router?.navigate(ROUTES['errors-403']));
// A 401 from any call drops the session; the guard then sends the user to sign-in with the return path.
configureApi({ onUnauthenticated: () => queryClient.setQueryData(SESSION_KEY, null) });

// The texts, and the question who is signed in: every page asks it, so ask now, while the route's chunks load,
// not after they have rendered. The request reuses the answer to the shell's own preload of /auth/session
// (index.html), asked for before any script.
function prepare() {
  initI18n(settingsStore.get().language);
  void queryClient.prefetchQuery(sessionQuery);
}

// The page shows its boot frame (index.html) until the first screen's code has loaded: mount then, so the frame
// is replaced by the screen, not by an empty page while the route's chunks still load. The first render is a
// transition: React renders the shell and the screen in slices of a few milliseconds, so a slow phone stays
// responsive (no long task of half a second) while the frame is still on screen.
const mount = (ready: NonNullable<typeof router>) => {
  const root = createRoot(document.getElementById('root')!);
  startTransition(() =>
    root.render(
      <StrictMode>
        <AppProviders client={queryClient}>
          <RouterProvider router={ready} />
        </AppProviders>
        {/* after the app: its layouts' effects run first, and one may hold the frame for its screen */}
        <BootFrameGone />
      </StrictMode>,
    ),
  );
};

// Evaluating the scripts, preparing (texts, settings, the session request) and making the router (it matches the
// address and reads the history) are three tasks, not one long one: a phone's main thread is free between them
// (a tap, a frame) while the frame is on screen.
function start() {
  const ready = (router = createRouter());
  if (ready.state.initialized) mount(ready);
  else {
    const stop = ready.subscribe((state) => {
      if (!state.initialized) return;
      stop();
      mount(ready);
    });
  }
}
setTimeout(() => {
  prepare();
  setTimeout(start, 0);
}, 0);

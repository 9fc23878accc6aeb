/**
 * Registers the exam page's offline shell (public/exam-sw.js) and hands it what this page has loaded already,
 * so a reload without a connection still opens the exam page (its answers and paper come from IndexedDB).
 * Only the play screens call it; a browser without service workers simply has no offline reload.
 */
export async function registerExamShell(): Promise<boolean> {
  if (!('serviceWorker' in navigator) || !window.isSecureContext) return false;
  try {
    const registration = await navigator.serviceWorker.register('/exam-sw.js', { scope: '/' });
    const worker = registration.active ?? registration.waiting ?? registration.installing;
    const assets = performance
      .getEntriesByType('resource')
      .map((e) => new URL(e.name, location.href))
      .filter((u) => u.origin === location.origin && u.pathname.startsWith('/assets/'))
      .map((u) => u.pathname);
    const send = (w: ServiceWorker) => w.postMessage({ type: 'exam-shell', page: location.pathname, assets });
    if (worker?.state === 'activated') send(worker);
    else await navigator.serviceWorker.ready.then((r) => r.active && send(r.active));
    return true;
  } catch {
    return false;
  }
}

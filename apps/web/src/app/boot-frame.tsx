import { useDeferredValue, useLayoutEffect, useState, type ReactNode } from 'react';

// The boot frame (index.html, beside #root) covers the page while the scripts load; the app takes it away in the
// commit that draws the first screen. A layout that draws its screen after itself (ScreenAfterShell) holds it
// until then.
let holders = 0;
const removeFrame = () => document.getElementById('mms-boot')?.remove();

/** Takes the boot frame away in the app's first commit, unless a layout holds it for its screen. */
export function BootFrameGone() {
  useLayoutEffect(() => {
    if (holders === 0) removeFrame();
  }, []);
  return null;
}

/**
 * A layout's screen, drawn on the app's first render in a render of its own after the layout's (header, sidebar):
 * two shorter tasks on a phone instead of one commit of both (tens of milliseconds of its CPU, a long task), with
 * the boot frame kept over the layout until the screen is drawn. Later (a navigation) the screen is drawn at once.
 */
export function ScreenAfterShell({ children }: { children: ReactNode }) {
  const [framed] = useState(() => document.getElementById('mms-boot') !== null);
  // with an initial value, React commits that first and renders the value in the background after
  const ready = useDeferredValue(true, framed ? false : undefined);
  useLayoutEffect(() => {
    holders += 1;
    return () => {
      holders -= 1;
      removeFrame();
    };
  }, []);
  useLayoutEffect(() => {
    if (ready) removeFrame();
  }, [ready]);
  return ready ? children : null;
}

import { useEffect, useState } from 'react';

/**
 * For a dialog whose code loads on first use: it mounts closed and opens one frame later, so Mantine sees it
 * open (and on close returns focus to the button that opened it) as if it had been there from the start.
 */
export function useOpenAfterMount(opened: boolean): boolean {
  const [mounted, setMounted] = useState(false);
  useEffect(() => {
    if (!opened || mounted) return;
    const frame = requestAnimationFrame(() => setMounted(true));
    return () => cancelAnimationFrame(frame);
  }, [opened, mounted]);
  return opened && mounted;
}

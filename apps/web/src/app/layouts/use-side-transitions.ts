import { useEffect, useState } from 'react';

/** Side transitions are off while the window is being resized and back on 500 ms after it stops. */
export function useSideTransitions(delayMs = 500): boolean {
  const [enabled, setEnabled] = useState(true);
  useEffect(() => {
    let timer: number | undefined;
    const onResize = () => {
      setEnabled(false);
      window.clearTimeout(timer);
      timer = window.setTimeout(() => setEnabled(true), delayMs);
    };
    window.addEventListener('resize', onResize);
    return () => {
      window.removeEventListener('resize', onResize);
      window.clearTimeout(timer);
    };
  }, [delayMs]);
  useEffect(() => {
    document.documentElement.dataset.sideTransitions = enabled ? 'on' : 'off';
  }, [enabled]);
  return enabled;
}

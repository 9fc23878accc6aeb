import { Text } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';

/** The server's seconds left, pinned to the moment they arrived on this page's monotonic clock. */
export interface TimeAnchor {
  seconds: number;
  /** performance.now() when the server's answer arrived */
  at: number;
}

/** Whole seconds left at `now` (performance.now()); never below zero. A device clock change does not matter. */
export const secondsLeftAt = (anchor: TimeAnchor, now: number): number =>
  Math.max(0, Math.ceil(anchor.seconds - (now - anchor.at) / 1000));

/** `1:05:09` or `05:09`. */
export function clockText(seconds: number): string {
  const h = Math.floor(seconds / 3600);
  const m = Math.floor((seconds % 3600) / 60);
  const s = seconds % 60;
  const two = (n: number) => String(n).padStart(2, '0');
  return h > 0 ? `${h}:${two(m)}:${two(s)}` : `${two(m)}:${two(s)}`;
}

/** The seconds left, recounted every second from the anchor (null while the server's figure is not known). */
export function useSecondsLeft(anchor: TimeAnchor | null): number | null {
  const [now, setNow] = useState(() => performance.now());
  useEffect(() => {
    if (!anchor) return;
    const timer = setInterval(() => setNow(performance.now()), 1000);
    return () => clearInterval(timer);
  }, [anchor]);
  return anchor ? secondsLeftAt(anchor, Math.max(now, anchor.at)) : null;
}

/** The countdown as the status bar shows it (read by screen readers only when asked: it is not live). */
export function Countdown({ seconds }: { seconds: number | null }) {
  const { t } = useTranslation();
  const low = seconds !== null && seconds <= 300;
  return (
    <Text fw={700} ff="monospace" size="lg" c={low ? 'red' : undefined} data-testid="exam-countdown">
      <Text span size="sm" fw={400} ff="inherit" mr={6}>
        {t('examPlay.timeLeft')}
      </Text>
      {seconds === null ? '--:--' : clockText(seconds)}
    </Text>
  );
}

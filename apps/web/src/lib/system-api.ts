import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import type { HealthResponse, PublicUnitsResponse, TimeResponse } from '@mms/shared';
import { api } from './api.ts';
import { syncServerClock } from './clock.ts';

export function useServerTime() {
  return useQuery({
    queryKey: ['system', 'time'],
    queryFn: async () => {
      const time = await api<TimeResponse>('/time');
      syncServerClock(time.jkt);
      return { ...time, offsetMs: Date.parse(time.jkt) - Date.now() };
    },
    refetchInterval: 5 * 60_000,
    staleTime: 60_000,
  });
}

export function useHealth() {
  return useQuery({
    queryKey: ['system', 'health'],
    queryFn: () => api<HealthResponse>('/health', { acceptStatuses: [503] }),
    refetchInterval: 10_000,
    retry: false,
  });
}

export function usePublicUnits() {
  return useQuery({
    queryKey: ['system', 'public-units'],
    queryFn: () => api<PublicUnitsResponse>('/public/units'),
    staleTime: 10 * 60_000,
  });
}

/** Now on the server's clock, ticking every second. */
export function useServerNow(offsetMs: number | undefined): Date {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = window.setInterval(() => setNow(Date.now()), 1000);
    return () => window.clearInterval(timer);
  }, []);
  return new Date(now + (offsetMs ?? 0));
}

const JAKARTA = 'Asia/Jakarta';

// Building an Intl formatter is costly (the time zone's data is looked up each time), and the clock formats
// every second: each formatter is made once.
const formatters = new Map<string, Intl.DateTimeFormat>();
function formatter(locale: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `${locale} ${JSON.stringify(options)}`;
  let made = formatters.get(key);
  if (!made) {
    made = new Intl.DateTimeFormat(locale, { timeZone: JAKARTA, ...options });
    formatters.set(key, made);
  }
  return made;
}

export function formatJakartaDate(date: Date, language: string): string {
  return formatter(language === 'en' ? 'en-GB' : 'id-ID', {
    weekday: 'long',
    day: 'numeric',
    month: 'long',
    year: 'numeric',
  }).format(date);
}

export function formatJakartaTime(date: Date): string {
  return formatter('en-GB', { hour: '2-digit', minute: '2-digit', second: '2-digit', hour12: false }).format(date);
}

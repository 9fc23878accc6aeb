import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { formatDate, toJakarta, type HealthResponse, type PublicUnitsResponse, type TimeResponse } from '@mms/shared';
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

// Jakarta keeps one offset all year (UTC+7, no summer time): the date and the clock are read from it, as the
// server does (toJakarta), without an Intl formatter, whose first use with a time zone loads the zone's data
// (~50 ms of a phone's CPU as the dashboard's header first shows the time).

export function formatJakartaDate(date: Date, language: string): string {
  return formatDate(toJakarta(date).date, language === 'en' ? 'en' : 'id', 'weekday');
}

export function formatJakartaTime(date: Date): string {
  return toJakarta(date).time;
}

/** The instant as the school reads it lives with the other displays (the outbox screen uses it too). */
export { dateTimeText } from '../../lib/display.ts';

/** A before/after record of the audit log as readable text (indented JSON), or null when there is none. */
export function recordText(value: unknown): string | null {
  if (value === null || value === undefined) return null;
  return JSON.stringify(value, null, 2);
}

/** The short name of a browser from its user agent (the whole string stays in the title). */
export function browserName(userAgent: string | null): string {
  if (!userAgent) return '–';
  const known: [RegExp, string][] = [
    [/Edg\//, 'Edge'],
    [/OPR\//, 'Opera'],
    [/Firefox\//, 'Firefox'],
    [/Chrom(e|ium)\//, 'Chrome'],
    [/Safari\//, 'Safari'],
  ];
  const os: [RegExp, string][] = [
    [/Android/, 'Android'],
    [/iPhone|iPad/, 'iOS'],
    [/Windows/, 'Windows'],
    [/Mac OS X/, 'macOS'],
    [/Linux/, 'Linux'],
  ];
  const b = known.find(([re]) => re.test(userAgent))?.[1];
  const o = os.find(([re]) => re.test(userAgent))?.[1];
  return b || o ? [b, o].filter(Boolean).join(' · ') : userAgent.slice(0, 40);
}

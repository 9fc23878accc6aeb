import { jakartaDate } from '@mms/shared';

/**
 * The server's clock in the browser: business dates ("today", the default month) come from MMS's
 * clock (which MMS_NOW may fix), never from the device's. The offset is measured from the `now` of
 * every session answer (and the /time answer), so a device set to another day or zone does not matter.
 */
let offsetMs = 0;

/** Records the server's time as just received. */
export function syncServerClock(serverIso: string, receivedAt = Date.now()): void {
  const server = Date.parse(serverIso);
  if (Number.isFinite(server)) offsetMs = server - receivedAt;
}

/** Now on the server's clock. */
export const serverNow = (): Date => new Date(Date.now() + offsetMs);

/** Today's Jakarta date on the server's clock (YYYY-MM-DD). */
export const serverToday = (): string => jakartaDate(serverNow());

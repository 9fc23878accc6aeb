import type { FastifyInstance } from 'fastify';
import { runAtClock } from './clock.ts';

/** The header a browser test sets on its contexts to put its requests on another day (`MMS_TEST_CLOCK`). */
export const TEST_CLOCK_HEADER = 'x-mms-test-now';

/**
 * The browser suite's test clock: a request carrying `x-mms-test-now` (an ISO 8601 instant) runs on MMS's clock
 * set to that instant, the server's other requests on its own. So a journey that needs a past school day of the
 * year (a week of prayers, a holiday) sets its day and runs on any day of the year, beside the others. Only the
 * demo server of the browser suite turns this on (app.ts); a value that is not an instant is ignored.
 */
export function testClock(app: FastifyInstance): void {
  app.addHook('onRequest', (request, _reply, done) => {
    const at = request.headers[TEST_CLOCK_HEADER];
    if (typeof at === 'string' && Number.isFinite(Date.parse(at))) runAtClock(at, done);
    else done();
  });
}

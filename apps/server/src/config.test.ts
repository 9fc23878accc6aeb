import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.ts';

describe('configuration from the environment', () => {
  it('has defaults for everything', () => {
    const c = loadConfig({});
    expect(c).toMatchObject({
      PORT: 8080,
      MMS_DEMO: true,
      COOKIE_SECURE: false,
      SESSION_IDLE_MINUTES: 480,
      SESSION_MAX_DAYS: 7,
      LOGIN_MAX_FAILURES: 5,
    });
    expect(c.DATABASE_URL).toBeUndefined();
    expect(c.dataDir).toMatch(/\/data$/);
  });

  it('takes MMS_NOW as an ISO instant with its zone', () => {
    expect(loadConfig({ MMS_NOW: '2027-07-01T06:59:00+07:00' }).MMS_NOW).toBe('2027-07-01T06:59:00+07:00');
    expect(loadConfig({}).MMS_NOW).toBeUndefined();
  });

  it('takes the backup and metrics settings', () => {
    const c = loadConfig({ MMS_BACKUP_DAILY_AT: '02:30', MMS_BACKUP_KEEP: '14', METRICS_TOKEN: 'x'.repeat(32) });
    expect(c).toMatchObject({ MMS_BACKUP_DAILY_AT: '02:30', MMS_BACKUP_KEEP: 14, METRICS_TOKEN: 'x'.repeat(32) });
    expect(loadConfig({})).toMatchObject({ MMS_BACKUP_KEEP: 7 });
    expect(loadConfig({}).MMS_BACKUP_DAILY_AT).toBeUndefined();
  });

  it('reads values and treats empty ones as unset', () => {
    const c = loadConfig({ PORT: '9000', MMS_DEMO: 'false', COOKIE_SECURE: 'true', DATABASE_URL: '' });
    expect(c).toMatchObject({ PORT: 9000, MMS_DEMO: false, COOKIE_SECURE: true });
    expect(c.DATABASE_URL).toBeUndefined();
  });

  it.each([
    [{ PORT: 'delapan' }, 'PORT'],
    [{ PORT: '70000' }, 'PORT'],
    [{ DATABASE_URL: 'mysql://x' }, 'DATABASE_URL'],
    [{ MMS_DEMO: 'yes' }, 'MMS_DEMO'],
    [{ MMS_NOW: 'besok pagi' }, 'MMS_NOW'],
    [{ MMS_NOW: '2027-07-01T06:59:00' }, 'MMS_NOW'],
    [{ SESSION_IDLE_MINUTES: '0' }, 'SESSION_IDLE_MINUTES'],
    [{ LOG_LEVEL: 'loud' }, 'LOG_LEVEL'],
    [{ MMS_BACKUP_DAILY_AT: '24:00' }, 'MMS_BACKUP_DAILY_AT'],
    [{ MMS_BACKUP_DAILY_AT: '2:30' }, 'MMS_BACKUP_DAILY_AT'],
    [{ MMS_BACKUP_KEEP: '0' }, 'MMS_BACKUP_KEEP'],
    [{ METRICS_TOKEN: 'pendek' }, 'METRICS_TOKEN'],
  ])('stops on %o with a one-line message naming %s', (env, name) => {
    try {
      loadConfig(env);
      expect.unreachable();
    } catch (err) {
      expect(err).toBeInstanceOf(ConfigError);
      const message = (err as Error).message;
      expect(message).toContain(name);
      expect(message).not.toContain('\n');
    }
  });
});

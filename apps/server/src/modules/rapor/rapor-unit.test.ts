import fs from 'node:fs/promises';
import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import JSZip from 'jszip';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, classGroups } from '../../db/schema/index.ts';
import { createTestContext, type Session, type TestContext } from '../../test/context.ts';
import { attendanceFixture } from '../attendance/test-fixtures.ts';
import {
  readRun,
  runUnitRapors,
  settledInProcess,
  writeRun,
  zipFile,
  type RaporUnitRun,
} from './rapor-unit.service.ts';

// The clock: the attendance fixture's instant (Wednesday 18 November 2026, first semester of 2026/2027).
let ctx: TestContext;
let f: Awaited<ReturnType<typeof attendanceFixture>>;
let principal: Session;
let classNames: string[];
const url = '/api/v1/rapor/unit';

beforeAll(async () => {
  ctx = await createTestContext();
  f = await attendanceFixture(ctx);
  principal = await ctx.as('PRINCIPAL');
  const rows = await ctx.db
    .select({ name: classGroups.name })
    .from(classGroups)
    .where(and(eq(classGroups.unitId, f.unitId), eq(classGroups.academicYearId, f.year.id)));
  classNames = rows.map((r) => r.name);
});

afterAll(async () => {
  await settledInProcess(f.unitId);
  await ctx.close();
});

/** The PDFs of a zip, by name. */
async function pdfsOf(body: Buffer) {
  const zip = await JSZip.loadAsync(body);
  const names = Object.keys(zip.files).filter((n) => n.endsWith('.pdf'));
  const heads = await Promise.all(names.map(async (n) => (await zip.file(n)!.async('nodebuffer')).subarray(0, 5)));
  return { names, heads: heads.map((h) => h.toString('latin1')) };
}

describe('the unit’s rapors as one zip', () => {
  it('the job’s work writes one PDF per class of the unit, and counts the classes done', async () => {
    const id = randomUUID();
    const run = await runUnitRapors(ctx.db, ctx.config.dataDir, {
      id,
      unitId: f.unitId,
      semester: 'GANJIL',
      lang: 'id',
      userId: principal.user.id,
    });
    expect(run, run.error ?? '').toMatchObject({
      id,
      state: 'done',
      done: classNames.length,
      total: classNames.length,
    });
    const { names, heads } = await pdfsOf(await fs.readFile(zipFile(ctx.config.dataDir, f.unitId)));
    expect(names).toHaveLength(classNames.length);
    for (const c of classNames) expect(names.some((n) => n.includes(`rapor-${c}-GANJIL`))).toBe(true);
    expect(heads.every((h) => h === '%PDF-')).toBe(true);
  });

  it('starts for the unit’s leaders, shows the progress and downloads the zip; 409 while one runs', async () => {
    const started = await ctx.call(principal, 'POST', url, { semester: 'GANJIL' });
    expect(started.statusCode, started.body).toBe(202);
    expect(started.json<RaporUnitRun>()).toMatchObject({ unitId: f.unitId, state: 'queued' });
    await settledInProcess(f.unitId);
    const progress = await ctx.call(principal, 'GET', url);
    expect(progress.statusCode, progress.body).toBe(200);
    expect(progress.json<{ run: RaporUnitRun }>().run).toMatchObject({
      state: 'done',
      done: classNames.length,
      total: classNames.length,
    });
    const zip = await ctx.app.inject({ method: 'GET', url: `${url}/zip`, headers: { cookie: principal.cookie } });
    expect(zip.statusCode, zip.body.slice(0, 200)).toBe(200);
    expect(zip.headers['content-type']).toBe('application/zip');
    expect(zip.headers['content-disposition']).toMatch(/^attachment; filename="rapor-unit-\d+-GANJIL\.zip"$/);
    expect(zip.headers['cache-control']).toContain('no-store');
    expect((await pdfsOf(zip.rawPayload)).names).toHaveLength(classNames.length);
    // the start and the download are audited: who, the unit, the year and the semester
    const logged = await ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityType, 'unit'), eq(auditLog.entityId, String(f.unitId))));
    const run = started.json<RaporUnitRun>().id;
    expect(logged.find((l) => l.action === 'rapor.unit.start')).toMatchObject({
      actorUserId: principal.user.id,
      after: { run, academicYear: f.year.name, semester: 'GANJIL' },
    });
    expect(logged.find((l) => l.action === 'rapor.unit.download')).toMatchObject({
      actorUserId: principal.user.id,
      after: { run, semester: 'GANJIL' },
    });

    // a run that is open (on this or another server): a second start is refused, and there is no zip meanwhile
    const open = (await readRun(ctx.config.dataDir, f.unitId))!;
    await writeRun(ctx.config.dataDir, { ...open, id: randomUUID(), state: 'running', done: 0 });
    const again = await ctx.call(await ctx.as('WAKAKUR'), 'POST', url, {});
    expect(again.statusCode, again.body).toBe(409);
    expect((await ctx.call(principal, 'GET', `${url}/zip`)).statusCode).toBe(404);
    await writeRun(ctx.config.dataDir, open);
  });

  it('is refused to a teacher, a student, another unit’s principal and without a session; bad input 400', async () => {
    expect((await ctx.call(f.homeroomA, 'POST', url, {})).statusCode).toBe(403);
    expect((await ctx.call(f.homeroomA, 'GET', url)).statusCode).toBe(403);
    expect((await ctx.call(await ctx.as('STUDENT'), 'GET', `${url}/zip`)).statusCode).toBe(403);
    expect((await ctx.call(null, 'POST', url, {})).statusCode).toBe(401);
    const sd = await ctx.signIn((await ctx.createUser({ division: 'PRINCIPAL', unitCode: 'SD' })).username);
    expect((await ctx.call(sd, 'POST', url, { unitId: f.unitId })).statusCode).toBe(403);
    expect((await ctx.call(sd, 'GET', `${url}?unitId=${f.unitId}`)).statusCode).toBe(403);
    expect((await ctx.call(principal, 'POST', url, { semester: 'KETIGA' })).statusCode).toBe(400);
    expect((await ctx.call(await ctx.as('ADMIN'), 'POST', url, {})).statusCode).toBe(400);
  });
});

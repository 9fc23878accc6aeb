import { randomUUID } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import JSZip from 'jszip';
import type { AuthUser, Lang, Semester } from '@mms/shared';
import type { Database } from '../../db/client.ts';
import { audit, type AuditActor } from '../../lib/audit.ts';
import { JOB } from '../../jobs/names.ts';
import { runningJobs } from '../../jobs/queue.ts';
import { clock } from '../../lib/clock.ts';
import { badRequest, conflict, notFound } from '../../lib/errors.ts';
import { unitScope } from '../../lib/scope.ts';
import { activeAuthUser } from '../auth/auth.service.ts';
import * as school from '../school/school.service.ts';
import { raporPdf } from './rapor.pdf.ts';
import { createRaporService } from './rapor.service.ts';

/**
 * A whole unit's rapors as one zip (issue 40 §2; SMP: about 700 students), made by a background job: every class of
 * the active year, one PDF per class (the class PDF's batched reads, rapor.service.ts `buildClass`), zipped into
 * the data directory. As the backup screen's runs (backup/runs.ts), the run of a unit is one small JSON file
 * (`rapor-unit/run-<unitId>.json`) that whichever server runs the job writes and any server reads; the zip lies
 * beside it (`rapor-unit/rapor-<unitId>.zip`, the last one made). One run per unit at a time.
 */
export type RaporUnitState = 'queued' | 'running' | 'done' | 'failed';
export interface RaporUnitRun {
  id: string;
  unitId: number;
  semester: Semester;
  state: RaporUnitState;
  /** classes written so far, of `total` */
  done: number;
  total: number;
  startedAt: string;
  finishedAt: string | null;
  /** the zip's download name once done */
  file: string | null;
  error: string | null;
  by: string | null;
}
type Stored = RaporUnitRun & { updatedAt: string };

/** What the job carries: the run, and who asked (the letterhead is read as them) in which language. */
export interface RaporUnitJob {
  id: string;
  unitId: number;
  semester: Semester;
  lang: Lang;
  userId: number;
}

/** A run that has not moved for this long died with its process: it reads as failed and a new one may start. */
const STALLED_MS = 20 * 60 * 1000;

const dirOf = (dataDir: string) => path.join(dataDir, 'rapor-unit');
const runFile = (dataDir: string, unitId: number) => path.join(dirOf(dataDir), `run-${unitId}.json`);
/** The unit's last zip. */
export const zipFile = (dataDir: string, unitId: number) => path.join(dirOf(dataDir), `rapor-${unitId}.zip`);

/** A name safe in a zip and a header: letters, digits and dashes. */
const safeName = (text: string) => text.replace(/[^A-Za-z0-9]+/g, '-').replace(/^-|-$/g, '') || 'kelas';

export async function writeRun(dataDir: string, run: RaporUnitRun): Promise<void> {
  await fs.mkdir(dirOf(dataDir), { recursive: true });
  const stored: Stored = { ...run, updatedAt: new Date().toISOString() };
  const file = runFile(dataDir, run.unitId);
  const tmp = `${file}.${process.pid}.${randomUUID()}.tmp`;
  await fs.writeFile(tmp, JSON.stringify(stored), { mode: 0o600 });
  await fs.rename(tmp, file);
}

/** The unit's last run, or null; one that stalled (its server stopped midway) reads as failed. */
export async function readRun(dataDir: string, unitId: number): Promise<RaporUnitRun | null> {
  const text = await fs.readFile(runFile(dataDir, unitId), 'utf8').catch(() => null);
  if (!text) return null;
  let stored: Stored;
  try {
    stored = JSON.parse(text) as Stored;
  } catch {
    return null;
  }
  const { updatedAt, ...run } = stored;
  const open = run.state === 'queued' || run.state === 'running';
  if (open && Date.now() - new Date(updatedAt).getTime() > STALLED_MS) {
    return { ...run, state: 'failed', error: 'interrupted', finishedAt: updatedAt };
  }
  return run;
}

/** The classes of the unit in the active year, by name (numeric: 7A before 10A). */
async function unitClasses(db: Database, unitId: number) {
  const year = await school.activeYear(db);
  if (!year) return [];
  const rows = await school.unitClassesIn(db, unitId, year.id);
  return rows.sort((a, b) => a.name.localeCompare(b.name, 'id', { numeric: true }));
}

/** Settles when this process's in-process run of a unit ends (a process without a job queue: tests). */
const inProcess = new Map<number, Promise<unknown>>();
export const settledInProcess = (unitId: number) => inProcess.get(unitId) ?? Promise.resolve();

/**
 * The job's work: every class's PDF written to a work directory one class at a time (one class's rapors in
 * memory at once), then zipped by streaming the files into the zip on disk, never the whole zip in memory.
 * The run file is updated after each class.
 */
export async function runUnitRapors(db: Database, dataDir: string, job: RaporUnitJob): Promise<RaporUnitRun> {
  const rapor = createRaporService(db, dataDir);
  let run: RaporUnitRun = {
    ...((await readRun(dataDir, job.unitId)) ?? {
      startedAt: clock.now().toISOString(),
      by: null,
      file: null,
    }),
    id: job.id,
    unitId: job.unitId,
    semester: job.semester,
    state: 'running',
    done: 0,
    total: 0,
    finishedAt: null,
    file: null,
    error: null,
  };
  const work = path.join(dirOf(dataDir), `work-${job.id}`);
  try {
    const user: AuthUser | null = await activeAuthUser(db, job.userId);
    if (!user) throw new Error('the account that asked is no longer active');
    const classes = await unitClasses(db, job.unitId);
    run = { ...run, total: classes.length };
    await writeRun(dataDir, run);
    await fs.mkdir(work, { recursive: true });
    const sch = await rapor.schoolOf(user, job.unitId);
    const written: { name: string; file: string }[] = [];
    for (const [i, c] of classes.entries()) {
      const cls = await school.findClass(db, c.id);
      if (!cls) continue;
      const year = await rapor.yearOf(cls);
      const students = await school.raporStudentsOfClass(db, cls.id);
      const rapors = await rapor.buildClass(
        students.map((s) => s.id),
        cls,
        year,
        job.semester,
        sch,
      );
      const name = `${String(i + 1).padStart(2, '0')}-rapor-${safeName(cls.name)}-${job.semester}.pdf`;
      const file = path.join(work, name);
      await pipeline(await raporPdf(rapors, job.lang, sch.logo), createWriteStream(file));
      written.push({ name, file });
      run = { ...run, done: run.done + 1 };
      await writeRun(dataDir, run);
    }
    const zip = new JSZip();
    // each file is read as the zip is written: one PDF's bytes in flight, not the unit's
    for (const w of written) zip.file(w.name, createReadStream(w.file));
    const target = zipFile(dataDir, job.unitId);
    const tmp = `${target}.${job.id}.tmp`;
    await pipeline(
      zip.generateNodeStream({ type: 'nodebuffer', streamFiles: true, compression: 'STORE' }),
      createWriteStream(tmp),
    );
    await fs.rename(tmp, target);
    run = { ...run, state: 'done', file: `rapor-unit-${job.unitId}-${job.semester}.zip` };
  } catch (err) {
    run = { ...run, state: 'failed', error: err instanceof Error ? err.message : String(err) };
  } finally {
    await fs.rm(work, { recursive: true, force: true }).catch(() => undefined);
  }
  run = { ...run, finishedAt: clock.now().toISOString() };
  await writeRun(dataDir, run);
  return run;
}

/** The unit a leader asks about: their own, or the one named (ADMIN); 400 without one. */
function unitOf(user: AuthUser, unitId: number | undefined): number {
  const unit = unitScope(user, unitId);
  if (unit === null) throw badRequest('Pilih unit sekolah', { unitId: 'Wajib dipilih' });
  return unit;
}

export function createRaporUnitService(db: Database, dataDir: string) {
  /**
   * Asks for the unit's rapors: recorded as queued, then made by the job queue (on whichever server takes it) or,
   * where this process runs no queue (a test), here in the background. 409 while the unit's last run is open.
   * Audited (`rapor.unit.start`: who, the unit, the year and the semester).
   */
  async function start(user: AuthUser, q: { unitId?: number; semester?: Semester }, lang: Lang, actor: AuditActor) {
    const unitId = unitOf(user, q.unitId);
    const unit = await school.findUnit(db, unitId);
    if (!unit) throw notFound('Unit');
    const last = await readRun(dataDir, unitId);
    if (last && (last.state === 'queued' || last.state === 'running')) {
      throw conflict('Rapor satu unit sedang dibuat; tunggu sampai selesai');
    }
    const year = await school.activeYear(db);
    if (!year) throw badRequest('Belum ada tahun pelajaran aktif', { academicYearId: 'Tidak ada' });
    const semester = q.semester ?? createRaporService(db, dataDir).semesterOf({}, year);
    const run: RaporUnitRun = {
      id: randomUUID(),
      unitId,
      semester,
      state: 'queued',
      done: 0,
      total: 0,
      startedAt: clock.now().toISOString(),
      finishedAt: null,
      file: null,
      error: null,
      by: user.displayName,
    };
    await writeRun(dataDir, run);
    await audit(db, actor, {
      action: 'rapor.unit.start',
      entityType: 'unit',
      entityId: unitId,
      after: { run: run.id, unit: unit.name, academicYear: year.name, semester },
    });
    const job: RaporUnitJob = { id: run.id, unitId, semester, lang, userId: user.id };
    const jobs = runningJobs();
    const queued = jobs ? await jobs.send(JOB.raporUnit, job).catch(() => null) : null;
    if (!queued) {
      const p = runUnitRapors(db, dataDir, job).catch(() => undefined);
      inProcess.set(unitId, p);
    }
    return run;
  }

  /** The unit's last run (null before the first). */
  async function progress(user: AuthUser, q: { unitId?: number }) {
    return { run: await readRun(dataDir, unitOf(user, q.unitId)) };
  }

  /** The unit's last zip, once its run is done (404 before). Audited (`rapor.unit.download`). */
  async function download(user: AuthUser, q: { unitId?: number }, actor: AuditActor) {
    const unitId = unitOf(user, q.unitId);
    const run = await readRun(dataDir, unitId);
    const file = zipFile(dataDir, unitId);
    if (run?.state !== 'done' || !run.file || !(await fs.stat(file).catch(() => null))) {
      throw notFound('Berkas rapor satu unit');
    }
    await audit(db, actor, {
      action: 'rapor.unit.download',
      entityType: 'unit',
      entityId: unitId,
      after: { run: run.id, file: run.file, semester: run.semester },
    });
    return { name: run.file, stream: createReadStream(file) };
  }

  return { start, progress, download };
}

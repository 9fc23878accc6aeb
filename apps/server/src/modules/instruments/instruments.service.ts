import {
  isValidAnswer,
  scoreProfile,
  type AnswerInput,
  type AuthUser,
  type InstrumentCreateInput,
  type InstrumentDefinitionInput,
  type InstrumentKind,
  type InstrumentMetaInput,
  type InstrumentResultsQuery,
  type InstrumentWindowInput,
  type InstrumentsQuery,
  type ReopenInput,
} from '@mms/shared';
import type { Database, Executor } from '../../db/client.ts';
import { audited, type AuditActor } from '../../lib/audit.ts';
import { clock } from '../../lib/clock.ts';
import { guarded } from '../../lib/db-errors.ts';
import { badRequest, conflict, forbidden, notFound } from '../../lib/errors.ts';
import { assertUnit, unitScope } from '../../lib/scope.ts';
import * as school from '../school/school.service.ts';
import { SHIPPED } from './shipped-items-template.ts';
import * as repo from './instruments.repo.ts';

/** A definition as the contract reads it (defaults not yet filled in). */
type Definition = InstrumentDefinitionInput;

const windowState = (w: { opensOn: string; closesOn: string }, today: string) =>
  today < w.opensOn ? ('UPCOMING' as const) : today > w.closesOn ? ('CLOSED' as const) : ('OPEN' as const);

/** The scales and items rows of a definition, numbered in the order given. */
function definitionRows(def: Definition) {
  return {
    scales: def.scales.map((s, i) => ({
      sortOrder: i + 1,
      code: s.code,
      name: s.name,
      description: s.description ?? '',
      scoring: s.scoring ?? 'SUM',
      bands: s.bands ?? [],
    })),
    items: def.items.map((it, i) => ({
      number: i + 1,
      text: it.text,
      type: it.type,
      scaleCode: it.type === 'CHOICE' ? null : (it.scaleCode ?? null),
      reversed: it.type === 'CHOICE' ? false : (it.reversed ?? false),
      weight: it.weight ?? 1,
      options: it.type === 'CHOICE' ? (it.options ?? []) : [],
    })),
  };
}

/** Writes a whole definition as the instrument's next version (used by the editor, the import and the seed). */
export async function writeDefinition(tx: Executor, instrumentId: number, def: Definition, nextVersion: number | null) {
  const rows = definitionRows(def);
  await repo.replaceDefinition(tx, instrumentId, rows.scales, rows.items);
  if (nextVersion !== null) await repo.updateInstrument(tx, instrumentId, { version: nextVersion });
}

/** An item as a player shows it: its text, its kind and its options' labels (never their scoring). */
const playItem = (it: Awaited<ReturnType<typeof repo.itemsOf>>[number]) => ({
  id: it.id,
  number: it.number,
  text: it.text,
  type: it.type,
  options: it.options.map((o) => o.label),
});

export function createInstrumentService(db: Database) {
  const toSummary = (row: repo.InstrumentRow) => ({
    ...row,
    kind: row.kind as InstrumentKind,
    updatedAt: row.updatedAt.toISOString(),
  });

  async function full(exec: Executor, row: repo.InstrumentRow) {
    const [scales, items, answered] = await Promise.all([
      repo.scalesOf(exec, row.id),
      repo.itemsOf(exec, row.id),
      repo.hasAttempts(exec, row.id),
    ]);
    return { ...toSummary(row), scales, items, answered };
  }

  /** The instrument, refused to a caller of another unit. */
  async function visible(exec: Executor, user: AuthUser, id: number, lock = false) {
    const row = await repo.findInstrument(exec, id, lock);
    if (!row) throw notFound('Instrumen');
    assertUnit(user, row.unitId);
    return row;
  }

  async function list(user: AuthUser, q: InstrumentsQuery) {
    const rows = await repo.listInstruments(db, { unitId: unitScope(user, q.unitId), kind: q.kind });
    return { items: rows.map(toSummary) };
  }

  async function get(user: AuthUser, id: number) {
    return full(db, await visible(db, user, id));
  }

  /**
   * The instrument as its players see it, for the counsellor of its unit (the route's counselling.manage, the
   * unit by `visible`): reading it starts no attempt and records no answer.
   */
  async function preview(user: AuthUser, id: number) {
    const instrument = await visible(db, user, id);
    const items = await repo.itemsOf(db, id);
    return {
      instrumentName: instrument.name,
      instructions: instrument.instructions,
      items: items.map(playItem),
    };
  }

  async function create(user: AuthUser, input: InstrumentCreateInput, actor: AuditActor) {
    const unitId = unitScope(user, input.unitId);
    if (unitId === null) throw badRequest('Pilih unit sekolah', { unitId: 'Wajib dipilih' });
    const { kind, useShippedItems, unitId: _unit, ...meta } = input;
    const id = await guarded(
      () =>
        db.transaction(async (tx) => {
          if (await repo.findByUnitKind(tx, unitId, kind)) {
            throw conflict('Unit ini sudah punya instrumen jenis ini');
          }
          const shipped = SHIPPED[kind];
          // the shipped texts come with the shipped items: their name, source and licence say what they are
          const values = useShippedItems ? shipped.meta : meta;
          const change = { action: 'instrument.create', entityType: 'counselling_instrument' };
          return audited(tx, actor, { ...change, after: { unitId, kind, ...values, useShippedItems } }, async () => {
            const id = await repo.insertInstrument(tx, { unitId, kind, ...withDefaults(values) });
            if (useShippedItems) await writeDefinition(tx, id, shipped.definition, null);
            return id;
          });
        }),
      { unique: 'Unit ini sudah punya instrumen jenis ini' },
    );
    return get(user, id);
  }

  async function updateMeta(user: AuthUser, id: number, input: InstrumentMetaInput, actor: AuditActor) {
    await db.transaction(async (tx) => {
      const before = await visible(tx, user, id, true);
      await audited(
        tx,
        actor,
        { action: 'instrument.update', entityType: 'counselling_instrument', entityId: id, before, after: input },
        () => repo.updateInstrument(tx, id, withDefaults(input)),
      );
    });
    return get(user, id);
  }

  /**
   * Saves the scales and items as a new version. Refused while a window is open (students may be answering);
   * the submitted results keep their profiles.
   */
  async function saveDefinition(user: AuthUser, id: number, input: InstrumentDefinitionInput, actor: AuditActor) {
    await db.transaction(async (tx) => {
      const before = await visible(tx, user, id, true);
      await assertNoOpenWindow(tx, id);
      await audited(
        tx,
        actor,
        {
          action: 'instrument.definition',
          entityType: 'counselling_instrument',
          entityId: id,
          after: { version: before.version + 1, scales: input.scales.length, items: input.items.length },
        },
        () => writeDefinition(tx, id, input, before.version + 1),
      );
    });
    return get(user, id);
  }

  async function assertNoOpenWindow(tx: Executor, id: number) {
    if (await repo.hasOpenWindow(tx, id, clock.today())) {
      throw conflict('Butir tidak dapat diubah selama ada jendela yang sedang dibuka; tutup jendelanya dulu');
    }
  }

  async function remove(user: AuthUser, id: number, actor: AuditActor) {
    await db.transaction(async (tx) => {
      const before = await visible(tx, user, id, true);
      if (await repo.hasAttempts(tx, id)) throw conflict('Instrumen yang sudah dikerjakan siswa tidak dapat dihapus');
      await audited(
        tx,
        actor,
        { action: 'instrument.delete', entityType: 'counselling_instrument', entityId: id, before, after: null },
        () => repo.deleteInstrument(tx, id),
      );
    });
    return { ok: true as const };
  }

  // ---- windows ----

  async function windowToApi(exec: Executor, w: repo.WindowRow) {
    const [classes, gradeRows] = await Promise.all([
      repo.namesOfClasses(exec, w.classGroupIds),
      repo.namesOfGrades(exec, w.gradeIds),
    ]);
    return {
      id: w.id,
      instrumentId: w.instrumentId,
      academicYearId: w.academicYearId,
      academicYearName: w.academicYearName,
      opensOn: w.opensOn,
      closesOn: w.closesOn,
      classGroups: classes.map(({ id, name }) => ({ id, name })),
      grades: gradeRows.map(({ id, name }) => ({ id, name })),
      state: windowState(w, clock.today()),
      submitted: w.submitted,
      inProgress: w.inProgress,
    };
  }

  async function listWindows(user: AuthUser, instrumentId: number) {
    await visible(db, user, instrumentId);
    const rows = await repo.windowsOf(db, instrumentId);
    return { items: await Promise.all(rows.map((w) => windowToApi(db, w))) };
  }

  /** The classes and grades of a window: of the instrument's unit, the classes of the active year. */
  async function checkTargets(
    tx: Executor,
    unitId: number,
    yearId: number,
    input: { classGroupIds: number[]; gradeIds: number[] },
  ) {
    const classes = await repo.namesOfClasses(tx, [...new Set(input.classGroupIds)]);
    if (
      classes.length !== new Set(input.classGroupIds).size ||
      classes.some((c) => c.unitId !== unitId || c.academicYearId !== yearId)
    ) {
      throw badRequest('Kelas harus kelas unit ini pada tahun pelajaran aktif', { classGroupIds: 'Tidak valid' });
    }
    const gradeRows = await repo.namesOfGrades(tx, [...new Set(input.gradeIds)]);
    if (gradeRows.length !== new Set(input.gradeIds).size || gradeRows.some((g) => g.unitId !== unitId)) {
      throw badRequest('Tingkat harus tingkat unit ini', { gradeIds: 'Tidak valid' });
    }
    return { classGroupIds: classes.map((c) => c.id), gradeIds: gradeRows.map((g) => g.id) };
  }

  async function createWindow(user: AuthUser, instrumentId: number, input: InstrumentWindowInput, actor: AuditActor) {
    const id = await db.transaction(async (tx) => {
      const instrument = await visible(tx, user, instrumentId, true);
      if (!instrument.itemCount) throw conflict('Instrumen belum punya butir; isi butirnya dulu');
      const year = await school.activeYear(tx);
      if (!year) throw conflict('Belum ada tahun pelajaran aktif');
      const targets = await checkTargets(tx, instrument.unitId, year.id, {
        classGroupIds: input.classGroupIds ?? [],
        gradeIds: input.gradeIds ?? [],
      });
      const values = {
        instrumentId,
        academicYearId: year.id,
        opensOn: input.opensOn,
        closesOn: input.closesOn,
        ...targets,
      };
      return audited(
        tx,
        actor,
        { action: 'instrument.window.create', entityType: 'counselling_instrument_window', after: values },
        () => repo.insertWindow(tx, values),
      );
    });
    return windowToApi(db, (await repo.findWindow(db, id))!);
  }

  async function manageableWindow(tx: Executor, user: AuthUser, windowId: number) {
    const w = await repo.findWindow(tx, windowId);
    if (!w) throw notFound('Jendela');
    await visible(tx, user, w.instrumentId, true);
    return w;
  }

  async function updateWindow(user: AuthUser, windowId: number, input: InstrumentWindowInput, actor: AuditActor) {
    await db.transaction(async (tx) => {
      const before = await manageableWindow(tx, user, windowId);
      const targets = await checkTargets(tx, before.unitId, before.academicYearId, {
        classGroupIds: input.classGroupIds ?? [],
        gradeIds: input.gradeIds ?? [],
      });
      const values = { opensOn: input.opensOn, closesOn: input.closesOn, ...targets };
      await audited(
        tx,
        actor,
        {
          action: 'instrument.window.update',
          entityType: 'counselling_instrument_window',
          entityId: windowId,
          before,
          after: values,
        },
        () => repo.updateWindow(tx, windowId, values),
      );
    });
    return windowToApi(db, (await repo.findWindow(db, windowId))!);
  }

  async function removeWindow(user: AuthUser, windowId: number, actor: AuditActor) {
    await db.transaction(async (tx) => {
      const before = await manageableWindow(tx, user, windowId);
      if (before.submitted || before.inProgress)
        throw conflict('Jendela yang sudah dikerjakan siswa tidak dapat dihapus');
      await audited(
        tx,
        actor,
        {
          action: 'instrument.window.delete',
          entityType: 'counselling_instrument_window',
          entityId: windowId,
          before,
          after: null,
        },
        () => repo.deleteWindow(tx, windowId),
      );
    });
    return { ok: true as const };
  }

  /** Lets a student who submitted answer the window once more (a new, empty attempt); audited with the reason. */
  async function reopen(user: AuthUser, windowId: number, input: ReopenInput, actor: AuditActor) {
    await db.transaction(async (tx) => {
      const w = await manageableWindow(tx, user, windowId);
      if (windowState(w, clock.today()) !== 'OPEN') {
        throw conflict('Jendela tidak sedang dibuka; ubah tanggalnya dulu');
      }
      const student = await repo.findStudent(tx, input.studentId);
      if (!student || student.unitId !== w.unitId)
        throw badRequest('Siswa tidak ditemukan di unit ini', { studentId: 'Tidak ditemukan' });
      const last = await repo.latestAttempt(tx, windowId, student.id, true);
      if (!last) throw conflict('Siswa ini belum mengerjakan jendela ini');
      if (last.status !== 'SUBMITTED') throw conflict('Siswa ini masih mengerjakan; tidak perlu dibuka ulang');
      const cls = await school.classOfStudent(tx, student.id);
      const change = {
        action: 'instrument.reopen',
        entityType: 'counselling_instrument_attempt',
        before: { attemptId: last.id, attemptNumber: last.attemptNumber },
        after: { windowId, studentId: student.id, attemptNumber: last.attemptNumber + 1, reason: input.reason },
      };
      await audited(tx, actor, change, async () =>
        repo.insertAttempt(tx, {
          windowId,
          studentId: student.id,
          academicYearId: w.academicYearId,
          classGroupId: cls?.id ?? last.classGroupId,
          attemptNumber: last.attemptNumber + 1,
          instrumentVersion: (await repo.findInstrument(tx, w.instrumentId))!.version,
        }),
      );
    });
    return { ok: true as const };
  }

  // ---- results ----

  async function results(user: AuthUser, instrumentId: number, q: Omit<InstrumentResultsQuery, 'page' | 'pageSize'>) {
    const instrument = await visible(db, user, instrumentId);
    const year = q.academicYearId ?? (await school.activeYear(db))?.id;
    const rows = await repo.latestResults(db, {
      instrumentId,
      academicYearId: year,
      classGroupId: q.classGroupId,
      gradeId: q.gradeId,
    });
    const search = q.q?.toLowerCase();
    const filtered = search
      ? rows.filter((r) => r.studentName.toLowerCase().includes(search) || r.nis.toLowerCase().includes(search))
      : rows;
    return { instrument, rows: filtered };
  }

  const resultToApi = (r: repo.ResultRow) => ({
    attemptId: r.attemptId,
    windowId: r.windowId,
    studentId: r.studentId,
    nis: r.nis,
    studentName: r.studentName,
    className: r.className,
    academicYearName: r.academicYearName,
    attemptNumber: r.attemptNumber,
    submittedAt: r.submittedAt.toISOString(),
    profile: r.profile,
  });

  async function listResults(user: AuthUser, instrumentId: number, q: InstrumentResultsQuery) {
    const { rows } = await results(user, instrumentId, q);
    const start = (q.page - 1) * q.pageSize;
    return {
      items: rows.slice(start, start + q.pageSize).map(resultToApi),
      total: rows.length,
      page: q.page,
      pageSize: q.pageSize,
    };
  }

  async function exportResults(
    user: AuthUser,
    instrumentId: number,
    q: Omit<InstrumentResultsQuery, 'page' | 'pageSize'>,
  ) {
    const { instrument, rows } = await results(user, instrumentId, q);
    return { instrument, scales: await repo.scalesOf(db, instrumentId), rows: rows.map(resultToApi) };
  }

  /** The class or grade summary: the mean per scale and how often each scale is among a student's top scales. */
  async function summary(user: AuthUser, instrumentId: number, q: Omit<InstrumentResultsQuery, 'page' | 'pageSize'>) {
    const { rows } = await results(user, instrumentId, q);
    const scales = await repo.scalesOf(db, instrumentId);
    const means = scales.map((s) => {
      const scores = rows
        .map((r) => r.profile.scales.find((p) => p.code === s.code)?.score)
        .filter((x): x is number => x !== undefined);
      const mean = scores.length ? Math.round((scores.reduce((a, b) => a + b, 0) / scores.length) * 100) / 100 : 0;
      return { code: s.code, name: s.name, mean };
    });
    const topCounts = scales.map((s) => ({
      code: s.code,
      name: s.name,
      count: rows.filter((r) => r.profile.top.includes(s.code)).length,
    }));
    return { students: rows.length, means, topCounts };
  }

  // ---- the student's side ----

  async function ownClass(exec: Executor, user: AuthUser) {
    const cls = user.studentId ? await school.classOfStudent(exec, user.studentId) : undefined;
    const year = await school.activeYear(exec);
    return cls && year ? { ...cls, academicYearId: year.id } : undefined;
  }

  async function mine(user: AuthUser, kind: InstrumentKind) {
    const cls = await ownClass(db, user);
    const windows = cls
      ? await repo.openWindowsForClass(db, {
          unitId: cls.unitId,
          kind,
          classGroupId: cls.id,
          gradeId: cls.gradeId,
          academicYearId: cls.academicYearId,
          today: clock.today(),
        })
      : [];
    const withStatus = await Promise.all(
      windows.map(async (w) => {
        const last = await repo.latestAttempt(db, w.windowId, user.studentId!);
        const answered = last?.status === 'IN_PROGRESS' ? await repo.countAnswers(db, last.id) : 0;
        return {
          windowId: w.windowId,
          instrumentName: w.instrumentName,
          description: w.description,
          opensOn: w.opensOn,
          closesOn: w.closesOn,
          itemCount: w.itemCount,
          status: !last
            ? ('NOT_STARTED' as const)
            : last.status === 'IN_PROGRESS'
              ? ('IN_PROGRESS' as const)
              : ('SUBMITTED' as const),
          answered,
        };
      }),
    );
    const results = user.studentId ? await repo.latestResults(db, { kind, studentId: user.studentId }) : [];
    return {
      windows: withStatus,
      results: results.map((r) => ({
        attemptId: r.attemptId,
        instrumentName: r.instrumentName,
        academicYearName: r.academicYearName,
        className: r.className,
        submittedAt: r.submittedAt.toISOString(),
        profile: r.profile,
      })),
    };
  }

  /** The window, checked for the student: of their class or grade in their unit this year, and open today. */
  async function playableWindow(exec: Executor, user: AuthUser, windowId: number) {
    const w = await repo.findWindow(exec, windowId);
    if (!w) throw notFound('Jendela');
    const cls = await ownClass(exec, user);
    const forMe =
      cls &&
      cls.unitId === w.unitId &&
      cls.academicYearId === w.academicYearId &&
      (w.classGroupIds.includes(cls.id) || w.gradeIds.includes(cls.gradeId));
    if (!forMe || !cls) throw forbidden('Instrumen ini tidak dibuka untuk kelas Anda');
    const state = windowState(w, clock.today());
    if (state === 'UPCOMING') throw conflict('Jendela pengisian belum dibuka');
    if (state === 'CLOSED') throw conflict('Jendela pengisian sudah ditutup');
    return { w, cls };
  }

  async function playView(exec: Executor, attemptId: number, w: repo.WindowRow) {
    const instrument = (await repo.findInstrument(exec, w.instrumentId))!;
    const [items, answers] = await Promise.all([repo.itemsOf(exec, w.instrumentId), repo.answersOf(exec, attemptId)]);
    return {
      attemptId,
      instrumentName: instrument.name,
      instructions: instrument.instructions,
      closesOn: w.closesOn,
      items: items.map(playItem),
      answers,
    };
  }

  /** Starts the student's attempt of the window, or resumes the one in progress. */
  async function start(user: AuthUser, windowId: number) {
    const attemptId = await guarded(
      () =>
        db.transaction(async (tx) => {
          const { w, cls } = await playableWindow(tx, user, windowId);
          const instrument = (await repo.findInstrument(tx, w.instrumentId))!;
          const last = await repo.latestAttempt(tx, windowId, user.studentId!, true);
          if (last?.status === 'SUBMITTED') throw conflict('Anda sudah mengerjakan instrumen ini');
          if (last) {
            if (last.instrumentVersion !== instrument.version)
              await repo.setAttemptVersion(tx, last.id, instrument.version);
            return last.id;
          }
          return repo.insertAttempt(tx, {
            windowId,
            studentId: user.studentId!,
            academicYearId: w.academicYearId,
            classGroupId: cls.id,
            attemptNumber: 1,
            instrumentVersion: instrument.version,
          });
        }),
      { unique: 'Pengerjaan sudah dimulai; muat ulang halaman' },
    );
    const w = (await repo.findWindow(db, windowId))!;
    return playView(db, attemptId, w);
  }

  /** The student's own attempt in progress, locked, with its window checked again. */
  async function ownOpenAttempt(tx: Executor, user: AuthUser, attemptId: number) {
    const attempt = await repo.findAttempt(tx, attemptId, true);
    if (!attempt || attempt.studentId !== user.studentId) throw notFound('Pengerjaan');
    if (attempt.status !== 'IN_PROGRESS') throw conflict('Anda sudah mengerjakan instrumen ini');
    const { w } = await playableWindow(tx, user, attempt.windowId);
    return { attempt, w };
  }

  async function saveAnswer(user: AuthUser, attemptId: number, input: AnswerInput) {
    return db.transaction(async (tx) => {
      const { w } = await ownOpenAttempt(tx, user, attemptId);
      const items = await repo.itemsOf(tx, w.instrumentId);
      const item = items.find((it) => it.id === input.itemId);
      if (!item) throw badRequest('Butir tidak ada di instrumen ini', { itemId: 'Tidak ditemukan' });
      if (!isValidAnswer(item, input.value)) throw badRequest('Jawaban tidak valid', { value: 'Tidak valid' });
      await repo.upsertAnswer(tx, attemptId, item.id, input.value, clock.now());
      return { answered: await repo.countAnswers(tx, attemptId), total: items.length };
    });
  }

  async function submit(user: AuthUser, attemptId: number, actor: AuditActor) {
    return db.transaction(async (tx) => {
      const { attempt, w } = await ownOpenAttempt(tx, user, attemptId);
      const [scales, items, answers] = await Promise.all([
        repo.scalesOf(tx, w.instrumentId),
        repo.itemsOf(tx, w.instrumentId),
        repo.answersOf(tx, attemptId),
      ]);
      const missing = items.length - answers.length;
      if (missing > 0) throw conflict(`Masih ada ${missing} butir yang belum dijawab`);
      const profile = scoreProfile(scales, items, new Map(answers.map((a) => [a.itemId, a.value])));
      await audited(
        tx,
        actor,
        {
          action: 'instrument.submit',
          entityType: 'counselling_instrument_attempt',
          entityId: attemptId,
          after: { windowId: attempt.windowId, attemptNumber: attempt.attemptNumber, top: profile.top },
        },
        () => repo.submitAttempt(tx, attemptId, clock.now(), profile),
      );
      return profile;
    });
  }

  return {
    list,
    get,
    preview,
    create,
    updateMeta,
    saveDefinition,
    assertNoOpenWindow,
    visible,
    remove,
    listWindows,
    createWindow,
    updateWindow,
    removeWindow,
    reopen,
    listResults,
    exportResults,
    summary,
    mine,
    start,
    saveAnswer,
    submit,
  };
}

export type InstrumentService = ReturnType<typeof createInstrumentService>;

const withDefaults = (m: Partial<InstrumentMetaInput>) => ({
  name: m.name ?? '',
  description: m.description ?? '',
  instructions: m.instructions ?? '',
  source: m.source ?? '',
  licence: m.licence ?? '',
});

import { randomInt } from 'node:crypto';
import {
  APPLICANT_DOCUMENT_LABELS,
  REQUIRED_APPLICANT_DOCUMENTS,
  nextNis,
  type ApplicantDetail,
  type ApplicantDocumentKind,
  type ApplicantForm,
  type ApplicantListQuery,
  type ApplicantMoveInput,
  type AuthUser,
  type DocumentCheckInput,
  type RegisterStartInput,
  type ReregisterInput,
  type StaffApplicantInput,
  type Wave,
  type WaveInput,
  type WaveQuery,
} from '@mms/shared';
import type { Database, Executor } from '../../db/client.ts';
import { bills, type applicants } from '../../db/schema/index.ts';
import { audited, type AuditActor } from '../../lib/audit.ts';
import { clock } from '../../lib/clock.ts';
import { guarded } from '../../lib/db-errors.ts';
import { badRequest, conflict, notFound } from '../../lib/errors.ts';
import { hashPassword } from '../../lib/passwords.ts';
import { assertUnit, unitScope } from '../../lib/scope.ts';
import { assertSupported, fileStore, normalise } from '../../lib/uploads.ts';
import { enrolInTransaction, findClassForEnrolment } from '../school/enrollments.service.ts';
import { carryGraduateInto, enrolledInYear } from '../school/year-transition.service.ts';
import { createApplicantSession } from './applicant-session.ts';
import { moveApplicant } from './applicant-state.ts';
import * as repo from './admission.repo.ts';

/** The applicant's own actor in the audit log: no user, the request's address. */
export const applicantActor = (actor: AuditActor): AuditActor => ({ ...actor, userId: null, username: null });

/** The document kinds kept once (a new upload replaces the old); report cards and others may be several. */
const SINGLE_KINDS = new Set<ApplicantDocumentKind>(['BIRTH_CERT', 'FAMILY_CARD', 'PHOTO']);
const MAX_DOCUMENTS = 12;
/** States in which the applicant may still change the form and the documents. */
const EDITABLE_BY_APPLICANT = new Set(['DRAFT', 'REGISTERED']);

const iso = (d: Date | null) => (d ? d.toISOString() : null);

function toWave(row: NonNullable<Awaited<ReturnType<typeof repo.findWave>>>, today: string): Wave {
  const { academicYearStart: _s, ...rest } = row;
  return {
    ...rest,
    testOpensAt: iso(row.testOpensAt),
    testClosesAt: iso(row.testClosesAt),
    announceAt: iso(row.announceAt),
    isOpen: row.isActive && row.opensOn <= today && today <= row.closesOn,
  };
}

const newPin = () => String(randomInt(0, 1_000_000)).padStart(6, '0');

export function createAdmissionService(db: Database, dataDir: string) {
  const files = fileStore(dataDir, 'admission');

  // ---------- waves ----------

  async function waveOf(exec: Executor, user: AuthUser | null, id: number) {
    const row = await repo.findWave(exec, id);
    if (!row) throw notFound('Gelombang');
    if (user) assertUnit(user, row.unitId);
    return row;
  }

  async function listWaves(user: AuthUser, q: WaveQuery) {
    const rows = await repo.listWaves(db, { unitId: unitScope(user, q.unitId), academicYearId: q.academicYearId });
    return { items: rows.map((r) => toWave(r, clock.today())) };
  }

  async function checkWaveInput(user: AuthUser, input: WaveInput) {
    const unitId = unitScope(user, input.unitId) ?? user.unit?.id;
    if (!unitId) throw badRequest('Pilih unit', { unitId: 'Unit wajib diisi' });
    const { grade, year } = await repo.gradeAndYear(db, input.gradeId, input.academicYearId);
    if (!year) throw badRequest('Tahun pelajaran tidak ditemukan', { academicYearId: 'Tidak ditemukan' });
    if (!grade || grade.unitId !== unitId)
      throw badRequest('Tingkat bukan milik unit ini', { gradeId: 'Unit berbeda' });
    if (input.entryFeeComponentId) {
      const c = await repo.findComponent(db, input.entryFeeComponentId);
      if (!c || c.unitId !== unitId)
        throw badRequest('Komponen pembayaran bukan milik unit ini', { entryFeeComponentId: 'Unit berbeda' });
    }
    const { unitId: _u, ...values } = input;
    return {
      ...values,
      unitId,
      entryFeeComponentId: input.entryFeeComponentId ?? null,
      testOpensAt: input.testOpensAt ? new Date(input.testOpensAt) : null,
      testClosesAt: input.testClosesAt ? new Date(input.testClosesAt) : null,
      announceAt: input.announceAt ? new Date(input.announceAt) : null,
    };
  }

  const waveUnique = { unique: 'Nama gelombang sudah dipakai pada unit dan tahun ini' };

  async function createWave(user: AuthUser, input: WaveInput, actor: AuditActor) {
    const values = await checkWaveInput(user, input);
    const id = await guarded(
      () =>
        db.transaction(async (tx) => {
          return audited(
            tx,
            actor,
            { action: 'admission.wave.create', entityType: 'admission_wave', after: values },
            () => repo.insertWave(tx, values),
          );
        }),
      waveUnique,
    );
    return toWave((await repo.findWave(db, id))!, clock.today());
  }

  async function updateWave(user: AuthUser, id: number, input: WaveInput, actor: AuditActor) {
    const before = await waveOf(db, user, id);
    const values = await checkWaveInput(user, input);
    if (values.unitId !== before.unitId) throw badRequest('Unit gelombang tidak dapat diubah', { unitId: 'Tetap' });
    await guarded(
      () =>
        db.transaction(async (tx) => {
          await audited(
            tx,
            actor,
            { action: 'admission.wave.update', entityType: 'admission_wave', entityId: id, before, after: values },
            () => repo.updateWave(tx, id, { ...values, updatedAt: clock.now() }),
          );
        }),
      waveUnique,
    );
    return toWave((await repo.findWave(db, id))!, clock.today());
  }

  async function deleteWave(user: AuthUser, id: number, actor: AuditActor) {
    const before = await waveOf(db, user, id);
    await db.transaction(async (tx) => {
      if ((await repo.countApplicantsOfWave(tx, id)) > 0)
        throw conflict('Gelombang sudah punya pendaftar; nonaktifkan saja');
      await audited(
        tx,
        actor,
        { action: 'admission.wave.delete', entityType: 'admission_wave', entityId: id, before, after: null },
        () => repo.deleteWave(tx, id),
      );
    });
    return { ok: true as const };
  }

  async function publicWaves() {
    const rows = await repo.openWaves(db, clock.today());
    return {
      items: rows.map((r) => ({
        id: r.id,
        unitName: r.unitName,
        name: r.name,
        gradeName: r.gradeName,
        academicYearName: r.academicYearName,
        opensOn: r.opensOn,
        closesOn: r.closesOn,
        registrationFee: r.registrationFee,
      })),
    };
  }

  // ---------- registering ----------

  /** A new applicant with the next number of the unit's entry year and a fresh PIN (returned once). */
  async function register(
    tx: Executor,
    waveId: number,
    values: Omit<typeof applicants.$inferInsert, 'waveId' | 'unitId' | 'regNo' | 'pinHash'>,
    actor: AuditActor,
    user: AuthUser | null,
  ) {
    const wave = await waveOf(tx, user, waveId);
    const today = clock.today();
    // an internal wave takes the foundation's own graduates (the promotion's offer, or the staff), not the public
    if (!user && (wave.internal || !(wave.isActive && wave.opensOn <= today && today <= wave.closesOn)))
      throw badRequest(`Pendaftaran ${wave.name} ${wave.unitName} tidak sedang dibuka`, { waveId: 'Tidak dibuka' });
    const year = Number(wave.academicYearStart.slice(0, 4));
    const seq = await repo.nextRegistrationNo(tx, wave.unitId, year);
    const regNo = `SPMB/${wave.unitCode.toUpperCase()}/${year}/${String(seq).padStart(4, '0')}`;
    const pin = newPin();
    const row = await audited(
      tx,
      actor,
      {
        action: 'admission.applicant.create',
        entityType: 'applicant',
        after: { regNo, waveId: wave.id, name: values.name },
      },
      async () =>
        repo.insertApplicant(tx, {
          ...values,
          waveId: wave.id,
          unitId: wave.unitId,
          regNo,
          pinHash: await hashPassword(pin),
          createdByUserId: user?.id ?? null,
        }),
    );
    return { ...row, pin, wave };
  }

  /** Step 1 of the public form: the draft, its number, the PIN and the applicant's session, all or nothing. */
  async function startRegistration(input: RegisterStartInput, actor: AuditActor) {
    return db.transaction(async (tx) => {
      const r = await register(
        tx,
        input.waveId,
        { name: input.name, birthDate: input.birthDate, phone: input.phone, state: 'DRAFT' },
        applicantActor(actor),
        null,
      );
      return { ...r, session: await createApplicantSession(tx, r.id) };
    });
  }

  /** Staff enter an applicant: registered at once, the PIN returned once for the parents. */
  async function createByStaff(user: AuthUser, input: StaffApplicantInput, actor: AuditActor) {
    const { waveId, ...form } = input;
    return guarded(() =>
      db.transaction(async (tx) => {
        const r = await register(tx, waveId, { ...form, state: 'DRAFT' }, actor, user);
        await moveApplicant(tx, actor, r.id, 'REGISTERED', { note: 'Diinput oleh petugas' });
        return { id: r.id, regNo: r.regNo, pin: r.pin };
      }),
    );
  }

  // ---------- one applicant ----------

  async function applicantOf(exec: Executor, user: AuthUser | null, id: number, lock = false) {
    const row = await repo.findApplicant(exec, id, lock);
    if (!row) throw notFound('Pendaftar');
    if (user) assertUnit(user, row.unitId);
    return row;
  }

  async function detail(user: AuthUser | null, id: number): Promise<ApplicantDetail> {
    if (user) await applicantOf(db, user, id);
    const row = await repo.applicantDetail(db, id);
    if (!row) throw notFound('Pendaftar');
    const { pinHash: _p, createdByUserId: _c, createdAt: _a, updatedAt: _u, ...a } = row.applicant;
    return {
      ...a,
      registeredAt: iso(a.registeredAt),
      waveName: row.waveName,
      unitName: row.unitName,
      gradeId: row.gradeId,
      gradeName: row.gradeName,
      academicYearId: row.academicYearId,
      academicYearName: row.academicYearName,
      documents: row.documents.map((d) => ({
        id: d.id,
        kind: d.kind,
        mime: d.mime,
        size: d.size,
        originalName: d.originalName,
        check: d.check,
        checkNote: d.checkNote,
        checkedAt: iso(d.checkedAt),
        uploadedAt: d.uploadedAt.toISOString(),
      })),
      events: row.events.map((e) => ({ ...e, at: e.at.toISOString() })),
    };
  }

  async function saveForm(
    user: AuthUser | null,
    id: number,
    form: ApplicantForm,
    actor: AuditActor,
  ): Promise<ApplicantDetail> {
    await guarded(() =>
      db.transaction(async (tx) => {
        const before = await applicantOf(tx, user, id, true);
        if (!user && !EDITABLE_BY_APPLICANT.has(before.state))
          throw conflict('Formulir tidak dapat diubah lagi setelah diverifikasi; hubungi panitia');
        if (user && ['REREGISTERED', 'WITHDRAWN', 'REJECTED'].includes(before.state))
          throw conflict('Data pendaftar yang sudah selesai tidak dapat diubah');
        const { pinHash: _p, ...rest } = before;
        const change = { action: 'admission.applicant.update', entityType: 'applicant', entityId: id };
        await audited(tx, user ? actor : applicantActor(actor), { ...change, before: rest, after: form }, () =>
          repo.updateApplicant(tx, id, { ...form, updatedAt: clock.now() }),
        );
      }),
    );
    return detail(null, id);
  }

  /** DRAFT -> REGISTERED by the applicant: the form's essentials and the required documents are there. */
  async function submit(id: number, actor: AuditActor) {
    await db.transaction(async (tx) => {
      const a = await applicantOf(tx, null, id, true);
      if (a.state !== 'DRAFT') throw conflict('Formulir sudah dikirim');
      const missing: Record<string, string> = {};
      const need: [keyof typeof a, string][] = [
        ['gender', 'Jenis kelamin'],
        ['birthPlace', 'Tempat lahir'],
        ['birthDate', 'Tanggal lahir'],
        ['address', 'Alamat'],
        ['boarding', 'Pilihan mukim'],
        ['previousSchool', 'Sekolah asal'],
      ];
      for (const [key, label] of need) if (!a[key]) missing[key] = `${label} wajib diisi`;
      if (!a.fatherName && !a.motherName && !a.guardianName) missing.motherName = 'Isi nama ayah, ibu atau wali';
      const docs = await repo.documentsOf(tx, id);
      for (const kind of REQUIRED_APPLICANT_DOCUMENTS)
        if (!docs.some((d) => d.kind === kind))
          missing[`documents.${kind}`] = `${APPLICANT_DOCUMENT_LABELS[kind].id} belum diunggah`;
      const first = Object.values(missing)[0];
      if (first) throw badRequest(`Formulir belum lengkap: ${first}`, missing);
      await moveApplicant(tx, applicantActor(actor), id, 'REGISTERED', { note: 'Dikirim oleh pendaftar' });
    });
    return detail(null, id);
  }

  // ---------- documents ----------

  async function upload(
    user: AuthUser | null,
    id: number,
    kind: ApplicantDocumentKind,
    file: { name: string | null; data: Buffer },
    actor: AuditActor,
  ) {
    const mime = assertSupported(file.data);
    if (kind === 'PHOTO' && mime === 'application/pdf')
      throw badRequest('Pas foto harus berupa gambar JPG atau PNG', { file: 'Harus gambar' });
    const data = await normalise(file.data, mime);
    const stored = await files.save(data, { uploadedBy: user?.id ?? null, purpose: 'admission-document' });
    const removed: string[] = [];
    try {
      await db.transaction(async (tx) => {
        const a = await applicantOf(tx, user, id, true);
        if (!user && !EDITABLE_BY_APPLICANT.has(a.state))
          throw conflict('Dokumen tidak dapat diubah lagi setelah diverifikasi; hubungi panitia');
        if (['REREGISTERED', 'WITHDRAWN', 'REJECTED'].includes(a.state))
          throw conflict('Dokumen pendaftar yang sudah selesai tidak dapat diubah');
        const docs = await repo.documentsOf(tx, id);
        if (SINGLE_KINDS.has(kind)) {
          for (const d of docs.filter((d) => d.kind === kind)) {
            await repo.deleteDocument(tx, d.id);
            removed.push(d.storedPath);
          }
        } else if (docs.length >= MAX_DOCUMENTS) {
          throw conflict(`Paling banyak ${MAX_DOCUMENTS} dokumen per pendaftar`);
        }
        const change = {
          action: 'admission.document.upload',
          entityType: 'applicant',
          entityId: id,
          after: (documentId: number) => ({ documentId, kind, mime, size: data.length }),
        };
        await audited(tx, user ? actor : applicantActor(actor), change, () =>
          repo.insertDocument(tx, {
            applicantId: id,
            kind,
            storedPath: stored,
            mime,
            size: data.length,
            originalName: file.name?.slice(0, 200) ?? null,
            uploadedAt: clock.now(),
          }),
        );
      });
    } catch (e) {
      await files.remove(stored);
      throw e;
    }
    for (const name of removed) await files.remove(name);
    return detail(null, id);
  }

  async function documentFile(user: AuthUser | null, id: number, documentId: number) {
    await applicantOf(db, user, id);
    const doc = await repo.findDocument(db, id, documentId);
    if (!doc) throw notFound('Dokumen');
    const ext = doc.mime === 'application/pdf' ? 'pdf' : doc.mime === 'image/png' ? 'png' : 'jpg';
    return {
      data: await files.read(doc.storedPath),
      mime: doc.mime,
      name: `${doc.kind.toLowerCase()}-${doc.id}.${ext}`,
    };
  }

  async function removeDocument(id: number, documentId: number, actor: AuditActor) {
    const doc = await db.transaction(async (tx) => {
      const a = await applicantOf(tx, null, id, true);
      if (!EDITABLE_BY_APPLICANT.has(a.state))
        throw conflict('Dokumen tidak dapat diubah lagi setelah diverifikasi; hubungi panitia');
      const doc = await repo.findDocument(tx, id, documentId);
      if (!doc) throw notFound('Dokumen');
      const change = { action: 'admission.document.delete', entityType: 'applicant', entityId: id };
      await audited(
        tx,
        applicantActor(actor),
        { ...change, before: { documentId: doc.id, kind: doc.kind }, after: null },
        () => repo.deleteDocument(tx, doc.id),
      );
      return doc;
    });
    await files.remove(doc.storedPath);
    return detail(null, id);
  }

  async function checkDocument(
    user: AuthUser,
    id: number,
    documentId: number,
    input: DocumentCheckInput,
    actor: AuditActor,
  ) {
    await db.transaction(async (tx) => {
      const a = await applicantOf(tx, user, id, true);
      if (a.state !== 'REGISTERED' && a.state !== 'VERIFIED')
        throw conflict('Dokumen diperiksa saat pendaftar berstatus terdaftar');
      const doc = await repo.findDocument(tx, id, documentId);
      if (!doc) throw notFound('Dokumen');
      await audited(
        tx,
        actor,
        {
          action: 'admission.document.check',
          entityType: 'applicant',
          entityId: id,
          before: { documentId: doc.id, check: doc.check, note: doc.checkNote },
          after: { documentId: doc.id, check: input.check, note: input.note ?? null },
        },
        () =>
          repo.updateDocument(tx, doc.id, {
            check: input.check,
            checkNote: input.note ?? null,
            checkedByUserId: user.id,
            checkedAt: clock.now(),
          }),
      );
    });
    return detail(null, id);
  }

  // ---------- state moves ----------

  async function move(user: AuthUser, id: number, input: ApplicantMoveInput, actor: AuditActor) {
    await db.transaction(async (tx) => {
      await applicantOf(tx, user, id, true);
      if (input.to === 'VERIFIED') {
        const docs = await repo.documentsOf(tx, id);
        const missing = REQUIRED_APPLICANT_DOCUMENTS.filter((k) => !docs.some((d) => d.kind === k && d.check === 'OK'));
        if (missing.length)
          throw conflict(
            `Belum dapat diverifikasi: ${missing.map((k) => APPLICANT_DOCUMENT_LABELS[k].id).join(', ')} belum dinyatakan sesuai`,
          );
      }
      await moveApplicant(tx, actor, id, input.to, { note: input.note ?? null, expect: input.expect });
    });
    return detail(null, id);
  }

  /**
   * Daftar ulang in one transaction: the student (NIS `{YY}{SEQ4}` of the entry year), the enrolment in a class of
   * the wave's grade and year, this year's bills (finance's rule for a new enrolment), the wave's uang pangkal
   * and the applicant's state with its student and class. Any failure rolls all of it back. An applicant of the
   * internal path (`sourceStudentId`, an SD graduate) keeps their student row: school's `carryGraduateInto` makes it
   * this unit's student with the new NIS instead of a second row (docs/admission.md, "Jalur internal").
   */
  async function reregister(user: AuthUser, id: number, input: ReregisterInput, actor: AuditActor) {
    return guarded(
      () =>
        db.transaction(async (tx) => {
          const a = await applicantOf(tx, user, id, true);
          if (a.state !== 'ACCEPTED') throw conflict('Hanya pendaftar yang diterima dapat daftar ulang');
          const wave = (await repo.findWave(tx, a.waveId))!;
          const cls = await findClassForEnrolment(tx, input.classGroupId);
          if (!cls) throw notFound('Kelas');
          if (
            cls.unitId !== a.unitId ||
            cls.academicYearId !== wave.academicYearId ||
            cls.gradeLevel !== wave.gradeLevel
          )
            throw badRequest(`Pilih kelas ${wave.gradeName} tahun ${wave.academicYearName}`, {
              classGroupId: 'Kelas tidak sesuai gelombang',
            });
          const entryYear = Number(wave.academicYearStart.slice(0, 4));
          await repo.lockNisOfUnit(tx, a.unitId);
          const yy = String(entryYear % 100).padStart(2, '0');
          const nis = nextNis(entryYear, await repo.nisOfUnit(tx, a.unitId, yy));
          // the internal path (an SD graduate into the SMP): one person, one student row, carried over
          let carriedFrom: { studentId: number; unitId: number; nis: string; status: string } | null = null;
          let studentId: number;
          if (a.sourceStudentId !== null) {
            if ((await enrolledInYear(tx, [a.sourceStudentId], wave.academicYearId)).length)
              throw conflict(`${a.name} sudah terdaftar di kelas tahun ${wave.academicYearName}`);
            const before = await carryGraduateInto(tx, a.sourceStudentId, {
              unitId: a.unitId,
              nis,
              boarding: a.boarding,
              program: a.program,
            });
            studentId = a.sourceStudentId;
            carriedFrom = { studentId, unitId: before.unitId, nis: before.nis, status: before.status };
          } else {
            studentId = await repo.insertStudent(tx, {
              unitId: a.unitId,
              nis,
              nisn: a.nisn,
              nik: a.nik,
              name: a.name,
              gender: a.gender,
              birthPlace: a.birthPlace,
              birthDate: a.birthDate,
              religion: a.religion,
              address: a.address,
              fatherName: a.fatherName,
              motherName: a.motherName,
              guardianName: a.guardianName,
              phone: a.phone,
              parentPhone: a.motherPhone ?? a.fatherPhone ?? a.guardianPhone,
              boarding: a.boarding,
              program: a.program,
              entryDate: wave.academicYearStart,
            });
          }
          let { bills: created } = await enrolInTransaction(tx, cls, [studentId], actor);
          if (wave.entryFee > 0 && wave.entryFeeComponentId) {
            const done = await tx
              .insert(bills)
              .values({
                unitId: a.unitId,
                studentId,
                componentId: wave.entryFeeComponentId,
                period: `SPMB ${wave.academicYearName}`,
                amount: wave.entryFee,
                dueDate: clock.today(),
              })
              .onConflictDoNothing()
              .returning({ id: bills.id });
            created += done.length;
          }
          await audited(
            tx,
            actor,
            {
              action: 'admission.applicant.reregister',
              entityType: 'applicant',
              entityId: id,
              // a carried-over graduate: the student row as the old unit held it
              ...(carriedFrom ? { before: { student: carriedFrom } } : {}),
              after: { studentId, nis, classGroupId: cls.id, bills: created, carriedOver: carriedFrom !== null },
            },
            () =>
              moveApplicant(tx, actor, id, 'REREGISTERED', {
                note: input.note ?? `NIS ${nis}, kelas ${cls.name}`,
                set: { studentId, classGroupId: cls.id },
              }),
          );
          return { studentId, nis, classGroupId: cls.id, bills: created };
        }),
      { unique: 'NIS atau NISN sudah dipakai siswa lain; periksa data pendaftar' },
    );
  }

  // ---------- lists ----------

  async function list(user: AuthUser, q: ApplicantListQuery) {
    const page = await repo.listApplicants(db, unitScope(user, q.unitId), q);
    return { ...page, items: page.items.map((r) => ({ ...r, registeredAt: iso(r.registeredAt) })) };
  }

  async function dashboard(user: AuthUser, q: { unitId?: number; waveId?: number }) {
    const unitId = unitScope(user, q.unitId);
    if (q.waveId) await waveOf(db, user, q.waveId);
    const d = await repo.dashboard(db, unitId, q.waveId);
    return { ...d, total: d.perState.reduce((s, r) => s + r.count, 0) };
  }

  return {
    listWaves,
    createWave,
    updateWave,
    deleteWave,
    publicWaves,
    startRegistration,
    createByStaff,
    detail,
    saveForm,
    submit,
    upload,
    documentFile,
    removeDocument,
    checkDocument,
    move,
    reregister,
    list,
    dashboard,
  };
}

export type AdmissionService = ReturnType<typeof createAdmissionService>;

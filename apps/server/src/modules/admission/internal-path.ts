import { randomBytes } from 'node:crypto';
import type { Executor, Transaction } from '../../db/client.ts';
import { audit, type AuditActor } from '../../lib/audit.ts';
import { clock } from '../../lib/clock.ts';
import { badRequest, conflict, notFound } from '../../lib/errors.ts';
import { hashPassword } from '../../lib/passwords.ts';
import * as repo from './admission.repo.ts';

/** A graduate of the foundation offered the internal path, with the identity the school holds of them. */
export interface InternalCandidate {
  id: number;
  name: string;
  nisn: string | null;
  nik: string | null;
  gender: 'L' | 'P' | null;
  birthPlace: string | null;
  birthDate: string | null;
  religion: string | null;
  address: string | null;
  phone: string | null;
  boarding: 'MUKIM' | 'NON_MUKIM' | null;
  program: string | null;
  fatherName: string | null;
  motherName: string | null;
  guardianName: string | null;
  parentPhone: string | null;
}

/** The active internal waves of a year that another unit (not `fromUnitId`) opened. */
export async function internalWavesFor(exec: Executor, academicYearId: number, fromUnitId: number) {
  const rows = await repo.internalWaves(exec, academicYearId, fromUnitId);
  return rows.map((w) => ({ id: w.id, name: w.name, unitName: w.unitName, gradeName: w.gradeName }));
}

/**
 * The internal admission path (jalur internal, issue 40 §4): every candidate gets an application in the internal
 * wave with their identity copied, already ACCEPTED (the state after a passed selection: no test), ready for
 * re-registration by the staff. Once per student and wave: a candidate who has one there is skipped (the wave row is
 * locked, `applicants_wave_source_student_uq` backs it up). The wave must be internal, of another unit, and of the
 * year the graduates enter. Each application has its event and audit entry; no PIN is given out (the staff carry the
 * applications).
 */
export async function offerInternalPath(
  tx: Transaction,
  actor: AuditActor,
  input: { waveId: number; academicYearId: number; fromUnitId: number; fromSchool: string; note: string },
  candidates: InternalCandidate[],
) {
  const wave = await repo.findWave(tx, input.waveId);
  if (!wave) throw notFound('Gelombang');
  const label = `${wave.name} ${wave.unitName}`;
  if (!wave.internal) {
    throw badRequest(`${label} bukan gelombang jalur internal`, { waveId: 'Bukan jalur internal' });
  }
  if (wave.unitId === input.fromUnitId || wave.academicYearId !== input.academicYearId) {
    throw badRequest(`${label} bukan gelombang unit lain untuk tahun pelajaran tujuan`, {
      waveId: 'Gelombang tidak sesuai',
    });
  }
  if (!wave.isActive) throw conflict(`${label} tidak aktif`);
  await repo.lockWave(tx, wave.id);
  const had = await repo.sourceStudentsOfWave(
    tx,
    wave.id,
    candidates.map((c) => c.id),
  );
  const year = Number(wave.academicYearStart.slice(0, 4));
  const now = clock.now();
  // no PIN is given out: the hash of a secret nobody keeps (the staff carry these applications)
  const pinHash = await hashPassword(randomBytes(18).toString('base64url'));
  let created = 0;
  for (const c of candidates) {
    if (had.has(c.id)) continue;
    const seq = await repo.nextRegistrationNo(tx, wave.unitId, year);
    const regNo = `SPMB/${wave.unitCode.toUpperCase()}/${year}/${String(seq).padStart(4, '0')}`;
    // the parents' one phone goes to the parent the school knows by name
    const phoneOf = c.motherName ? 'motherPhone' : c.fatherName ? 'fatherPhone' : 'guardianPhone';
    const row = await repo.insertApplicant(tx, {
      waveId: wave.id,
      unitId: wave.unitId,
      regNo,
      pinHash,
      state: 'ACCEPTED',
      name: c.name,
      nisn: c.nisn,
      nik: c.nik,
      gender: c.gender,
      birthPlace: c.birthPlace,
      birthDate: c.birthDate,
      religion: c.religion,
      address: c.address,
      phone: c.phone,
      boarding: c.boarding,
      program: c.program,
      fatherName: c.fatherName,
      motherName: c.motherName,
      guardianName: c.guardianName,
      [phoneOf]: c.parentPhone,
      previousSchool: input.fromSchool,
      sourceStudentId: c.id,
      registeredAt: now,
      createdByUserId: actor.userId,
    });
    await repo.insertEvent(tx, {
      applicantId: row.id,
      at: now,
      fromState: null,
      toState: 'ACCEPTED',
      note: input.note,
      byUserId: actor.userId,
    });
    await audit(tx, actor, {
      action: 'admission.applicant.create',
      entityType: 'applicant',
      entityId: row.id,
      after: { regNo, waveId: wave.id, name: c.name, internal: true, sourceStudentId: c.id, state: 'ACCEPTED' },
    });
    created++;
  }
  return { created, existing: had.size, waveName: label };
}

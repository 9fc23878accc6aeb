import sharp from 'sharp';
import type { AuthUser, FoundationUpdate, Letterhead, LetterheadQuery } from '@mms/shared';
import type { Database } from '../../db/client.ts';
import { audit, type AuditActor } from '../../lib/audit.ts';
import { clock } from '../../lib/clock.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import { assertUnit } from '../../lib/scope.ts';
import { assertSupported, fileStore } from '../../lib/uploads.ts';
import * as structure from './structure.repo.ts';
import * as repo from './letterhead.repo.ts';

/** A letterhead logo: at most 600×600, PNG (keeps a transparent background), upright, without metadata. */
const LOGO_SIDE = 600;

async function toLogo(data: Buffer): Promise<Buffer> {
  const mime = assertSupported(data);
  if (mime !== 'image/jpeg' && mime !== 'image/png') {
    throw new AppError('VALIDATION_FAILED', 'Logo harus berupa JPG atau PNG', { file: 'Hanya JPG atau PNG' });
  }
  try {
    return await sharp(data, { limitInputPixels: 50_000_000 })
      .rotate()
      .resize({ width: LOGO_SIDE, height: LOGO_SIDE, fit: 'inside', withoutEnlargement: true })
      .png()
      .toBuffer();
  } catch {
    throw new AppError('VALIDATION_FAILED', 'Berkas gambar rusak atau tidak dapat dibaca', { file: 'Gambar rusak' });
  }
}

const logoUrl = (name: string | null) => (name ? `/api/v1/files/logos/${name}` : null);

/**
 * The papers' letterhead and signature: each unit's (its settings) and the foundation's (for papers about
 * every unit); the logos under `uploads/logos/`, re-encoded, served to signed-in staff.
 */
export function createLetterheadService(db: Database, dataDir: string) {
  const files = fileStore(dataDir, 'logos');

  async function letterhead(user: AuthUser, q: LetterheadQuery): Promise<Letterhead> {
    const own = await repo.findFoundation(db);
    const date = clock.today();
    if (q.unitId === undefined) {
      return {
        kind: 'FOUNDATION',
        foundationName: own.name,
        name: own.name,
        npsn: null,
        address: own.address,
        phone: own.phone,
        email: own.email,
        logoUrl: logoUrl(own.logoPath),
        signature: { place: own.city, date, role: 'CHAIR', name: own.chairName, nip: own.chairNip },
      };
    }
    assertUnit(user, q.unitId);
    const unit = await structure.findUnit(db, q.unitId);
    if (!unit) throw notFound('Unit');
    return {
      kind: 'UNIT',
      foundationName: own.name,
      name: unit.name,
      npsn: unit.npsn,
      address: unit.address,
      phone: unit.phone,
      email: unit.email,
      // a unit without its own logo prints the foundation's
      logoUrl: logoUrl(unit.logoPath ?? own.logoPath),
      signature: { place: unit.city, date, role: 'HEADMASTER', name: unit.headmaster, nip: unit.headmasterNip },
    };
  }

  const getFoundation = () => repo.findFoundation(db);

  async function updateFoundation(input: FoundationUpdate, actor: AuditActor) {
    return db.transaction(async (tx) => {
      const before = await repo.findFoundation(tx);
      const after = await repo.updateFoundation(tx, input);
      await audit(tx, actor, {
        action: 'school.foundation.update',
        entityType: 'foundation',
        entityId: 1,
        before,
        after,
      });
      return after;
    });
  }

  /** Replaces a unit's logo (unitId) or the foundation's (null); the old file goes once the new one is saved. */
  async function setLogo(unitId: number | null, data: Buffer | null, actor: AuditActor) {
    const before = unitId === null ? (await repo.findFoundation(db)).logoPath : (await unitOrThrow(unitId)).logoPath;
    if (!data && !before) return; // nothing to remove
    const name = data ? await files.save(await toLogo(data), { uploadedBy: actor.userId, purpose: 'logo' }) : null;
    try {
      await db.transaction(async (tx) => {
        if (unitId === null) await repo.updateFoundation(tx, { logoPath: name });
        else await repo.setUnitLogo(tx, unitId, name);
        await audit(tx, actor, {
          action: name ? 'school.logo.update' : 'school.logo.delete',
          entityType: unitId === null ? 'foundation' : 'unit',
          entityId: unitId ?? 1,
          before: { logoPath: before },
          after: { logoPath: name },
        });
      });
    } catch (err) {
      if (name) await files.remove(name);
      throw err;
    }
    if (before) await files.remove(before);
  }

  async function setUnitLogo(unitId: number, data: Buffer | null, actor: AuditActor) {
    await setLogo(unitId, data, actor);
    return unitOrThrow(unitId);
  }

  async function setFoundationLogo(data: Buffer | null, actor: AuditActor) {
    await setLogo(null, data, actor);
    return repo.findFoundation(db);
  }

  async function unitOrThrow(unitId: number) {
    const unit = await structure.findUnit(db, unitId);
    if (!unit) throw notFound('Unit');
    return unit;
  }

  /** A logo by its stored name, while a unit or the foundation uses it. */
  async function readLogo(name: string) {
    if (!/^[a-f0-9]{32}$/.test(name) || !(await repo.logoInUse(db, name))) throw notFound('Logo');
    return files.read(name);
  }

  return { letterhead, getFoundation, updateFoundation, setUnitLogo, setFoundationLogo, readLogo };
}

export type LetterheadService = ReturnType<typeof createLetterheadService>;

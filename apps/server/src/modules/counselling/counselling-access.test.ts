import { beforeAll, describe, expect, it } from 'vitest';
import { counsellingNotes, psychotests } from '../../db/schema/index.ts';
import { clock } from '../../lib/clock.ts';
import type { AccessKind } from '../access/access.service.ts';
import {
  NONE,
  decide,
  matrixTables,
  ok,
  useMatrixFixture,
  type ExpectedTables,
  type Row,
  type Who,
} from '../access/test-fixtures.ts';

/**
 * The row-access matrix of counselling's kinds (issue 38, part 1), on the fixture of access/test-fixtures.ts: a
 * counselling note (the case) and a psychological test result for each student of the fixture (7X, 7Y, the other
 * unit's 1Z), all written by the fixture's BPBK. A counselling case has no class: "other class" is the unit's.
 */

/** the content: counselling.confidential (BPBK, PRINCIPAL) by unit; ADMIN and YAYASAN never */
const CONTENT: Record<Who, Row> = { ...NONE, BPBK: [ok, ok, 403], PRINCIPAL: [ok, ok, 403] };
/** writes: the counsellor (counselling.manage and counselling.confidential: BPBK) of the unit */
const COUNSELLOR: Record<Who, Row> = { ...NONE, BPBK: [ok, ok, 403] };

const EXPECTED: ExpectedTables = {
  counsellingCase: { read: CONTENT, write: COUNSELLOR },
  psychotest: { read: CONTENT, write: COUNSELLOR },
};

const fx = useMatrixFixture();
const rows = {} as Record<AccessKind, readonly [number, number, number]>;
let deletedNote = 0;

beforeAll(async () => {
  const db = fx.ctx.db;
  const counsellor = fx.signedIn.get('BPBK')!.employeeId!;
  const units = [fx.smp, fx.smp, fx.sd];
  const ids = (list: { id: number }[]) => list.map((r) => r.id) as unknown as readonly [number, number, number];
  const notes = units.map((unitId) => ({
    unitId,
    date: '2030-08-03',
    kind: 'INDIVIDUAL' as const,
    topic: 'PERSONAL' as const,
    discussion: 'Isi',
    counsellorEmployeeId: counsellor,
  }));
  rows.counsellingCase = ids(await db.insert(counsellingNotes).values(notes).returning({ id: counsellingNotes.id }));
  const [deleted] = await db
    .insert(counsellingNotes)
    .values({ ...notes[0]!, deletedAt: clock.now() })
    .returning({ id: counsellingNotes.id });
  deletedNote = deleted!.id;
  rows.psychotest = ids(
    await db
      .insert(psychotests)
      .values(
        fx.students.map((studentId, i) => ({
          unitId: units[i]!,
          studentId,
          date: '2030-08-03',
          instrument: 'IQ' as const,
          testName: 'Tes IQ',
        })),
      )
      .returning({ id: psychotests.id }),
  );
});

describe("the row-access matrix of counselling's kinds: every action x every division x own, other class, other unit", () => {
  matrixTables(fx, EXPECTED, (kind) => rows[kind]);

  it('does not find a deleted note, whoever asks', async () => {
    for (const [who, actor] of fx.actors) {
      for (const action of ['read', 'write'] as const) {
        const cell = await decide(fx, actor, action, 'counsellingCase', deletedNote);
        expect({ who, action, cell }).toEqual({ who, action, cell: 404 });
      }
    }
  });
});

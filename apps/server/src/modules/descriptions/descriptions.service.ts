import type { AuthUser, DescriptionQuery, DescriptionSaveInput, DescriptionSheet, Semester } from '@mms/shared';
import type { Database, Executor } from '../../db/client.ts';
import { actorOfUser } from '../../lib/actor.ts';
import { audit, type AuditActor } from '../../lib/audit.ts';
import { badRequest, notFound } from '../../lib/errors.ts';
import { userCan } from '../../lib/scope.ts';
import { access } from '../access/access.service.ts';
import { accountName } from '../auth/auth.service.ts';
import { sheetKey } from '../grades/grades.access.ts';
import { createLearningObjectivesService } from '../learning-objectives/learning-objectives.service.ts';
import { assertRaporEditable } from '../rapor/rapor-lock.ts';
import * as school from '../school/school.service.ts';
import * as repo from './descriptions.repo.ts';

/**
 * The rapor's achievement descriptions (capaian kompetensi, issue 40 §2): for a class's subject in a semester, each
 * student's drafted text (the learning objectives' mastery and draft) beside the text the subject teacher saved.
 * Who may do what is the access service's score sheet rule: `read` a teacher their own class-subjects and their
 * homeroom class, the unit's leaders (the principal); `edit` (save) the subject's teacher of the class, WAKAKUR and
 * ADMIN. Every save is checked inside its transaction and audited.
 */
export function createDescriptionsService(db: Database) {
  const objectives = createLearningObjectivesService(db);

  async function classOf(classGroupId: number) {
    const cls = await school.findClass(db, classGroupId);
    if (!cls) throw notFound('Kelas');
    return cls;
  }

  async function sheet(user: AuthUser, q: DescriptionQuery): Promise<DescriptionSheet> {
    const actor = actorOfUser(user);
    await access.require(db, actor, 'read', 'scoreSheet', sheetKey(q.classGroupId, q.subjectId));
    const mastery = await objectives.mastery(user, q);
    const [saved, editable] = await Promise.all([
      repo.savedOf(db, q),
      access.allowed(db, actor, 'edit', 'scoreSheet', [sheetKey(q.classGroupId, q.subjectId)]),
    ]);
    const savedOf = new Map(saved.map((s) => [s.studentId, s]));
    const updaters = [...new Set(saved.map((s) => s.updatedByUserId).filter((id): id is number => id !== null))];
    const names = new Map(await Promise.all(updaters.map(async (id) => [id, await accountName(db, id)] as const)));
    return {
      classGroup: { id: mastery.classGroup.id, name: mastery.classGroup.name },
      subject: mastery.subject,
      semester: q.semester,
      kktp: mastery.kktp,
      canEdit: editable.size > 0 && userCan(user, 'descriptions.write'),
      students: mastery.students.map((s) => {
        const mine = savedOf.get(s.studentId);
        return {
          studentId: s.studentId,
          nis: s.nis,
          name: s.name,
          draft: { status: s.draft.status, id: s.draft.id, en: s.draft.en },
          saved: mine
            ? {
                text: mine.text,
                source: mine.source,
                updatedAt: mine.updatedAt.toISOString(),
                updatedBy: mine.updatedByUserId === null ? null : (names.get(mine.updatedByUserId) ?? null),
              }
            : null,
        };
      }),
    };
  }

  /** Saves (inserts or replaces) the descriptions of some students of the sheet; every student of the class. */
  async function save(user: AuthUser, input: DescriptionSaveInput, by: AuditActor) {
    const cls = await classOf(input.classGroupId);
    const subject = await school.findSubject(db, input.subjectId);
    if (!subject) throw notFound('Mata pelajaran');
    const ids = input.entries.map((e) => e.studentId);
    if (new Set(ids).size !== ids.length) {
      throw badRequest('Seorang siswa muncul dua kali', { entries: 'Siswa ganda' });
    }
    return db.transaction(async (tx) => {
      const actor = actorOfUser(user);
      await access.require(tx, actor, 'edit', 'scoreSheet', sheetKey(cls.id, subject.id));
      const members = new Set((await school.studentsEverInClass(tx, cls.id)).map((s) => s.id));
      const stranger = ids.find((id) => !members.has(id));
      if (stranger !== undefined) {
        throw badRequest('Siswa ini bukan anggota kelas', { entries: 'Siswa kelas lain' });
      }
      // a locked rapor changes only through a reopen of the student's subject (issue 40 §3)
      await assertRaporEditable(tx, { ...input, studentIds: ids });
      const before = new Map((await repo.savedOf(tx, input)).map((s) => [s.studentId, s]));
      await repo.upsert(tx, { ...input, academicYearId: cls.academicYearId, userId: user.id }, input.entries);
      for (const e of input.entries) {
        const old = before.get(e.studentId);
        await audit(tx, by, {
          action: 'description.save',
          entityType: 'subject_description',
          entityId: `${cls.id}:${subject.id}:${input.semester}:${e.studentId}`,
          before: old ? { text: old.text, source: old.source } : null,
          after: { text: e.text, source: e.source },
        });
      }
      return { saved: input.entries.length };
    });
  }

  return { sheet, save };
}

/** The descriptions the rapor prints: a student's saved texts of a class and semester, by subject id. */
export function savedDescriptionsOf(exec: Executor, studentId: number, classGroupId: number, semester: Semester) {
  return repo.ofStudent(exec, studentId, classGroupId, semester);
}

/** The descriptions of a whole class's rapors: the saved texts of a class and semester, by student then subject. */
export function savedDescriptionsOfClass(exec: Executor, classGroupId: number, semester: Semester) {
  return repo.ofClass(exec, classGroupId, semester);
}

import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { eq } from 'drizzle-orm';
import { ErrorBody, MAX_DRAW_SEED, RandomDrawQuery, RandomDrawResult } from '@mms/shared';
import type { Database } from '../../db/client.ts';
import { academicYears, classGroups, units } from '../../db/schema/index.ts';
import { badRequest, notFound } from '../../lib/errors.ts';
import { assertUnit, userOf } from '../../lib/scope.ts';
import { activeStudentsOfClass } from '../school/school.service.ts';
import { drawStudents } from './draw.ts';

export const randomDrawRoutes: FastifyPluginAsyncZod<{ db: Database }> = async (app, { db }) => {
  app.get(
    '/',
    {
      config: { access: 'content.manage' },
      schema: {
        tags: ['random-draw'],
        summary:
          'Draw N students of a class, or split the class into N groups; the same seed on the same class list repeats the draw',
        querystring: RandomDrawQuery,
        response: { 200: RandomDrawResult, 400: ErrorBody, 403: ErrorBody, 404: ErrorBody },
      },
    },
    async (request) => {
      const q = request.query;
      const [group] = await db
        .select({
          id: classGroups.id,
          name: classGroups.name,
          unitId: classGroups.unitId,
          unitCode: units.code,
          academicYearName: academicYears.name,
        })
        .from(classGroups)
        .innerJoin(units, eq(units.id, classGroups.unitId))
        .innerJoin(academicYears, eq(academicYears.id, classGroups.academicYearId))
        .where(eq(classGroups.id, q.classGroupId));
      if (!group) throw notFound('Kelas');
      assertUnit(userOf(request), group.unitId);
      const list = (await activeStudentsOfClass(db, group.id, 'id')).map(({ id, nis, name }) => ({ id, nis, name }));
      if (list.length === 0) throw badRequest('Kelas ini belum memiliki siswa');
      if (q.count > list.length) {
        const message = `Jumlah melebihi banyak siswa kelas ini (${list.length})`;
        throw badRequest(message, { count: message });
      }
      const seed = q.seed ?? 1 + Math.floor(Math.random() * MAX_DRAW_SEED);
      const { unitId: _unit, ...classGroup } = group;
      return {
        seed,
        mode: q.mode,
        count: q.count,
        classGroup,
        classSize: list.length,
        groups: drawStudents(list, q.mode, q.count, seed),
      };
    },
  );
};

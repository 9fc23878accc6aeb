import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  Achievement,
  AchievementInput,
  AchievementsQuery,
  AchievementUpdate,
  DisciplineRecap,
  DisciplineRecapQuery,
  DisciplineSettings,
  DisciplineSettingsInput,
  DisciplineThreshold,
  DisciplineThresholdInput,
  DisciplineThresholdUpdate,
  ErrorBody,
  IdParams,
  LedgerEntryInput,
  LedgerParams,
  LedgerQuery,
  OkResponse,
  OwnDiscipline,
  RuleImportQuery,
  RuleImportResult,
  pageOf,
  RuleCatalogue,
  Sanction,
  SanctionConfirmInput,
  SanctionLetter,
  SanctionRejectInput,
  SanctionsQuery,
  SanctionUpdate,
  StudentLedger,
  VerifyResult,
  Violation,
  ViolationInput,
  ViolationRejectInput,
  ViolationRule,
  ViolationRuleInput,
  ViolationRulesQuery,
  ViolationRuleUpdate,
  ViolationsQuery,
  ViolationUpdate,
} from '@mms/shared';
import type { Database } from '../../db/client.ts';
import { actorOf } from '../../lib/audit.ts';
import { badRequest } from '../../lib/errors.ts';
import { userOf } from '../../lib/scope.ts';
import { excelImportRoutes } from '../../lib/excel-import-routes.ts';
import { createDisciplineService } from './discipline.service.ts';
import { createRulesImportService } from './rules-import.service.ts';
import { listWithExportRoutes } from '../../lib/list-routes.ts';
import { ACHIEVEMENT_PAPER, SANCTION_PAPER, VIOLATION_PAPER } from './discipline.export.ts';

const errors = { 400: ErrorBody, 403: ErrorBody, 404: ErrorBody, 409: ErrorBody };
const tags = ['discipline'];

/** The one uploaded file of a multipart request (field "file"). */
async function uploadedFile(request: FastifyRequest) {
  if (!request.isMultipart()) throw badRequest('Kirim berkas sebagai multipart/form-data', { file: 'Wajib' });
  const part = await request.file();
  const data = part ? await part.toBuffer() : null;
  if (!part || !data?.length) throw badRequest('Berkas wajib dipilih', { file: 'Wajib' });
  return { name: part.filename, data };
}

function sendFile(reply: FastifyReply, file: { data: Buffer; mime: string; name: string }) {
  const ascii = file.name.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  return reply
    .header('content-type', file.mime)
    .header('content-disposition', `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(file.name)}`)
    .header('x-content-type-options', 'nosniff')
    .header('cache-control', 'private, no-store')
    .send(file.data);
}

/**
 * Discipline under /api/v1/discipline: the rule catalogue and thresholds, violation reports and their
 * verification, achievements, the point ledger, sanctions (proposed at thresholds) and the leaders' recap.
 */
export const disciplineRoutes: FastifyPluginAsyncZod<{ db: Database; dataDir: string }> = async (
  app,
  { db, dataDir },
) => {
  const discipline = createDisciplineService(db, dataDir);
  const rulesImport = createRulesImportService(db);
  const file = { 200: z.unknown().describe('The file'), ...errors };

  // ---------- catalogue ----------
  app.get(
    '/rules',
    {
      config: { access: 'discipline.record' },
      schema: {
        tags,
        summary: 'The unit’s violation rules, point thresholds and achievement setting',
        querystring: ViolationRulesQuery,
        response: { 200: RuleCatalogue, ...errors },
      },
    },
    async (request) => discipline.catalogue(userOf(request), request.query),
  );
  app.post(
    '/rules',
    {
      config: { access: 'discipline.manage' },
      schema: {
        tags,
        summary: 'Add a violation rule',
        body: ViolationRuleInput,
        response: { 200: ViolationRule, ...errors },
      },
    },
    async (request) => discipline.createRule(userOf(request), request.body, actorOf(request)),
  );
  app.patch(
    '/rules/:id',
    {
      config: { access: 'discipline.manage' },
      schema: {
        tags,
        summary: 'Change a violation rule (reports already made keep their points)',
        params: IdParams,
        body: ViolationRuleUpdate,
        response: { 200: ViolationRule, ...errors },
      },
    },
    async (request) => discipline.updateRule(userOf(request), request.params.id, request.body, actorOf(request)),
  );
  excelImportRoutes(app, {
    path: '/rules/import',
    access: 'discipline.manage',
    tags,
    templateName: 'template-impor-tata-tertib',
    templateSummary: 'The Excel template of the violation catalogue',
    template: () => rulesImport.template(),
    summary: 'Import the violation catalogue (new codes added, known codes updated)',
    querystring: RuleImportQuery,
    result: RuleImportResult,
    run: (user, query, file, actor) => rulesImport.importRules(user, query.unitId, file, actor),
  });
  app.post(
    '/thresholds',
    {
      config: { access: 'discipline.manage' },
      schema: {
        tags,
        summary: 'Add a point threshold and the sanction it proposes',
        body: DisciplineThresholdInput,
        response: { 200: DisciplineThreshold, ...errors },
      },
    },
    async (request) => discipline.createThreshold(userOf(request), request.body, actorOf(request)),
  );
  app.patch(
    '/thresholds/:id',
    {
      config: { access: 'discipline.manage' },
      schema: {
        tags,
        summary: 'Change a point threshold',
        params: IdParams,
        body: DisciplineThresholdUpdate,
        response: { 200: DisciplineThreshold, ...errors },
      },
    },
    async (request) => discipline.updateThreshold(userOf(request), request.params.id, request.body, actorOf(request)),
  );
  app.delete(
    '/thresholds/:id',
    {
      config: { access: 'discipline.manage' },
      schema: { tags, summary: 'Remove a point threshold', params: IdParams, response: { 200: OkResponse, ...errors } },
    },
    async (request) => discipline.removeThreshold(userOf(request), request.params.id, actorOf(request)),
  );
  app.put(
    '/settings',
    {
      config: { access: 'discipline.manage' },
      schema: {
        tags,
        summary: 'Whether achievements take points off, and how many per level',
        body: DisciplineSettingsInput,
        response: { 200: DisciplineSettings, ...errors },
      },
    },
    async (request) => discipline.saveSettings(userOf(request), request.body, actorOf(request)),
  );

  // ---------- violations ----------
  listWithExportRoutes(app, {
    path: '/violations',
    access: 'discipline.read',
    tags,
    summary: 'Violation reports: a teacher’s own; every report of the unit for BPBK and leaders',
    exportSummary: 'The violation list as an Excel file',
    querystring: ViolationsQuery,
    item: Violation,
    list: discipline.listViolations,
    paper: VIOLATION_PAPER,
  });
  app.get(
    '/violations/:id',
    {
      config: { access: 'discipline.read' },
      schema: { tags, summary: 'A violation report', params: IdParams, response: { 200: Violation, ...errors } },
    },
    async (request) => discipline.getViolation(userOf(request), request.params.id),
  );
  app.post(
    '/violations',
    {
      config: { access: 'discipline.record' },
      schema: {
        tags,
        summary: 'Report a violation of a student of the caller’s unit (counts once verified)',
        body: ViolationInput,
        response: { 200: Violation, ...errors },
      },
    },
    async (request) => discipline.reportViolation(userOf(request), request.body, actorOf(request)),
  );
  app.patch(
    '/violations/:id',
    {
      config: { access: 'discipline.record' },
      schema: {
        tags,
        summary: 'Change a report still waiting for verification (its reporter, BPBK or the principal)',
        params: IdParams,
        body: ViolationUpdate,
        response: { 200: Violation, ...errors },
      },
    },
    async (request) => discipline.updateViolation(userOf(request), request.params.id, request.body, actorOf(request)),
  );
  app.post(
    '/violations/:id/evidence',
    {
      config: { access: 'discipline.record' },
      schema: {
        tags,
        summary: 'Attach the evidence (multipart field "file": JPG, PNG or PDF, at most 2 MB)',
        consumes: ['multipart/form-data'],
        params: IdParams,
        response: { 200: Violation, 413: ErrorBody, ...errors },
      },
    },
    async (request) =>
      discipline.attachViolationEvidence(
        userOf(request),
        request.params.id,
        await uploadedFile(request),
        actorOf(request),
      ),
  );
  app.get(
    '/violations/:id/evidence',
    {
      config: { access: 'discipline.read' },
      schema: { tags, summary: 'Download a violation’s evidence', params: IdParams, response: file },
    },
    async (request, reply) => sendFile(reply, await discipline.violationEvidence(userOf(request), request.params.id)),
  );
  app.post(
    '/violations/:id/verify',
    {
      config: { access: 'discipline.manage' },
      schema: {
        tags,
        summary: 'Verify a report: its points enter the ledger and crossed thresholds propose sanctions',
        params: IdParams,
        response: { 200: VerifyResult, ...errors },
      },
    },
    async (request) => discipline.verifyViolation(userOf(request), request.params.id, actorOf(request)),
  );
  app.post(
    '/violations/:id/reject',
    {
      config: { access: 'discipline.manage' },
      schema: {
        tags,
        summary: 'Reject a report, with the reason',
        params: IdParams,
        body: ViolationRejectInput,
        response: { 200: Violation, ...errors },
      },
    },
    async (request) =>
      discipline.rejectViolation(userOf(request), request.params.id, request.body.reason, actorOf(request)),
  );

  // ---------- achievements ----------
  listWithExportRoutes(app, {
    path: '/achievements',
    access: 'counselling.read',
    tags,
    summary: 'Achievements of the unit',
    exportSummary: 'The achievement list as an Excel file',
    querystring: AchievementsQuery,
    item: Achievement,
    list: discipline.listAchievements,
    paper: ACHIEVEMENT_PAPER,
  });
  app.get(
    '/achievements/homeroom',
    {
      config: { access: 'discipline.read' },
      schema: {
        tags,
        summary: 'Achievements of the students of the classes the caller leads as homeroom teacher',
        querystring: AchievementsQuery,
        response: { 200: pageOf(Achievement), ...errors },
      },
    },
    async (request) => discipline.listHomeroomAchievements(userOf(request), request.query),
  );
  app.get(
    '/achievements/:id',
    {
      config: { access: 'counselling.read' },
      schema: { tags, summary: 'An achievement', params: IdParams, response: { 200: Achievement, ...errors } },
    },
    async (request) => discipline.getAchievement(userOf(request), request.params.id),
  );
  app.post(
    '/achievements',
    {
      config: { access: 'counselling.manage' },
      schema: {
        tags,
        summary: 'Record an achievement (its level’s points come off the balance when the unit says so)',
        body: AchievementInput,
        response: { 200: Achievement, ...errors },
      },
    },
    async (request) => discipline.createAchievement(userOf(request), request.body, actorOf(request)),
  );
  app.patch(
    '/achievements/:id',
    {
      config: { access: 'counselling.manage' },
      schema: {
        tags,
        summary: 'Change an achievement (the ledger line written when it was recorded stays)',
        params: IdParams,
        body: AchievementUpdate,
        response: { 200: Achievement, ...errors },
      },
    },
    async (request) => discipline.updateAchievement(userOf(request), request.params.id, request.body, actorOf(request)),
  );
  app.post(
    '/achievements/:id/evidence',
    {
      config: { access: 'counselling.manage' },
      schema: {
        tags,
        summary: 'Attach the evidence (multipart field "file": JPG, PNG or PDF, at most 2 MB)',
        consumes: ['multipart/form-data'],
        params: IdParams,
        response: { 200: Achievement, 413: ErrorBody, ...errors },
      },
    },
    async (request) =>
      discipline.attachAchievementEvidence(
        userOf(request),
        request.params.id,
        await uploadedFile(request),
        actorOf(request),
      ),
  );
  app.get(
    '/achievements/:id/evidence',
    {
      config: { access: 'counselling.read' },
      schema: { tags, summary: 'Download an achievement’s evidence', params: IdParams, response: file },
    },
    async (request, reply) => sendFile(reply, await discipline.achievementEvidence(userOf(request), request.params.id)),
  );

  // ---------- ledger ----------
  app.get(
    '/ledger/:studentId',
    {
      config: { access: 'discipline.read' },
      schema: {
        tags,
        summary: 'A student’s point ledger of a school year, every line with the balance after it',
        params: LedgerParams,
        querystring: LedgerQuery,
        response: { 200: StudentLedger, ...errors },
      },
    },
    async (request) => discipline.ledger(userOf(request), request.params.studentId, request.query.schoolYear),
  );
  app.post(
    '/ledger/:studentId',
    {
      config: { access: 'discipline.manage' },
      schema: {
        tags,
        summary: 'Remission (pemutihan) or a manual adjustment of a student’s points, with the reason',
        params: LedgerParams,
        body: LedgerEntryInput,
        response: { 200: StudentLedger, ...errors },
      },
    },
    async (request) => discipline.addEntry(userOf(request), request.params.studentId, request.body, actorOf(request)),
  );

  // ---------- sanctions ----------
  listWithExportRoutes(app, {
    path: '/sanctions',
    access: 'discipline.read',
    tags,
    summary: 'Sanctions and proposals: a teacher’s classes’ and those they supervise; the unit’s for leaders',
    exportSummary: 'The sanction list as an Excel file',
    querystring: SanctionsQuery,
    item: Sanction,
    list: discipline.listSanctions,
    paper: SANCTION_PAPER,
  });
  app.get(
    '/sanctions/:id',
    {
      config: { access: 'discipline.read' },
      schema: { tags, summary: 'A sanction', params: IdParams, response: { 200: Sanction, ...errors } },
    },
    async (request) => discipline.getSanction(userOf(request), request.params.id),
  );
  app.get(
    '/sanctions/:id/letter',
    {
      config: { access: 'discipline.read' },
      schema: {
        tags,
        summary: 'What the letter to the parents shows (the page prints it on the letterhead)',
        params: IdParams,
        response: { 200: SanctionLetter, ...errors },
      },
    },
    async (request) => discipline.letter(userOf(request), request.params.id),
  );
  app.post(
    '/sanctions/:id/confirm',
    {
      config: { access: 'discipline.manage' },
      schema: {
        tags,
        summary: 'Confirm a proposed sanction, with its dates and supervisor',
        params: IdParams,
        body: SanctionConfirmInput,
        response: { 200: Sanction, ...errors },
      },
    },
    async (request) => discipline.confirmSanction(userOf(request), request.params.id, request.body, actorOf(request)),
  );
  app.post(
    '/sanctions/:id/reject',
    {
      config: { access: 'discipline.manage' },
      schema: {
        tags,
        summary: 'Reject a proposed sanction, with the reason',
        params: IdParams,
        body: SanctionRejectInput,
        response: { 200: Sanction, ...errors },
      },
    },
    async (request) =>
      discipline.rejectSanction(userOf(request), request.params.id, request.body.reason, actorOf(request)),
  );
  app.patch(
    '/sanctions/:id',
    {
      config: { access: 'discipline.manage' },
      schema: {
        tags,
        summary: 'Change a confirmed sanction’s dates and supervisor, or record that it was carried out',
        params: IdParams,
        body: SanctionUpdate,
        response: { 200: Sanction, ...errors },
      },
    },
    async (request) => discipline.updateSanction(userOf(request), request.params.id, request.body, actorOf(request)),
  );

  // ---------- recap and the student's own ----------
  app.get(
    '/recap',
    {
      config: { access: 'discipline.recap' },
      schema: {
        tags,
        summary: 'Verified violations, points and sanctions per class, grade and month',
        querystring: DisciplineRecapQuery,
        response: { 200: DisciplineRecap, ...errors },
      },
    },
    async (request) => discipline.recap(userOf(request), request.query),
  );
  app.get(
    '/me',
    {
      config: { access: 'counselling.self' },
      schema: {
        tags,
        summary: 'The signed-in student’s verified violations, achievements and point ledger',
        response: { 200: OwnDiscipline, ...errors },
      },
    },
    async (request) => discipline.own(userOf(request)),
  );
};

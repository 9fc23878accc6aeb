import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  dbId,
  ErrorBody,
  ExamDeviceInput,
  ExamSavesInput,
  ExamSavesResult,
  OkResponse,
  SelectionAnnouncement,
  SelectionAnswerParams,
  SelectionAttemptDetail,
  SelectionAttemptParams,
  SelectionAttempts,
  SelectionBankTags,
  SelectionCards,
  SelectionCorrectionInput,
  SelectionDecideInput,
  SelectionDecideResult,
  SelectionDrawInput,
  SelectionDrawResult,
  SelectionDraws,
  SelectionPaper,
  SelectionQuestion,
  SelectionQuestionInput,
  SelectionQuestionPage,
  SelectionQuestionsQuery,
  SelectionRanking,
  SelectionWaves,
  SelectionWaveQuery,
  type SelectionRankingRow,
} from '@mms/shared';
import type { Database } from '../../db/client.ts';
import { actorOf } from '../../lib/audit.ts';
import { userOf } from '../../lib/scope.ts';
import { sendXlsx, toXlsx, type XlsxColumn } from '../../lib/xlsx.ts';
import { requestLang } from '../../lib/lang.ts';
import { requireApplicant } from './applicant-session.ts';
import { createSelectionService } from './selection.service.ts';

const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody, 409: ErrorBody };
const tags = ['admission'];
const IdParams = z.object({ id: dbId('Soal seleksi') });
const UnitQuery = z.object({ unitId: dbId('Unit').optional() });
const XLSX = ['application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'];

const RANKING_COLUMNS: XlsxColumn<SelectionRankingRow>[] = [
  { header: { id: 'Peringkat', en: 'Rank' }, value: (r) => r.rank, width: 10 },
  { header: { id: 'No. pendaftaran', en: 'Registration no.' }, value: (r) => r.regNo, width: 22 },
  { header: { id: 'Nama', en: 'Name' }, value: (r) => r.name, width: 30 },
  { header: { id: 'Nilai', en: 'Score' }, value: (r) => r.score, width: 10 },
  {
    header: { id: 'Dalam kuota', en: 'Within quota' },
    value: (r, lang) => (r.withinQuota ? (lang === 'en' ? 'Yes' : 'Ya') : lang === 'en' ? 'No' : 'Tidak'),
    width: 12,
  },
  { header: { id: 'Status', en: 'State' }, value: (r) => r.state, width: 14 },
];

/**
 * The selection test's staff routes under /api/v1/admission/selection: the bank (`admission.questions`), random
 * sets (`admission.questions`), answers and corrections and decisions (`admission.decide`), the ranking, test cards
 * and announcement (`admission.manage`). Every row is checked against the caller's unit.
 */
export const selectionRoutes: FastifyPluginAsyncZod<{ db: Database }> = async (app, { db }) => {
  const s = createSelectionService(db);

  app.get(
    '/questions',
    {
      config: { access: 'admission.questions' },
      schema: {
        tags,
        summary: 'The selection bank of a unit',
        querystring: SelectionQuestionsQuery,
        response: { 200: SelectionQuestionPage, ...errors },
      },
    },
    async (request) => s.listQuestions(userOf(request), request.query),
  );
  app.get(
    '/waves',
    {
      config: { access: 'admission.manage' },
      schema: { tags, summary: 'The waves the selection screens offer', response: { 200: SelectionWaves, ...errors } },
    },
    async (request) => s.waves(userOf(request)),
  );
  app.get(
    '/questions/tags',
    {
      config: { access: 'admission.questions' },
      schema: {
        tags,
        summary: 'The tags of a unit’s selection bank with their counts',
        querystring: UnitQuery,
        response: { 200: SelectionBankTags, ...errors },
      },
    },
    async (request) => s.bankTags(userOf(request), request.query.unitId),
  );
  app.get(
    '/questions/:id',
    {
      config: { access: 'admission.questions' },
      schema: {
        tags,
        summary: 'One selection question (current version, with the key)',
        params: IdParams,
        response: { 200: SelectionQuestion, ...errors },
      },
    },
    async (request) => s.getQuestion(userOf(request), request.params.id),
  );
  app.post(
    '/questions',
    {
      config: { access: 'admission.questions' },
      schema: {
        tags,
        summary: 'Write a selection question',
        body: SelectionQuestionInput,
        response: { 200: SelectionQuestion, ...errors },
      },
    },
    async (request) => s.createQuestion(userOf(request), actorOf(request), request.body),
  );
  app.put(
    '/questions/:id',
    {
      config: { access: 'admission.questions' },
      schema: {
        tags,
        summary: 'Edit a selection question (a new version once drawn)',
        params: IdParams,
        body: SelectionQuestionInput,
        response: { 200: SelectionQuestion, ...errors },
      },
    },
    async (request) => s.updateQuestion(userOf(request), actorOf(request), request.params.id, request.body),
  );
  app.delete(
    '/questions/:id',
    {
      config: { access: 'admission.questions' },
      schema: {
        tags,
        summary: 'Remove a selection question from the bank (drawn sets keep it)',
        params: IdParams,
        response: { 200: OkResponse, ...errors },
      },
    },
    async (request) => s.deleteQuestion(userOf(request), actorOf(request), request.params.id),
  );

  app.get(
    '/draws',
    {
      config: { access: 'admission.questions' },
      schema: {
        tags,
        summary: 'The verified applicants of a wave with their drawn sets and the last seed',
        querystring: SelectionWaveQuery,
        response: { 200: SelectionDraws, ...errors },
      },
    },
    async (request) => s.draws(userOf(request), request.query.waveId),
  );
  app.post(
    '/draws',
    {
      config: { access: 'admission.questions' },
      schema: {
        tags,
        summary: 'Draw random sets by tag counts with a seed (applicants who started keep theirs)',
        body: SelectionDrawInput,
        response: { 200: SelectionDrawResult, ...errors },
      },
    },
    async (request) => s.draw(userOf(request), actorOf(request), request.body),
  );

  app.get(
    '/attempts',
    {
      config: { access: 'admission.decide' },
      schema: {
        tags,
        summary: 'The attempts of a wave with their scores',
        querystring: SelectionWaveQuery,
        response: { 200: SelectionAttempts, ...errors },
      },
    },
    async (request) => s.attempts(userOf(request), request.query.waveId),
  );
  app.get(
    '/attempts/:id',
    {
      config: { access: 'admission.decide' },
      schema: {
        tags,
        summary: 'One attempt: every answer with the key and the score',
        params: SelectionAttemptParams,
        response: { 200: SelectionAttemptDetail, ...errors },
      },
    },
    async (request) => s.attempt(userOf(request), request.params.id),
  );
  app.put(
    '/attempts/:id/answers/:questionId',
    {
      config: { access: 'admission.decide' },
      schema: {
        tags,
        summary: 'Correct one answer’s points with a note (audited)',
        params: SelectionAnswerParams,
        body: SelectionCorrectionInput,
        response: { 200: SelectionAttemptDetail, ...errors },
      },
    },
    async (request) =>
      s.correct(userOf(request), actorOf(request), request.params.id, request.params.questionId, request.body),
  );
  app.post(
    '/attempts/:id/submit',
    {
      config: { access: 'admission.decide' },
      schema: {
        tags,
        summary: 'Submit an attempt still in progress for the applicant',
        params: SelectionAttemptParams,
        response: { 200: SelectionAttemptDetail, ...errors },
      },
    },
    async (request) => s.staffSubmit(userOf(request), actorOf(request), request.params.id),
  );

  app.get(
    '/ranking',
    {
      config: { access: 'admission.manage' },
      schema: {
        tags,
        summary: 'The ranking of a wave with the quota line',
        querystring: SelectionWaveQuery,
        response: { 200: SelectionRanking, ...errors },
      },
    },
    async (request) => s.ranking(userOf(request), request.query.waveId),
  );
  app.get(
    '/ranking/export',
    {
      config: { access: 'admission.manage' },
      schema: {
        tags,
        summary: 'The ranking of a wave as an Excel file',
        querystring: SelectionWaveQuery,
        produces: XLSX,
      },
    },
    async (request, reply) => {
      const ranking = await s.ranking(userOf(request), request.query.waveId);
      const lang = requestLang(request);
      const heading = {
        lang,
        sheet: { id: 'Peringkat', en: 'Ranking' },
        title: { id: 'Peringkat Tes Seleksi', en: 'Selection Test Ranking' },
        filters: [[lang === 'en' ? 'Wave' : 'Gelombang', ranking.wave.name] as const],
      };
      return sendXlsx(reply, 'peringkat-seleksi', await toXlsx(heading, RANKING_COLUMNS, ranking.items));
    },
  );
  app.post(
    '/decisions',
    {
      config: { access: 'admission.decide' },
      schema: {
        tags,
        summary: 'Accept, waitlist or reject applicants of a wave (each move audited)',
        body: SelectionDecideInput,
        response: { 200: SelectionDecideResult, ...errors },
      },
    },
    async (request) => s.decide(userOf(request), actorOf(request), request.body),
  );
  app.get(
    '/cards',
    {
      config: { access: 'admission.manage' },
      schema: {
        tags,
        summary: 'Printable test cards of a wave',
        querystring: SelectionWaveQuery,
        response: { 200: SelectionCards, ...errors },
      },
    },
    async (request) => s.cards(userOf(request), request.query.waveId),
  );
  app.get(
    '/announcement',
    {
      config: { access: 'admission.manage' },
      schema: {
        tags,
        summary: 'The printable announcement of accepted and waitlisted applicants',
        querystring: SelectionWaveQuery,
        response: { 200: SelectionAnnouncement, ...errors },
      },
    },
    async (request) => s.announcement(userOf(request), request.query.waveId),
  );
};

/** The applicant's test under /api/v1/admission/public/test: their own attempt only, from their session. */
export const selectionTestRoutes: FastifyPluginAsyncZod<{ db: Database }> = async (app, { db }) => {
  const s = createSelectionService(db);
  app.get(
    '/',
    {
      config: { access: 'applicant' },
      schema: {
        tags,
        summary: 'The applicant’s test: stage, window, and while in progress the questions and answers',
        response: { 200: SelectionPaper, ...errors },
      },
    },
    async (request) => s.paper(await requireApplicant(db, request)),
  );
  app.post(
    '/start',
    {
      config: { access: 'applicant' },
      schema: {
        tags,
        summary: 'Start the test, or resume it on this device',
        body: ExamDeviceInput,
        response: { 200: SelectionPaper, ...errors },
      },
    },
    async (request) => s.start(await requireApplicant(db, request), request.body.deviceId),
  );
  app.put(
    '/answers',
    {
      config: { access: 'applicant' },
      schema: {
        tags,
        summary: 'Save answers (idempotent by clientSeq)',
        body: ExamSavesInput,
        response: { 200: ExamSavesResult, ...errors },
      },
    },
    async (request) => s.save(await requireApplicant(db, request), request.body),
  );
  app.post(
    '/submit',
    {
      config: { access: 'applicant' },
      schema: {
        tags,
        summary: 'Submit the test',
        response: { 200: z.object({ status: z.string(), submittedAt: z.string() }), ...errors },
      },
    },
    async (request) => s.submit(await requireApplicant(db, request)),
  );
};

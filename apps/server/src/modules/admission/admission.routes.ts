import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  AdmissionDashboard,
  AdmissionDashboardQuery,
  APPLICANT_STATE_LABELS,
  ApplicantDetail,
  ApplicantDocumentParams,
  ApplicantListQuery,
  ApplicantMoveInput,
  ApplicantPage,
  DocumentCheckInput,
  DocumentKindParams,
  ErrorBody,
  IdParams,
  OkResponse,
  ReregisterInput,
  ReregisterResult,
  StaffApplicantCreated,
  StaffApplicantInput,
  ApplicantForm,
  Wave,
  WaveInput,
  WaveList,
  WaveQuery,
  type ApplicantListItem,
} from '@mms/shared';
import type { Database } from '../../db/client.ts';
import { actorOf } from '../../lib/audit.ts';
import { badRequest } from '../../lib/errors.ts';
import { requestLang } from '../../lib/lang.ts';
import { userOf } from '../../lib/scope.ts';
import { collectAll, sendXlsx, toXlsx, type XlsxColumn } from '../../lib/xlsx.ts';
import { createAdmissionService } from './admission.service.ts';

const errors = { 400: ErrorBody, 403: ErrorBody, 404: ErrorBody, 409: ErrorBody };
const tags = ['admission'];
const XLSX = ['application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'];

const LIST_COLUMNS: XlsxColumn<ApplicantListItem>[] = [
  { header: { id: 'No. pendaftaran', en: 'Registration no.' }, value: (r) => r.regNo, width: 22 },
  { header: { id: 'Nama', en: 'Name' }, value: (r) => r.name, width: 30 },
  { header: { id: 'L/P', en: 'Sex' }, value: (r) => r.gender, width: 5 },
  { header: { id: 'Tanggal lahir', en: 'Birth date' }, value: (r) => r.birthDate, width: 12 },
  { header: { id: 'Sekolah asal', en: 'Previous school' }, value: (r) => r.previousSchool, width: 26 },
  { header: { id: 'HP', en: 'Phone' }, value: (r) => r.phone, width: 16 },
  { header: { id: 'Gelombang', en: 'Wave' }, value: (r) => r.waveName, width: 16 },
  { header: { id: 'Status', en: 'State' }, value: (r, lang) => APPLICANT_STATE_LABELS[r.state][lang], width: 16 },
  { header: { id: 'Dokumen sesuai', en: 'Documents OK' }, value: (r) => `${r.documentsOk}/${r.documentsTotal}` },
];

/** The one `file` part of a multipart upload (2 MB limit of the app: 413 beyond it). */
export async function readUpload(request: FastifyRequest) {
  if (!request.isMultipart()) throw badRequest('Kirim berkas sebagai multipart/form-data', { file: 'Wajib' });
  const part = await request.file();
  const data = part ? await part.toBuffer() : null;
  if (!part || !data?.length) throw badRequest('Berkas wajib dipilih', { file: 'Wajib' });
  return { name: part.filename || null, data };
}

/** A stored document, never cached, never sniffed by the browser. */
export function sendDocument(reply: FastifyReply, file: { data: Buffer; mime: string; name: string }) {
  return reply
    .header('content-type', file.mime)
    .header('content-disposition', `inline; filename="${file.name}"`)
    .header('x-content-type-options', 'nosniff')
    .header('cache-control', 'private, no-store')
    .send(file.data);
}

/**
 * The staff's admission under /api/v1/admission (issue 17): waves, applicants (input, edit, list, export,
 * detail), document checks, state moves, decisions, re-registration and the dashboard. Rows of the caller's unit.
 */
export const admissionRoutes: FastifyPluginAsyncZod<{ db: Database; dataDir: string }> = async (
  app,
  { db, dataDir },
) => {
  const admission = createAdmissionService(db, dataDir);
  const manage = { access: 'admission.manage' } as const;

  app.get(
    '/waves',
    {
      config: manage,
      schema: {
        tags,
        summary: 'Waves of the caller’s unit',
        querystring: WaveQuery,
        response: { 200: WaveList, ...errors },
      },
    },
    async (request) => admission.listWaves(userOf(request), request.query),
  );
  app.post(
    '/waves',
    { config: manage, schema: { tags, summary: 'Create a wave', body: WaveInput, response: { 200: Wave, ...errors } } },
    async (request) => admission.createWave(userOf(request), request.body, actorOf(request)),
  );
  app.put(
    '/waves/:id',
    {
      config: manage,
      schema: { tags, summary: 'Change a wave', params: IdParams, body: WaveInput, response: { 200: Wave, ...errors } },
    },
    async (request) => admission.updateWave(userOf(request), request.params.id, request.body, actorOf(request)),
  );
  app.delete(
    '/waves/:id',
    {
      config: manage,
      schema: {
        tags,
        summary: 'Delete a wave without applicants',
        params: IdParams,
        response: { 200: OkResponse, ...errors },
      },
    },
    async (request) => admission.deleteWave(userOf(request), request.params.id, actorOf(request)),
  );

  app.get(
    '/applicants',
    {
      config: manage,
      schema: {
        tags,
        summary: 'Applicants per wave and state, searched and paged',
        querystring: ApplicantListQuery,
        response: { 200: ApplicantPage, ...errors },
      },
    },
    async (request) => admission.list(userOf(request), request.query),
  );
  app.get(
    '/applicants/export',
    {
      config: manage,
      schema: { tags, summary: 'The list as an Excel file', querystring: ApplicantListQuery, produces: XLSX },
    },
    async (request, reply) => {
      const user = userOf(request);
      const rows = await collectAll((page, pageSize) => admission.list(user, { ...request.query, page, pageSize }));
      const lang = requestLang(request);
      const filters: [string, string][] = [];
      if (request.query.state)
        filters.push([lang === 'en' ? 'State' : 'Status', APPLICANT_STATE_LABELS[request.query.state][lang]]);
      if (request.query.q) filters.push([lang === 'en' ? 'Search' : 'Cari', request.query.q]);
      const heading = {
        lang,
        sheet: { id: 'Pendaftar', en: 'Applicants' },
        title: { id: 'Daftar Pendaftar SPMB', en: 'Admission Applicants' },
        filters,
      };
      return sendXlsx(reply, 'pendaftar-spmb', await toXlsx(heading, LIST_COLUMNS, rows));
    },
  );
  app.post(
    '/applicants',
    {
      config: manage,
      schema: {
        tags,
        summary: 'Staff enter an applicant (registered at once; the PIN is answered once)',
        body: StaffApplicantInput,
        response: { 200: StaffApplicantCreated, ...errors },
      },
    },
    async (request) => admission.createByStaff(userOf(request), request.body, actorOf(request)),
  );
  app.get(
    '/applicants/:id',
    {
      config: manage,
      schema: {
        tags,
        summary: 'An applicant with documents and events',
        params: IdParams,
        response: { 200: ApplicantDetail, ...errors },
      },
    },
    async (request, reply) => {
      void reply.header('cache-control', 'no-store');
      return admission.detail(userOf(request), request.params.id);
    },
  );
  app.put(
    '/applicants/:id',
    {
      config: manage,
      schema: {
        tags,
        summary: 'Change an applicant’s form',
        params: IdParams,
        body: ApplicantForm,
        response: { 200: ApplicantDetail, ...errors },
      },
    },
    async (request) => admission.saveForm(userOf(request), request.params.id, request.body, actorOf(request)),
  );
  app.post(
    '/applicants/:id/documents/:kind',
    {
      config: manage,
      schema: {
        tags,
        summary: 'Upload a document for an applicant (multipart "file": JPG, PNG or PDF, at most 2 MB)',
        consumes: ['multipart/form-data'],
        params: IdParams.extend(DocumentKindParams.shape),
        response: { 200: ApplicantDetail, 413: ErrorBody, ...errors },
      },
    },
    async (request) =>
      admission.upload(
        userOf(request),
        request.params.id,
        request.params.kind,
        await readUpload(request),
        actorOf(request),
      ),
  );
  app.get(
    '/applicants/:id/documents/:documentId',
    {
      config: manage,
      schema: {
        tags,
        summary: 'An applicant’s document (no-store)',
        params: ApplicantDocumentParams,
        response: { 200: z.unknown(), ...errors },
      },
    },
    async (request, reply) =>
      sendDocument(reply, await admission.documentFile(userOf(request), request.params.id, request.params.documentId)),
  );
  app.put(
    '/applicants/:id/documents/:documentId/check',
    {
      config: manage,
      schema: {
        tags,
        summary: 'Check a document: OK or REJECTED with a note',
        params: ApplicantDocumentParams,
        body: DocumentCheckInput,
        response: { 200: ApplicantDetail, ...errors },
      },
    },
    async (request) =>
      admission.checkDocument(
        userOf(request),
        request.params.id,
        request.params.documentId,
        request.body,
        actorOf(request),
      ),
  );
  app.post(
    '/applicants/:id/move',
    {
      config: manage,
      schema: {
        tags,
        summary: 'Verify (every required document OK) or withdraw (with a reason)',
        params: IdParams,
        body: ApplicantMoveInput,
        response: { 200: ApplicantDetail, ...errors },
      },
    },
    async (request) => {
      if (request.body.to !== 'VERIFIED' && request.body.to !== 'WITHDRAWN')
        throw badRequest('Keputusan diterima, cadangan atau tidak diterima diambil kepala sekolah', {
          to: 'Bukan wewenang',
        });
      return admission.move(userOf(request), request.params.id, request.body, actorOf(request));
    },
  );
  app.post(
    '/applicants/:id/decision',
    {
      config: { access: 'admission.decide' },
      schema: {
        tags,
        summary: 'Accept, waitlist or reject a tested applicant',
        params: IdParams,
        body: ApplicantMoveInput,
        response: { 200: ApplicantDetail, ...errors },
      },
    },
    async (request) => {
      if (!['ACCEPTED', 'WAITLISTED', 'REJECTED'].includes(request.body.to))
        throw badRequest('Keputusan hanya diterima, cadangan atau tidak diterima', { to: 'Tidak dikenal' });
      return admission.move(userOf(request), request.params.id, request.body, actorOf(request));
    },
  );
  app.post(
    '/applicants/:id/reregister',
    {
      config: manage,
      schema: {
        tags,
        summary: 'Daftar ulang: the student, the enrolment and the first bills in one transaction',
        params: IdParams,
        body: ReregisterInput,
        response: { 200: ReregisterResult, ...errors },
      },
    },
    async (request) => admission.reregister(userOf(request), request.params.id, request.body, actorOf(request)),
  );
  app.get(
    '/dashboard',
    {
      config: manage,
      schema: {
        tags,
        summary: 'Registrations per day and per state',
        querystring: AdmissionDashboardQuery,
        response: { 200: AdmissionDashboard, ...errors },
      },
    },
    async (request) => admission.dashboard(userOf(request), request.query),
  );
};

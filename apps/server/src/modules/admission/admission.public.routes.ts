import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ApplicantDetail,
  ApplicantForm,
  DocumentKindParams,
  ErrorBody,
  OpenWaveList,
  OwnDocumentParams,
  RegisterStartInput,
  RegisterStartResponse,
} from '@mms/shared';
import type { Database } from '../../db/client.ts';
import { actorOf } from '../../lib/audit.ts';
import { requireApplicant, setApplicantCookie } from './applicant-session.ts';
import { createAdmissionService } from './admission.service.ts';
import { readUpload, sendDocument } from './admission.routes.ts';

const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody, 409: ErrorBody };
const tags = ['admission'];
const applicant = { access: 'applicant' } as const;

/**
 * The parents' side under /api/v1/admission/public (issue 17): the open waves, registering (rate-limited), the
 * applicant's own form, documents and "Kirim". Every applicant route reads the applicant from the session only,
 * so no id in a request can reach another applicant.
 */
export const admissionPublicRoutes: FastifyPluginAsyncZod<{
  db: Database;
  dataDir: string;
  cookieSecure: boolean;
  registerPerMinute: number;
}> = async (app, { db, dataDir, cookieSecure, registerPerMinute }) => {
  const admission = createAdmissionService(db, dataDir);

  app.get(
    '/waves',
    {
      config: { access: 'public' },
      schema: { tags, summary: 'Waves open for registration today', response: { 200: OpenWaveList } },
    },
    async () => admission.publicWaves(),
  );
  app.post(
    '/register',
    {
      config: { access: 'public', rateLimit: { max: registerPerMinute, timeWindow: '1 minute' } },
      schema: {
        tags,
        summary: 'Start a registration: a DRAFT applicant, its number and a PIN shown once; signs the applicant in',
        body: RegisterStartInput,
        response: { 200: RegisterStartResponse, 400: ErrorBody, 404: ErrorBody, 429: ErrorBody },
      },
    },
    async (request, reply) => {
      const r = await admission.startRegistration(request.body, actorOf(request));
      const { sessionId, csrfToken } = r.session;
      setApplicantCookie(reply, sessionId, cookieSecure);
      void reply.header('cache-control', 'no-store');
      return {
        applicant: { id: r.id, regNo: r.regNo, name: request.body.name, state: 'DRAFT' as const },
        pin: r.pin,
        csrfToken,
      };
    },
  );
  app.get(
    '/application',
    {
      config: applicant,
      schema: {
        tags,
        summary: 'The signed-in applicant’s own form, documents and events',
        response: { 200: ApplicantDetail, ...errors },
      },
    },
    async (request, reply) => {
      const me = await requireApplicant(db, request);
      void reply.header('cache-control', 'no-store');
      return admission.detail(null, me.applicantId);
    },
  );
  app.put(
    '/application',
    {
      config: applicant,
      schema: {
        tags,
        summary: 'Save the form as a draft (while DRAFT or REGISTERED)',
        body: ApplicantForm,
        response: { 200: ApplicantDetail, ...errors },
      },
    },
    async (request) => {
      const me = await requireApplicant(db, request);
      return admission.saveForm(null, me.applicantId, request.body, actorOf(request));
    },
  );
  app.post(
    '/application/submit',
    {
      config: applicant,
      schema: {
        tags,
        summary: 'Kirim: DRAFT -> REGISTERED when the form and the required documents are there',
        response: { 200: ApplicantDetail, ...errors },
      },
    },
    async (request) => {
      const me = await requireApplicant(db, request);
      return admission.submit(me.applicantId, actorOf(request));
    },
  );
  app.post(
    '/documents/:kind',
    {
      config: applicant,
      schema: {
        tags,
        summary: 'Upload one of the applicant’s documents (multipart "file": JPG, PNG or PDF, at most 2 MB)',
        consumes: ['multipart/form-data'],
        params: DocumentKindParams,
        response: { 200: ApplicantDetail, 413: ErrorBody, ...errors },
      },
    },
    async (request) => {
      const me = await requireApplicant(db, request);
      return admission.upload(null, me.applicantId, request.params.kind, await readUpload(request), actorOf(request));
    },
  );
  app.get(
    '/documents/:documentId',
    {
      config: applicant,
      schema: {
        tags,
        summary: 'One of the applicant’s own documents (no-store)',
        params: OwnDocumentParams,
        response: { 200: z.unknown(), ...errors },
      },
    },
    async (request, reply) => {
      const me = await requireApplicant(db, request);
      return sendDocument(reply, await admission.documentFile(null, me.applicantId, request.params.documentId));
    },
  );
  app.delete(
    '/documents/:documentId',
    {
      config: applicant,
      schema: {
        tags,
        summary: 'Remove one of the applicant’s documents (while DRAFT or REGISTERED)',
        params: OwnDocumentParams,
        response: { 200: ApplicantDetail, ...errors },
      },
    },
    async (request) => {
      const me = await requireApplicant(db, request);
      return admission.removeDocument(me.applicantId, request.params.documentId, actorOf(request));
    },
  );
};

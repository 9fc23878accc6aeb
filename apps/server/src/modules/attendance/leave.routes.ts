import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ErrorBody,
  IdParams,
  LeaveDecisionInput,
  LeaveRequest,
  LeaveRequestInput,
  LeaveRequestsQuery,
  OkResponse,
  pageOf,
} from '@mms/shared';
import { actorOf } from '../../lib/audit.ts';
import { AppError, badRequest } from '../../lib/errors.ts';
import { userOf } from '../../lib/scope.ts';
import type { LeaveService } from './leave.service.ts';

const errors = { 400: ErrorBody, 403: ErrorBody, 404: ErrorBody, 409: ErrorBody, 413: ErrorBody };
const tags = ['leave'];
const EXTENSIONS: Record<string, string> = { 'image/jpeg': 'jpg', 'image/png': 'png', 'application/pdf': 'pdf' };

/** The request's fields and optional `attachment` file, from JSON or multipart/form-data. */
async function readLeaveForm(request: FastifyRequest): Promise<{ input: LeaveRequestInput; file: Buffer | null }> {
  let fields: unknown = request.body;
  let file: Buffer | null = null;
  if (request.isMultipart()) {
    const values: Record<string, string> = {};
    for await (const part of request.parts()) {
      if (part.type === 'file') {
        const data = await part.toBuffer();
        if (part.fieldname !== 'attachment') throw badRequest('Berkas harus dikirim di kolom "attachment"');
        if (data.length > 0) file = data;
      } else {
        values[part.fieldname] = String(part.value);
      }
    }
    fields = values;
  }
  const parsed = LeaveRequestInput.safeParse(fields ?? {});
  if (!parsed.success) {
    const messages: Record<string, string> = {};
    for (const issue of parsed.error.issues) messages[issue.path.join('.') || 'body'] ??= issue.message;
    throw new AppError('VALIDATION_FAILED', 'Data yang dikirim tidak valid', messages);
  }
  return { input: parsed.data, file };
}

export const leaveRoutes: FastifyPluginAsyncZod<{ leave: LeaveService }> = async (app, { leave }) => {
  app.post(
    '/',
    {
      config: { access: 'leave.request' },
      schema: {
        tags,
        summary:
          'File a leave request (sakit/izin) for oneself or a student; JSON, or multipart with an `attachment` (JPG, PNG or PDF, at most 2 MB)',
        consumes: ['application/json', 'multipart/form-data'],
        response: { 200: LeaveRequest, ...errors },
      },
    },
    async (request) => {
      const { input, file } = await readLeaveForm(request);
      return leave.create(userOf(request), input, file, actorOf(request));
    },
  );
  app.get(
    '/',
    {
      config: { access: 'leave.request' },
      schema: {
        tags,
        summary: 'Leave requests: the unit’s for those who decide, otherwise the caller’s own',
        querystring: LeaveRequestsQuery,
        response: { 200: pageOf(LeaveRequest), ...errors },
      },
    },
    async (request) => leave.list(userOf(request), request.query),
  );
  app.get(
    '/:id',
    {
      config: { access: 'leave.request' },
      schema: { tags, summary: 'A leave request', params: IdParams, response: { 200: LeaveRequest, ...errors } },
    },
    async (request) => leave.get(userOf(request), request.params.id),
  );
  app.get(
    '/:id/attachment',
    {
      config: { access: 'leave.request' },
      schema: {
        tags,
        summary: 'The attachment of a leave request (JPG, PNG or PDF), with the same access as the request',
        params: IdParams,
        response: { 200: z.unknown().describe('The file'), ...errors },
      },
    },
    async (request, reply) => {
      const file = await leave.attachment(userOf(request), request.params.id);
      return reply
        .header('content-type', file.mime)
        .header('content-disposition', `attachment; filename="izin-${file.id}.${EXTENSIONS[file.mime] ?? 'bin'}"`)
        .header('x-content-type-options', 'nosniff')
        .header('cache-control', 'private, no-store')
        .send(file.data);
    },
  );
  app.delete(
    '/:id',
    {
      config: { access: 'leave.request' },
      schema: {
        tags,
        summary: 'Withdraw one’s own request while it is pending',
        params: IdParams,
        response: { 200: OkResponse, ...errors },
      },
    },
    async (request) => leave.cancel(userOf(request), request.params.id, actorOf(request)),
  );
  app.post(
    '/:id/decision',
    {
      config: { access: 'leave.decide' },
      schema: {
        tags,
        summary: 'Approve or reject a pending request; approval writes S or I on its school days',
        params: IdParams,
        body: LeaveDecisionInput,
        response: { 200: LeaveRequest, ...errors },
      },
    },
    async (request) => leave.decide(userOf(request), request.params.id, request.body, actorOf(request)),
  );
};

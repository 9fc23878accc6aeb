import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import Fastify, { type FastifyBaseLogger } from 'fastify';
import type pg from 'pg';
import cookie from '@fastify/cookie';
import helmet from '@fastify/helmet';
import multipart from '@fastify/multipart';
import rateLimit from '@fastify/rate-limit';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { jsonSchemaTransform, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { APP_NAME, APP_VERSION, LEAVE_ATTACHMENT_MAX_BYTES } from '@mms/shared';
import { languageOf, renderMessage } from '@mms/shared/i18n';
import type { Config } from './config.ts';
import type { Database } from './db/client.ts';
import { accessPlugin, markPublic } from './lib/access.ts';
import { AppError } from './lib/errors.ts';
import { registerErrorHandling } from './lib/http-errors.ts';
import { metricsPlugin } from './lib/metrics.ts';
import { backupDir } from './backup/scheduled.ts';
import { analyticsRoutes } from './modules/analytics/analytics.routes.ts';
import { refuseHostileText } from './lib/request-guards.ts';
import { attachReadCache, createReadCache, detachReadCache, readYourWrites } from './lib/read-cache.ts';
import { serializerCompiler } from './lib/serializer.ts';
import { testClock } from './lib/test-clock.ts';
import { registerWebApp, sendShell } from './lib/web-app.ts';
import { attendanceRoutes } from './modules/attendance/attendance.routes.ts';
import { auditRoutes } from './modules/audit/audit.routes.ts';
import { outboxRoutes } from './modules/notifications/outbox.routes.ts';
import { authRoutes } from './modules/auth/auth.routes.ts';
import { createAuthService } from './modules/auth/auth.service.ts';
import { counsellingRoutes } from './modules/counselling/counselling.routes.ts';
import { disciplineRoutes } from './modules/discipline/discipline.routes.ts';
import { btqRoutes } from './modules/btq/btq.routes.ts';
import { applicantAuthRoutes } from './modules/admission/applicant-auth.routes.ts';
import { admissionRoutes } from './modules/admission/admission.routes.ts';
import { admissionPublicRoutes } from './modules/admission/admission.public.routes.ts';
import { selectionRoutes, selectionTestRoutes } from './modules/admission/selection.routes.ts';
import { btqProgressRoutes } from './modules/btq-progress/btq-progress.routes.ts';
import { prayerRoutes } from './modules/prayer/prayer.routes.ts';
import { classControlRoutes } from './modules/journal/class-control.routes.ts';
import { journalRoutes } from './modules/journal/journal.routes.ts';
import { materialRoutes } from './modules/journal/material.routes.ts';
import { instrumentRoutes } from './modules/instruments/instruments.routes.ts';
import { questionIoRoutes } from './modules/assessment/question-io.routes.ts';
import { questionRoutes } from './modules/assessment/question.routes.ts';
import { gradesRoutes } from './modules/grades/grades.routes.ts';
import { p5Routes } from './modules/grades/p5.routes.ts';
import { ministryRoutes } from './modules/ministry/ministry.routes.ts';
import { learningObjectivesRoutes } from './modules/learning-objectives/learning-objectives.routes.ts';
import { descriptionsRoutes } from './modules/descriptions/descriptions.routes.ts';
import { assessmentRoutes } from './modules/assessment/assessment.routes.ts';
import { resultsRoutes } from './modules/exam/scoring/results.routes.ts';
import { examScheduleRoutes } from './modules/assessment/exam-schedule.routes.ts';
import { distributionRoutes } from './modules/assessment/distribution.routes.ts';
import { scoringReportRoutes } from './modules/scoring-report/scoring-report.routes.ts';
import { examRoutes } from './modules/exam/exam.routes.ts';
import { financeRoutes } from './modules/finance/finance.routes.ts';
import { financeBooksRoutes } from './modules/finance-books/finance-books.routes.ts';
import { bisyarohRoutes } from './modules/bisyaroh/bisyaroh.routes.ts';
import { financeReportsRoutes } from './modules/finance-reports/finance-reports.routes.ts';
import { studentRecordRoutes } from './modules/student-record/student-record.routes.ts';
import { raporRoutes } from './modules/rapor/rapor.routes.ts';
import { raporUnitRoutes } from './modules/rapor/rapor-unit.routes.ts';
import { promotionRoutes } from './modules/promotion/promotion.routes.ts';
import { extracurricularRoutes } from './modules/extracurricular/extracurricular.routes.ts';
import { financePaymentsRoutes } from './modules/finance-payments/finance-payments.routes.ts';
import { setGrace } from './modules/exam/play/exam.service.ts';
import { schoolRoutes } from './modules/school/school.routes.ts';
import { searchRoutes } from './modules/search/search.routes.ts';
import { timetableRoutes } from './modules/timetable/timetable.routes.ts';
import { legacySystemRoutes, systemRoutes } from './modules/system/system.routes.ts';
import { usersRoutes } from './modules/users/users.routes.ts';
import { contentRoutes } from './modules/content/content.routes.ts';
import { filesRoutes } from './modules/files/files.routes.ts';
import { localBackend, s3Backend, s3SettingsOf } from './lib/storage.ts';
import { configureStorage } from './lib/uploads.ts';
import { randomDrawRoutes } from './modules/random-draw/random-draw.routes.ts';
import { apiTokensRoutes } from './modules/api-tokens/api-tokens.routes.ts';
import { backupsRoutes } from './modules/backups/backups.routes.ts';
import { permissionsRoutes } from './modules/permissions/permissions.routes.ts';
import { createPermissionsService } from './modules/permissions/permissions.service.ts';
import { createApiTokensService } from './modules/api-tokens/api-tokens.service.ts';
import { legacyRoutes } from './modules/legacy/legacy.routes.ts';

// Validation messages in Indonesian, the users' language.
z.config(z.locales.id());

export interface AppDeps {
  config: Config;
  db: Database;
  logger?: FastifyBaseLogger | false;
}

const DEFAULT_WEB_DIST = fileURLToPath(new URL('../../web/dist', import.meta.url));

export async function buildApp({ config, db, logger }: AppDeps) {
  const app = Fastify({
    ...(logger ? { loggerInstance: logger } : { logger: false }),
    genReqId: () => randomUUID(),
    requestIdHeader: false,
    trustProxy: config.TRUST_PROXY,
    bodyLimit: 1024 * 1024,
  }).withTypeProvider<ZodTypeProvider>();

  setGrace(config.EXAM_GRACE_SECONDS);
  // Uploaded files: S3-compatible storage when S3_BUCKET is set, else DATA_DIR/uploads (docs/files.md).
  const s3 = s3SettingsOf(config);
  configureStorage(config.dataDir, s3 ? s3Backend(s3) : localBackend(config.dataDir), db);
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandling(app);
  refuseHostileText(app);
  // the browser suite's per-request clock; a school's server (MMS_DEMO off) never honours it
  if (config.MMS_TEST_CLOCK && config.MMS_DEMO) testClock(app);
  app.addHook('onSend', async (request, reply) => {
    void reply.header('x-request-id', request.id);
    // API answers carry personal data (and /auth/me the CSRF token): no browser or proxy keeps them,
    // unless a route chose its own caching (a student photo, say).
    if (request.url.startsWith('/api/') && !reply.hasHeader('cache-control')) {
      void reply.header('cache-control', 'no-store');
    }
  });

  const auth = createAuthService(db, config);
  const apiTokens = createApiTokensService(db);
  const permissions = createPermissionsService(db);

  if (config.READ_CACHE) {
    const cache = await createReadCache((db.$client as pg.Pool).options, logger || undefined);
    try {
      // Refuses to start when a cached read depends on a table without the change trigger.
      await attachReadCache(db, cache);
    } catch (err) {
      await cache.close();
      throw err;
    }
    app.addHook('onClose', async () => {
      detachReadCache(db, cache);
      await cache.close();
    });
    // Whoever changed something reads it back, without any route or write path knowing.
    readYourWrites(app, db);
  }

  await app.register(cookie);
  await app.register(helmet, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        connectSrc: ["'self'"],
        fontSrc: ["'self'", 'data:'],
        objectSrc: ["'none'"],
        frameAncestors: ["'none'"],
        upgradeInsecureRequests: config.COOKIE_SECURE ? [] : null,
      },
    },
    hsts: config.COOKIE_SECURE,
  });
  await app.register(rateLimit, {
    global: false,
    errorResponseBuilder: (_req, ctx) =>
      new AppError('RATE_LIMITED', 'Terlalu banyak permintaan dari alamat ini, coba lagi sebentar lagi', undefined, {
        'retry-after': String(Math.ceil(ctx.ttl / 1000)),
      }),
  });
  await app.register(accessPlugin, {
    sessions: auth.sessions,
    tokens: apiTokens.resolver,
    permissions: permissions.resolve,
  });
  // GET /metrics (Prometheus) and the request counters behind it: registered before every route it counts.
  await app.register(metricsPlugin, {
    pool: db.$client as pg.Pool,
    token: config.METRICS_TOKEN,
    backupDir: backupDir(config),
  });
  // Uploads: one file per request, read into memory up to the limit (413 beyond it).
  await app.register(multipart, {
    limits: { fileSize: LEAVE_ATTACHMENT_MAX_BYTES, files: 1, fields: 20, fieldSize: 10_000, parts: 21 },
  });

  await app.register(swagger, {
    openapi: {
      info: { title: `${APP_NAME} API`, version: APP_VERSION, description: 'School management API of MMS' },
      components: {
        securitySchemes: {
          session: { type: 'apiKey', in: 'cookie', name: 'mms_session' },
          csrf: { type: 'apiKey', in: 'header', name: 'X-CSRF-Token' },
          bearer: { type: 'http', scheme: 'bearer', description: 'An API token (mms_…), docs/legacy-api.md' },
        },
      },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(async (scope) => {
    markPublic(scope);
    await scope.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: true });
  });

  await app.register(systemRoutes, { prefix: '/api/v1', db });
  await app.register(usersRoutes, { prefix: '/api/v1/users', db, auth });
  await app.register(auditRoutes, { prefix: '/api/v1/audit', db });
  await app.register(randomDrawRoutes, { prefix: '/api/v1/random-draws', db });
  await app.register(outboxRoutes, { prefix: '/api/v1/outbox', db });
  await app.register(schoolRoutes, { prefix: '/api/v1', db, dataDir: config.dataDir });
  await app.register(searchRoutes, { prefix: '/api/v1/search', db });
  await app.register(timetableRoutes, { prefix: '/api/v1/timetable', db });
  await app.register(authRoutes, {
    prefix: '/api/v1/auth',
    auth,
    cookieSecure: config.COOKIE_SECURE,
    ipLimitPerMinute: config.LOGIN_IP_LIMIT_PER_MINUTE,
    permissions: permissions.resolve,
  });
  await app.register(attendanceRoutes, { prefix: '/api/v1', db, dataDir: config.dataDir });
  await app.register(journalRoutes, { prefix: '/api/v1/journals', db });
  await app.register(materialRoutes, { prefix: '/api/v1/materials', db, dataDir: config.dataDir });
  await app.register(questionIoRoutes, { prefix: '/api/v1/questions', db, dataDir: config.dataDir });
  await app.register(questionRoutes, { prefix: '/api/v1/questions', db });
  await app.register(gradesRoutes, { prefix: '/api/v1/scores', db });
  await app.register(p5Routes, { prefix: '/api/v1/p5-projects', db });
  await app.register(ministryRoutes, { prefix: '/api/v1/ministry', db });
  await app.register(learningObjectivesRoutes, { prefix: '/api/v1/learning-objectives', db });
  await app.register(descriptionsRoutes, { prefix: '/api/v1/descriptions', db });
  await app.register(distributionRoutes, { prefix: '/api/v1/assessments', db });
  await app.register(assessmentRoutes, { prefix: '/api/v1/assessments', db });
  await app.register(resultsRoutes, { prefix: '/api/v1/assessments', db });
  await app.register(examScheduleRoutes, { prefix: '/api/v1/exam-schedule', db });
  await app.register(examRoutes, { prefix: '/api/v1/exam', db });
  await app.register(scoringReportRoutes, { prefix: '/api/v1/reports', db });
  await app.register(classControlRoutes, { prefix: '/api/v1/class-control', db });
  await app.register(counsellingRoutes, { prefix: '/api/v1/counselling', db, dataDir: config.dataDir });
  await app.register(instrumentRoutes, { prefix: '/api/v1/instruments', db });
  await app.register(disciplineRoutes, { prefix: '/api/v1/discipline', db, dataDir: config.dataDir });
  await app.register(btqRoutes, { prefix: '/api/v1/btq', db });
  await app.register(prayerRoutes, { prefix: '/api/v1/prayer', db });
  await app.register(analyticsRoutes, { prefix: '/api/v1/analytics', db });
  await app.register(financeRoutes, { prefix: '/api/v1/finance', db });
  await app.register(bisyarohRoutes, { prefix: '/api/v1/bisyaroh', db });
  await app.register(financeBooksRoutes, { prefix: '/api/v1/finance-books', db, dataDir: config.dataDir });
  await app.register(financeReportsRoutes, { prefix: '/api/v1/finance-reports', db });
  await app.register(studentRecordRoutes, { prefix: '/api/v1/student-record', db });
  await app.register(raporRoutes, { prefix: '/api/v1/rapor', db, dataDir: config.dataDir });
  await app.register(raporUnitRoutes, { prefix: '/api/v1/rapor/unit', db, dataDir: config.dataDir });
  await app.register(promotionRoutes, { prefix: '/api/v1/promotions', db });
  await app.register(extracurricularRoutes, { prefix: '/api/v1/extracurriculars', db });
  await app.register(financePaymentsRoutes, { prefix: '/api/v1/finance-payments', db });
  await app.register(btqProgressRoutes, { prefix: '/api/v1/btq-progress', db });
  await app.register(applicantAuthRoutes, {
    prefix: '/api/v1/admission/public',
    db,
    cookieSecure: config.COOKIE_SECURE,
    signInPerMinute: Math.min(config.LOGIN_IP_LIMIT_PER_MINUTE, 30),
  });
  await app.register(admissionPublicRoutes, {
    prefix: '/api/v1/admission/public',
    db,
    dataDir: config.dataDir,
    cookieSecure: config.COOKIE_SECURE,
    registerPerMinute: Math.min(config.LOGIN_IP_LIMIT_PER_MINUTE, 10),
  });
  await app.register(admissionRoutes, { prefix: '/api/v1/admission', db, dataDir: config.dataDir });
  await app.register(filesRoutes, { prefix: '/api/v1/upload-history', db, dataDir: config.dataDir });
  await app.register(selectionRoutes, { prefix: '/api/v1/admission/selection', db });
  await app.register(selectionTestRoutes, { prefix: '/api/v1/admission/public/test', db });
  await app.register(contentRoutes, { prefix: '/api/v1', db, dataDir: config.dataDir });
  await app.register(legacySystemRoutes, { prefix: '/api/legacy' });
  await app.register(apiTokensRoutes, { prefix: '/api/v1/api-tokens', tokens: apiTokens });
  await app.register(backupsRoutes, { prefix: '/api/v1/backups', db, config });
  await app.register(permissionsRoutes, { prefix: '/api/v1/permissions', permissions });
  await app.register(legacyRoutes, {
    prefix: '/api/legacy',
    db,
    auth,
    tokens: apiTokens,
    ipLimitPerMinute: config.LOGIN_IP_LIMIT_PER_MINUTE,
  });

  const webDist = path.resolve(config.WEB_DIST ?? DEFAULT_WEB_DIST);
  const hasWeb = await registerWebApp(app, webDist);
  const shell = sendShell(webDist);

  app.setNotFoundHandler((request, reply) => {
    const pathname = request.url.split('?')[0] ?? '';
    if (pathname.startsWith('/api') || !hasWeb || (request.method !== 'GET' && request.method !== 'HEAD')) {
      const message = renderMessage('Alamat tidak ditemukan', languageOf(request.headers['accept-language']));
      return reply.status(404).send({ error: { code: 'NOT_FOUND', message } });
    }
    return shell(request, reply, pathname);
  });

  return app;
}

export type App = Awaited<ReturnType<typeof buildApp>>;

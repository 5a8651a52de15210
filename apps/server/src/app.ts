import { randomUUID } from 'node:crypto';
import rateLimit from '@fastify/rate-limit';
import compress from '@fastify/compress';
import Fastify, { LogController, type FastifyInstance, type FastifyServerOptions } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { z } from 'zod/mini';
import type { Config } from './config';
import type { Database } from './db/db';
import type { DocJSON } from '@bree/editor';
import type { Identity } from './modules/identity/identity.types';
import { createStorage } from './lib/storage/storage';
import { createAccountDeletion } from './modules/account/deletion.service';
import { deletionRoutes } from './modules/account/deletion.routes';
import { exportRoutes } from './modules/account/export.routes';
import { adminRoutes } from './modules/admin/admin.routes';
import { adminOpsRoutes } from './modules/admin/admin-ops.routes';
import { metricsRoutes, registerHttpMetrics } from './modules/metrics/metrics.routes';
import { aiRoutes } from './modules/ai/ai.routes';
import { chatRoutes } from './modules/chat/chat.routes';
import { checksAiRoutes } from './modules/checks/checks-ai.routes';
import { filesManageRoutes } from './modules/files/files-manage.routes';
import { filesRoutes } from './modules/files/files.routes';
import { commentsRoutes } from './modules/comments/comments.routes';
import { grantsRoutes } from './modules/grants/grants.routes';
import { suggestionsRoutes } from './modules/suggestions/suggestions.routes';
import { filesTrashRoutes } from './modules/files/files-trash.routes';
import { feedbackRoutes } from './modules/feedback/feedback.routes';
import { publicImagesRoutes } from './modules/images/images-public.routes';
import { imagesRoutes } from './modules/images/images.routes';
import { publishingPageRoutes } from './modules/publishing/publishing-page.routes';
import { publishingRoutes } from './modules/publishing/publishing.routes';
import { searchRoutes } from './modules/search/search.routes';
import { sharePageRoutes } from './modules/shares/shares-page.routes';
import { sharesRoutes } from './modules/shares/shares.routes';
import { presenceRoutes } from './modules/presence/presence.routes';
import { semanticRoutes } from './modules/search/semantic/semantic.routes';
import { systemRoutes } from './modules/system/system.routes';
import { createPreviewImages } from './modules/site/site.preview';
import { siteRoutes } from './modules/site/site.routes';
import { registerSpa } from './modules/site/site.spa';
import { presentPublicConfig } from './modules/system/system.public-config';
import { voiceRoutes } from './modules/voice/voice.routes';
import { versionsRoutes } from './modules/versions/versions.routes';
import { tenantsRoutes } from './modules/tenants/tenants.routes';
import { billingRoutes } from './modules/billing/billing.routes';
import { usageRoutes } from './modules/usage/usage.routes';
import { workspacesRoutes } from './modules/workspaces/workspaces.routes';
import { transcriptionRoutes } from './modules/transcription/transcription.routes';
import { registerAdminGuard } from './plugins/admin';
import { registerAuth } from './plugins/auth';
import { registerErrorHandling } from './plugins/errors';
import { registerDepthCheck } from './plugins/depth-check';
import { registerReplay } from './plugins/replay';
import { registerRouteCatalog } from './plugins/route-catalog';
import { registerFramingExceptions, registerSecurityHeaders } from './plugins/security';
import { registerTenancy } from './plugins/tenancy';
import { registerTextCheck } from './plugins/text-check';
import { loggerOptions } from './lib/log';
import { createServices, type Services } from './services';
import { createRateLimitStore } from './modules/rate-limits/rate-limits.store';
import { createLifecycle, type Lifecycle } from './modules/system/system.lifecycle';
import { startTracing } from './lib/tracing/tracing';
import { registerTracingHooks } from './lib/tracing/tracing.http';

export interface AppDeps {
  config: Config;
  database: Database;
  identity: Identity;
  /** Domain services; made from the database when not given. */
  services?: Services;
  /** Pino options, or false to stay quiet (tests). */
  logger?: FastifyServerOptions['logger'];
  /** Whether the process is draining (GET /api/ready answers 503); main.ts begins the drain on a signal. */
  lifecycle?: Lifecycle;
}

/** Builds the whole Bree server: used by main.ts and by every HTTP test. */
export async function buildApp({ config, database, identity, services, logger = false, lifecycle = createLifecycle() }: AppDeps): Promise<FastifyInstance> {
  const app = Fastify({
    logger: logger === false ? false : loggerOptions(typeof logger === 'object' ? logger : {}),
    // Per-request lines only where someone reads them as data; our error handler logs failures either way.
    logController: new LogController({ disableRequestLogging: !config.requestLogs }),
    bodyLimit: config.bodyLimitBytes,
    trustProxy: config.trustProxy,
    requestIdHeader: 'x-request-id',
    genReqId: () => randomUUID(),
    forceCloseConnections: 'idle',
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 1000 },
  });
  // Traces only with OTEL_EXPORTER_OTLP_ENDPOINT (docs/OPERATIONS.md "Traces"); the request's span
  // hook comes first so every later hook and handler runs inside it. The last spans leave on close.
  const tracing = await startTracing({ otlpEndpoint: config.otlpEndpoint });
  if (tracing) app.addHook('onClose', async () => tracing.shutdown());
  registerTracingHooks(app);
  registerRouteCatalog(app);
  // The contracts are zod/mini schemas, which bring no messages of their own: the 400 answer's
  // issue messages come from zod's English locale, set here rather than left to classic zod's import.
  z.config(z.locales.en());
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.addHook('onRequest', async (request, reply) => {
    reply.raw.setHeader('x-request-id', request.id);
  });

  registerErrorHandling(app);
  // First of the preValidation hooks: the text check, tenancy and the replay fingerprint read the body after it.
  registerDepthCheck(app);
  registerTextCheck(app);
  registerSecurityHeaders(app, config);
  registerFramingExceptions(app);
  // Server-rendered pages, feeds, the sitemap and the SPA's pages with their metadata go out compressed
  // like the built files; JSON and event streams are left as they are (a stream must not wait for a block).
  await app.register(compress, { global: true, threshold: 256, encodings: ['br', 'gzip'], customTypes: /^(text\/(html|plain)|application\/(rss\+)?xml)(;|$)/ });
  const appServices = services ?? createServices({ database, config });
  // Every answered request, by the route the router matched (docs/OPERATIONS.md "Metrics").
  registerHttpMetrics(app, appServices.metrics);
  // The installation's AI switch as stored, before the first request asks it; later changes arrive by NOTIFY.
  await appServices.aiSwitch.load();
  await appServices.presence.ready();
  await appServices.dictationReceipts.ready();
  appServices.dictationReceipts.reportErrorsTo((err) => app.log.error({ err }, 'Dictated words could not be written into their document'));
  // Counted in the database: every Bree process behind a load balancer sees the same hits.
  await app.register(rateLimit, { global: false, store: createRateLimitStore({ counters: appServices.rateLimits }) });

  await identity.register(app);
  registerAuth(app, identity.verifier);
  registerAdminGuard(app, { audit: appServices.adminAudit });
  registerTenancy(app);

  const {
    tenants,
    files,
    search,
    trash,
    saves,
    versions,
    shares,
    ai,
    providers,
    usage,
    billing,
    voice,
    replays,
    aiSetup,
    workspaces,
    feedback,
    admin,
    publishing,
    chat,
    aiChecks,
    transcription,
    semantic,
    heavyWork,
    notifications,
  } = appServices;
  // The embedding tables exist only where pgvector does; without it meaning search says why (once, in the log).
  await semantic.prepare();
  // After auth and tenancy: only a request that may run claims its X-Operation-Id.
  registerReplay(app, replays);
  // Running AI generations stop first, before requests drain: a job is handed back to the queue
  // (an in-process one kept as 'interrupted'); waiting for them would hold a shutdown for minutes.
  app.addHook('preClose', async () => ai.close());
  // A close not begun by a signal (tests, embedding) drains too: readiness answers 503 from here on.
  app.addHook('preClose', async () => lifecycle.beginDrain());
  // Once draining, every answer ends its connection: a browser's keep-alive connection whose request
  // was in flight when the close began would otherwise stay open, and the close wait for it until
  // the shutdown limit forced the process out (exit 1, ten seconds later).
  app.addHook('onSend', async (_request, reply, payload) => {
    if (lifecycle.isDraining()) reply.header('connection', 'close');
    return payload;
  });
  // Dictated words not yet acknowledged by their page are written before the database goes away.
  app.addHook('onClose', async () => appServices.dictationReceipts.flush());
  // Voice analyses running in this process (no job runner) finish before the database goes away.
  app.addHook('onClose', async () => voice.close());
  // After the voice analyses (they may still compute stylometrics): the worker threads end with the app.
  app.addHook('onClose', async () => heavyWork.close());
  // This process's LISTEN connection closes with it (its last sends go out first).
  app.addHook('onClose', async () => notifications?.close());
  app.addHook('onClose', async () => appServices.presence.close());
  notifications?.reportErrorsTo((err) => app.log.warn({ err }, 'LISTEN/NOTIFY between Bree processes failed (a lost connection is opened again)'));
  await app.register(
    async (api) => {
      await api.register(systemRoutes, { config, database, aiSetup, aiSwitch: appServices.aiSwitch, lifecycle });
      await identity.apiRoutes(api);
      await api.register(tenantsRoutes, { service: tenants });
      await api.register(filesRoutes, { files, saves, access: appServices.grants.resolve });
      await api.register(filesManageRoutes, { files });
      await api.register(filesTrashRoutes, { trash });
      await api.register(searchRoutes, { search });
      await api.register(versionsRoutes, { versions, access: appServices.grants.resolve });
      await api.register(aiRoutes, { ai, providers });
      await api.register(usageRoutes, { usage });
      await api.register(billingRoutes, { billing });
      await api.register(voiceRoutes, { voice });
      await api.register(workspacesRoutes, { workspaces, heavyWork, exportImages: appServices.images.forExport });
      await api.register(sharesRoutes, { shares, files });
      await api.register(grantsRoutes, { grants: appServices.grants });
      await api.register(commentsRoutes, { comments: appServices.comments });
      await api.register(suggestionsRoutes, { suggestions: appServices.suggestions });
      await api.register(presenceRoutes, { presence: appServices.presence });
      await api.register(feedbackRoutes, { feedback });
      await api.register(imagesRoutes, { images: appServices.images, access: appServices.grants.resolve });
      await api.register(adminRoutes, { admin, publishingTenant: config.publishingTenant });
      await api.register(adminOpsRoutes, { aiSwitch: appServices.aiSwitch, audit: appServices.adminAudit });
      await api.register(publishingRoutes, { publishing });
      await api.register(chatRoutes, { chat });
      await api.register(checksAiRoutes, { aiChecks });
      await api.register(transcriptionRoutes, { transcription });
      await api.register(semanticRoutes, { semantic });
      await api.register(exportRoutes, { accountExport: appServices.accountExport });
      // Deleting the account needs the sign-in side (identity) beside the modules' services (docs/ACCOUNT.md).
      const deletion = createAccountDeletion({
        db: database.db,
        identity: identity.accountRemoval,
        billing,
        storage: createStorage(config),
        counters: appServices.rateLimits,
        newId: randomUUID,
      });
      await api.register(deletionRoutes, { deletion });
    },
    { prefix: '/api' },
  );
  // This process's metrics for Prometheus, only with METRICS_TOKEN (docs/OPERATIONS.md).
  await app.register(metricsRoutes, { metrics: appServices.metrics, token: config.metricsToken });
  // Public pages rendered on the server answer before the SPA fallback (docs/PUBLIC-SITE.md).
  const previews = createPreviewImages();
  await app.register(sharePageRoutes, { shares, previews });
  await app.register(publishingPageRoutes, { publishing, origin: config.publicUrl, previews });
  await app.register(siteRoutes, { shares, publishing, previews, origin: config.publicUrl });

  // The images of those pages, each under its page's address and only while the page is public (docs/IMAGES.md).
  await app.register(publicImagesRoutes, {
    images: appServices.images,
    shareSource: appServices.shareImageSource,
    postSource: async (category, slug) => {
      const post = config.publishingTenant ? await publishing.findPublished(category, slug) : null;
      return post && config.publishingTenant ? { tenantId: config.publishingTenant, content: post.content as DocJSON } : null;
    },
  });

  await registerSpa(app, { webDistDir: config.webDistDir, publicUrl: config.publicUrl, publicConfig: presentPublicConfig(config) });
  return app;
}

// Kept here for the tests and tools that import them from the app.
export { cacheControlFor, spelledPath } from './modules/site/site.spa';

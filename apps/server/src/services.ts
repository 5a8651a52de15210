import { randomUUID } from 'node:crypto';
import { newBlockId, type DocJSON } from '@bree/editor';
import { monotonicFactory } from 'ulid';
import { loadConfig, type Config } from './config';
import type { Database } from './db/db';
import { createAdminRepository } from './modules/admin/admin.repository';
import { createAdminService } from './modules/admin/admin.service';
import { createAdminAudit } from './modules/admin/admin.audit';
import { createAdminAuditRepository } from './modules/admin/admin-audit.repository';
import { createAiSwitchRepository } from './modules/ai/ai-switch.repository';
import { createAiSwitch, switchedGateway, switchedTranscription } from './modules/ai/ai.switch';
import { createMetrics, type Metrics } from './modules/metrics/metrics';
import { createAiProviderService } from './modules/ai/ai-provider.service';
import { createAiGateway } from './modules/ai/ai.gateway';
import { createEmbeddingGateway } from './modules/ai/ai.embedding';
import { createMeteredAi, createMeteredEmbedding, createMeteredTranscription } from './modules/ai/ai.metered';
import { createJobLookup } from './jobs/leased-queue';
import { createProviderRegistry } from './modules/ai/ai.providers';
import { createModelRunner } from './modules/ai/ai.runner';
import { createTranscriptionGateway } from './modules/ai/ai.transcription';
import { createAiRepository } from './modules/ai/ai.repository';
import { describeAiSetup } from './modules/ai/ai.setup';
import { createNotificationHub } from './db/notifications';
import { createOperationLive } from './modules/ai/operations/operations.live';
import { AI_OPERATION_QUEUE, createOperationQueue } from './modules/ai/operations/operations.queue';
import { createOperationRegistry } from './modules/ai/operations/operations.registry';
import { createOperationRunner } from './modules/ai/operations/operations.runner';
import { createAiService } from './modules/ai/operations/operations.service';
import { createChatRepository } from './modules/chat/chat.repository';
import { createChatService } from './modules/chat/chat.service';
import { createAiChecksService } from './modules/checks/checks-ai.service';
import { createSaveReceipts } from './modules/files/files.save-receipts';
import { createSaveService } from './modules/files/files.save';
import { createFilesPort, imageIdsInJson } from './modules/files/files.port';
import { createFilesService } from './modules/files/files.service';
import { createTrashService } from './modules/files/files.trash';
import { createFeedbackRepository } from './modules/feedback/feedback.repository';
import { createFeedbackService } from './modules/feedback/feedback.service';
import { createImagesRepository } from './modules/images/images.repository';
import { createImagesService } from './modules/images/images.service';
import { createShareImageSource } from './modules/shares/shares.image-source';
import { createStorage } from './lib/storage/storage';
import { createHeavyWork, type HeavyWork } from './lib/workers/heavy-work';
import { createPublishingRepository } from './modules/publishing/publishing.repository';
import { createPublishingService } from './modules/publishing/publishing.service';
import { createSharesRepository } from './modules/shares/shares.repository';
import { createSharesService } from './modules/shares/shares.service';
import { createPeopleServices } from './services.people';
import { verifiedEmails, withImageSweeps } from './services.wiring';
import { createCommentsExport } from './modules/comments/comments.export';
import { createCommentsRepository } from './modules/comments/comments.repository';
import { createReplayService } from './modules/replays/replays.service';
import type { SemanticSearch } from './modules/search/search.ports';
import { createSearchService } from './modules/search/search.service';
import { createTenantsRepository } from './modules/tenants/tenants.repository';
import { createTenantsService } from './modules/tenants/tenants.service';
import { createBillingService } from './modules/billing/billing.service';
import { createProfileNames } from './modules/tenants/profile-names';
import { createMailer } from './lib/mailer';
import { createStripeGateway } from './modules/billing/billing.stripe';
import { createUsageReport } from './modules/usage/usage.report';
import { createUsageService } from './modules/usage/usage.service';
import { createVoiceQueue } from './modules/voice/voice.queue';
import { createVoiceRepository } from './modules/voice/voice.repository';
import { createVoiceService } from './modules/voice/voice.service';
import { createVersionsService } from './modules/versions/versions.service';
import { createTranscriptionService } from './modules/transcription/transcription.service';
import { createDictationReceipts } from './modules/transcription/transcription.receipts';
import { createRateLimitCounters } from './modules/rate-limits/rate-limits.repository';
import { createSemanticSearch } from './modules/search/semantic/semantic.service';
import { createVariantSink } from './modules/workspaces/workspaces.generation';
import { workspaceDocumentLinks } from './modules/workspaces/workspaces.links';
import { createWorkspacesRepository } from './modules/workspaces/workspaces.repository';
import { createWorkspacesService } from './modules/workspaces/workspaces.service';
import { createAccountExport } from './modules/account/export.service';
import { createChatExportData } from './modules/chat/chat.export-data';
import { createFeedbackExportData } from './modules/feedback/feedback.export-data';
import { createFilesExportData } from './modules/files/files.export-data';
import { createUsageExportData } from './modules/usage/usage.export-data';
import { createVersionsExportData } from './modules/versions/versions.export-data';
import { createVoiceExportData } from './modules/voice/voice.export-data';

/**
 * Every domain service, wired to one database, clock and id generator. Without a config
 * (benchmarks, job tests) AI is unconfigured and the plan is self-hosted. `semanticSearch`
 * replaces Bree's own meaning search (search/semantic) in the search routes (tests give a local one).
 */
export function createServices({
  database,
  config = loadConfig({}),
  now = () => new Date(),
  semanticSearch,
  heavyWork = createHeavyWork({ threads: config.workerThreads }),
  metrics = createMetrics(),
  dictationReceiptWaitMs,
}: {
  database: Database;
  config?: Config;
  now?: () => Date;
  semanticSearch?: SemanticSearch;
  /** The process's worker threads for CPU-heavy work; the app closes it with itself. */
  heavyWork?: HeavyWork;
  /** The process's metrics registry (one per process; tests give their own or take a fresh one). */
  metrics?: Metrics;
  /** How long dictated words wait for the page's acknowledgement (DICTATION_RECEIPT_WAIT_MS; tests wait less). */
  dictationReceiptWaitMs?: number;
}) {
  const db = database.db;
  const newId = monotonicFactory();
  // This process's LISTEN connection and its NOTIFY sends: what other Bree processes must hear at once.
  // Embedded PGlite is one process: nobody else could hear, so its events stay in memory.
  const notifications = database.kind === 'postgres' ? createNotificationHub({ database }) : null;
  // The files module's port: how every other module reads and changes documents (files.port.ts).
  const filesPort = createFilesPort({ db, now, newId });
  metrics.readPoolWith(() => database.poolUse?.() ?? null);
  // The process's AI providers, each built once with its first model, under the one retry policy (ai.retry.ts).
  const aiProviders = createProviderRegistry({ config });
  // The administrators' AI switch: a part switched off answers as one without a provider, in every process (docs/OPERATIONS.md).
  const aiSwitch = createAiSwitch({ repository: createAiSwitchRepository({ query: (text, params) => database.query(text, params) }), hub: notifications, now });
  const providerGateway = createAiGateway({ config, registry: aiProviders });
  const providerTranscriber = createTranscriptionGateway({ config, registry: aiProviders });
  const gateway = switchedGateway(providerGateway, aiSwitch);
  const transcriber = switchedTranscription(providerTranscriber, aiSwitch);
  const aiRepository = createAiRepository({ db });
  // Billing owns each tenant's plan; usage asks it on every reservation (DEFAULT_PLAN while billing is off).
  const usage = createUsageService({
    db,
    plan: config.defaultPlan,
    now,
    planOf: (tenantId) => billing.planOf(tenantId),
    // A settled call may cross a usage notice: billing mails it now, without the call waiting (docs/BILLING.md#notices).
    afterSettle: ({ tenantId }) => billing.noticeAfterCall({ tenantId }),
  });
  const billing = createBillingService({
    db,
    stripe: config.stripe ? createStripeGateway(config.stripe) : null,
    defaultPlan: config.defaultPlan,
    publicUrl: config.publicUrl,
    now,
    usageReport: createUsageReport({ db, documentNames: (args) => filesPort.namesOf(args) }),
    usage,
    // With SMTP_URL the usage notices go by mail too (docs/BILLING.md#notices).
    // To every account with a verified address: a local account's own, else the one an issuer vouched for.
    notices: config.mail ? { mailer: createMailer({ smtpUrl: config.mail.smtpUrl, from: config.mail.from }), emailOf: verifiedEmails({ db }) } : null,
  });
  // Every model call goes through this one runner: tier, voice, hold (reserve) → call → store → settle → record.
  // The voice is asked for at call time: the voice service, made below, writes its style guide through the runner.
  const models = createModelRunner({
    ai: createMeteredAi({ gateway, usage, observe: metrics.aiCall }),
    embedding: createMeteredEmbedding({ embedder: createEmbeddingGateway({ config, registry: aiProviders }), usage, observe: metrics.aiCall }),
    transcription: createMeteredTranscription({ transcriber, usage, observe: metrics.aiCall }),
    voice: (args) => voice.getPromptVoice(args),
  });
  // Search by meaning: passages embedded through the runner, kept in step by the 'search-index' job.
  const semantic = createSemanticSearch({
    query: (text, params) => database.query(text, params),
    embedding: models.embedding,
    now,
  });
  // Queues exist from the start and run work in this process until pg-boss delivers them (jobs.ts).
  const voice = createVoiceService({
    repository: createVoiceRepository({ db, files: filesPort }),
    models,
    queue: createVoiceQueue(),
    now,
    stylometrics: (text) => heavyWork.computeStylometrics(text),
    similarByMeaning: (input) => semantic.similarSamplePassages(input),
    ...(notifications ? { notifications } : {}),
  });
  const registry = createOperationRegistry();
  // Operations running here are followed from other processes, and theirs from here.
  const live = notifications ? createOperationLive({ hub: notifications, registry }) : undefined;
  const workspacesRepository = createWorkspacesRepository({ db, files: filesPort });
  const writer = filesPort.writer;
  // The AI runner stays the one owner of model calls; variant answers go to the workspaces' sink.
  const variants = createVariantSink({ repository: workspacesRepository, writer, newBlockId, now });
  const aiRunner = createOperationRunner({ repository: aiRepository, models, registry, newBlockId, variants });
  // An author's cancel reaches the process that runs the operation, wherever it was asked.
  live?.onCancel((args) => void aiRunner.cancel(args));
  const aiQueue = createOperationQueue({ runner: aiRunner, lookup: createJobLookup({ database, name: AI_OPERATION_QUEUE }) });
  const providers = createAiProviderService({ repository: aiRepository, gateway, now });
  // Images in blob storage (docs/IMAGES.md); their rows go with the documents deleted for good, their bytes into exports.
  const images = createImagesService({ repository: createImagesRepository({ db }), storage: createStorage(config), files: filesPort, now });
  const profileNames = createProfileNames({ db });
  const commentsRepository = createCommentsRepository({ db });
  // Exports carry images' bytes, and the comment threads when the writer asks for them.
  const files = createFilesService({
    db,
    newId,
    now,
    heavyWork,
    links: workspaceDocumentLinks,
    exportImages: images.forExport,
    exportComments: createCommentsExport({ repository: commentsRepository, names: profileNames }),
  });
  const { grants, comments, presence, suggestions } = createPeopleServices({
    db,
    config,
    filesPort,
    notifications,
    commentsRepository,
    profileNames,
    newId,
    now,
  });
  // Dictated words answered to a page wait here for its acknowledgement, or are written into the document (docs/DICTATION.md).
  const dictationReceipts = createDictationReceipts({ hub: notifications, ...(dictationReceiptWaitMs ? { waitMs: dictationReceiptWaitMs } : {}) });
  const trash = withImageSweeps(createTrashService({ db, now, links: workspaceDocumentLinks }), images);
  return {
    /** Rate-limit counters in the database, shared by every Bree process (swept by the maintenance job). */
    rateLimits: createRateLimitCounters({ db }),
    heavyWork,
    /** Which tiers have a provider, their models as authors see them, and what an operator should set. */
    aiSetup: describeAiSetup(config, providerGateway.isConfigured, providerTranscriber.isConfigured()),
    /** The installation's AI switch; the app loads it before serving (ai.switch.ts). */
    aiSwitch,
    /** The admin audit log, written by the admin guard (plugins/admin.ts). */
    adminAudit: createAdminAudit({ repository: createAdminAuditRepository({ query: (text, params) => database.query(text, params) }), newId, now }),
    /** This process's metrics, exported at GET /metrics (docs/OPERATIONS.md). */
    metrics,
    /** Loads the configured AI providers' code ahead of the first call (nothing when no tier is set up). */
    preloadAi: async (): Promise<void> => {
      if (providerGateway.isConfigured('fast') || providerGateway.isConfigured('premium')) await providerGateway.preload();
    },
    admin: createAdminService({ repository: createAdminRepository({ query: (text, params) => database.query(text, params) }), now }),
    publishing: createPublishingService({
      repository: createPublishingRepository({ query: (text, params) => database.query(text, params) }),
      publishingTenant: config.publishingTenant,
      publicUrl: config.publicUrl,
      now,
    }),
    tenants: createTenantsService({ repository: createTenantsRepository({ db, query: (text, params) => database.query(text, params) }), now }),
    files,
    search: createSearchService({ query: (text, params) => database.query(text, params), semantic: semanticSearch ?? semantic, now }),
    trash,
    images,
    /** Who owns a shared page's images and the text that shows them (the page's image addresses). */
    shareImageSource: createShareImageSource({ db }),
    saves: createSaveService({ db, newId, now, heavyWork, onOutcome: metrics.save }),
    saveReceipts: createSaveReceipts({ db, now }),
    replays: createReplayService({ db }),
    versions: createVersionsService({ db, files: filesPort, newId, now }),
    presence,
    shares: createSharesService({
      repository: createSharesRepository({ db }),
      files: filesPort,
      counters: createRateLimitCounters({ db }),
      publicUrl: config.publicUrl,
      now,
    }),
    grants,
    comments,
    suggestions,
    usage,
    billing,
    providers,
    // Attachments in blob storage: files under DATA_DIR, or the S3-compatible store of S3_*.
    feedback: createFeedbackService({ repository: createFeedbackRepository({ db }), storage: createStorage(config), newId, now }),
    voice,
    semantic,
    aiQueue,
    notifications,
    workspaces: createWorkspacesService({
      repository: workspacesRepository,
      files,
      writer,
      models,
      aiRepository,
      queue: aiQueue,
      registry,
      // Plan features are sold through billing; with billing off nobody could buy them, so every tenant has them.
      planOf: billing.enabled ? (tenantId) => billing.planOf(tenantId) : undefined,
      newId,
      newOperationId: randomUUID,
      now,
    }),
    chat: createChatService({ repository: createChatRepository({ db }), models, documents: aiRepository, newId, now }),
    // Checks' one metered AI read of a draft (docs/CHECKS.md "AI checks").
    aiChecks: createAiChecksService({ models, documents: aiRepository }),
    // Dictation: transcription metered in voice minutes, polish as a metered text call in the author's voice.
    transcription: createTranscriptionService({ models, files: filesPort, newBlockId, receipts: dictationReceipts, now }),
    dictationReceipts,
    ai: createAiService({
      repository: aiRepository,
      models,
      registry,
      queue: aiQueue,
      runner: aiRunner,
      newId: randomUUID,
      // An Editor of another account's document runs the assistant on it, metered to themselves.
      grantedOwner: async (args) => (await grants.resolve({ ...args, need: 'edit' })).ownerTenantId,
      ...(live ? { live } : {}),
    }),
    // 'Export all my data': each module's reader of one tenant's rows, streamed into one archive (docs/ACCOUNT.md).
    accountExport: createAccountExport({
      sources: {
        documents: createFilesExportData({ db }),
        versions: createVersionsExportData({ db }),
        chat: createChatExportData({ db }),
        voice: createVoiceExportData({ db }),
        feedback: createFeedbackExportData({ db, storage: createStorage(config) }),
        images: { list: ({ tenantId }) => images.listAll({ tenantId }), bytes: ({ image }) => images.bytesOfRow(image) },
        usage: createUsageExportData({ db }),
      },
      counters: createRateLimitCounters({ db }),
      now,
      // The Markdown links to the archive's image files (documents/<name>/document.md → images/<id>.<ext>).
      toMarkdown: async ({ content, title, tenantId }) => {
        const ids = imageIdsInJson(JSON.stringify(content));
        const byId = ids.length > 0 ? await images.typesForExport({ tenantId, ids }) : {};
        return String((await heavyWork.exportDocument(content as DocJSON, { title, format: 'md', images: { byId, folder: '../../images' } })).body);
      },
    }),
  };
}
export type Services = ReturnType<typeof createServices>;

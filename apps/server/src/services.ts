import { randomUUID } from 'node:crypto';
import { newBlockId } from '@bree/editor';
import { monotonicFactory } from 'ulid';
import { loadConfig, type Config } from './config';
import { createPendingLookup } from './jobs/ai-jobs';
import type { Database } from './db/db';
import { createAiProviderService } from './modules/ai/ai-provider.service';
import { createAiGateway } from './modules/ai/ai.gateway';
import { createOperationRegistry } from './modules/ai/ai.operations';
import { createAiRepository } from './modules/ai/ai.repository';
import { createOperationRunner } from './modules/ai/ai.runner';
import { createAiService } from './modules/ai/ai.service';
import { createSaveAnswers } from './modules/files/files.operations';
import { createSaveService } from './modules/files/files.save';
import { createFilesService } from './modules/files/files.service';
import { createReplayService } from './modules/replays/replays.service';
import { createTenantsRepository } from './modules/tenants/tenants.repository';
import { createTenantsService } from './modules/tenants/tenants.service';
import { createUsageService } from './modules/usage/usage.service';
import { createVoiceRepository } from './modules/voice/voice.repository';
import { createVoiceService } from './modules/voice/voice.service';
import { createVersionsService } from './modules/versions/versions.service';

/**
 * Every domain service, wired to one database, clock and id generator. Without a config
 * (benchmarks, job tests) AI is unconfigured and the plan is self-hosted.
 */
export function createServices({ database, config = loadConfig({}), now = () => new Date() }: { database: Database; config?: Config; now?: () => Date }) {
  const db = database.db;
  const newId = monotonicFactory();
  const gateway = createAiGateway({ config });
  const aiRepository = createAiRepository({ db });
  const usage = createUsageService({ db, plan: config.defaultPlan, now });
  const voice = createVoiceService({ repository: createVoiceRepository({ db }), gateway, usage, now });
  const registry = createOperationRegistry();
  const aiRunner = createOperationRunner({ repository: aiRepository, gateway, usage, registry, newBlockId, voice });
  const providers = createAiProviderService({ repository: aiRepository, gateway, now });
  return {
    tenants: createTenantsService({ repository: createTenantsRepository({ db, query: (text, params) => database.query(text, params) }), now }),
    files: createFilesService({ db, newId, now }),
    saves: createSaveService({ db, newId, now }),
    saveAnswers: createSaveAnswers({ db, now }),
    replays: createReplayService({ db }),
    versions: createVersionsService({ db, newId, now }),
    usage,
    providers,
    voice,
    aiRunner,
    ai: createAiService({
      repository: aiRepository,
      gateway,
      usage,
      registry,
      runner: aiRunner,
      newId: randomUUID,
      queuedAnywhere: createPendingLookup(database),
    }),
  };
}
export type Services = ReturnType<typeof createServices>;

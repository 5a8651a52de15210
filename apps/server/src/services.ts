import { monotonicFactory } from 'ulid';
import type { Database } from './db/db';
import { createSaveService } from './modules/files/files.save';
import { createFilesService } from './modules/files/files.service';
import { createTenantsRepository } from './modules/tenants/tenants.repository';
import { createTenantsService } from './modules/tenants/tenants.service';
import { createVersionsService } from './modules/versions/versions.service';

/** Every domain service, wired to one database, clock and id generator. */
export function createServices({ database, now = () => new Date() }: { database: Database; now?: () => Date }) {
  const db = database.db;
  const newId = monotonicFactory();
  return {
    tenants: createTenantsService({ repository: createTenantsRepository({ db, query: (text, params) => database.query(text, params) }), now }),
    files: createFilesService({ db, newId, now }),
    saves: createSaveService({ db, newId, now }),
    versions: createVersionsService({ db, newId, now }),
  };
}
export type Services = ReturnType<typeof createServices>;

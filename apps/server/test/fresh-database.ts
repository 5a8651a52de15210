// Before each server test file: the test files of a worker share its process and its database
// (vitest.config.ts runs them without isolation, so the server's modules and the database load once
// per worker, not once per file); each file still starts on an empty database, as on a new one.
import { beforeAll } from 'vitest';
import { emptyDatabaseOfEarlierFiles } from './harness';

beforeAll(() => emptyDatabaseOfEarlierFiles());

import { describe, expect, it } from 'vitest';
import { DatabaseClosedError } from './db';
import { isDatabaseUnreachable } from './unreachable';

const withCode = (message: string, code: string) => Object.assign(new Error(message), { code });

describe('isDatabaseUnreachable', () => {
  it('recognises a connection that failed or dropped, a server shutting down, and a closed database', () => {
    const unreachable = [
      withCode('connect ECONNREFUSED 127.0.0.1:5432', 'ECONNREFUSED'),
      withCode('terminating connection due to administrator command', '57P01'),
      withCode('the database system is starting up', '57P03'),
      withCode('sorry, too many clients already', '53300'),
      withCode('cannot execute UPDATE in a read-only transaction', '25006'),
      withCode('connection failure', '08006'),
      new Error('Connection terminated unexpectedly'),
      new Error('timeout exceeded when trying to connect'),
      new Error('Cannot use a pool after calling end on the pool'),
      new Error('PGlite is closed'),
      new DatabaseClosedError(),
      // drizzle reports the driver's error as the cause of its own.
      new Error('Failed query: select 1', { cause: withCode('read ECONNRESET', 'ECONNRESET') }),
    ];
    expect(unreachable.map(isDatabaseUnreachable)).toEqual(unreachable.map(() => true));
  });

  it('leaves statements the database refused, and everything else, as they are', () => {
    const refused = [
      withCode('duplicate key value violates unique constraint', '23505'),
      withCode('syntax error at or near "selec"', '42601'),
      new Error('Failed query: insert', { cause: withCode('value too long', '22001') }),
      new Error('a bug'),
      'not an error',
      null,
    ];
    expect(refused.map(isDatabaseUnreachable)).toEqual(refused.map(() => false));
  });
});

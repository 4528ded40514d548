import { describe, expect, it } from 'vitest';
import { DatabaseUnavailableError, isDatabaseUnavailable } from './unavailable.ts';

const withCode = (code: string, message = 'x') => Object.assign(new Error(message), { code });

describe('isDatabaseUnavailable', () => {
  it('recognises a database that is away: refused or cut sockets, shutdown and start-up SQLSTATEs, a stopped thread', () => {
    for (const error of [
      withCode('ECONNREFUSED'),
      withCode('ECONNRESET'),
      withCode('57P01', 'terminating connection due to administrator command'),
      withCode('57P03', 'the database system is starting up'),
      withCode('08006'),
      new Error('Connection terminated unexpectedly'),
      new Error('timeout exceeded when trying to connect'),
      new DatabaseUnavailableError('the database thread stopped'),
    ]) {
      expect(isDatabaseUnavailable(error), error.message).toBe(true);
    }
  });

  it('looks through what drizzle and Node wrap around the driver’s error', () => {
    const drizzle = new Error('Failed query: select 1', { cause: withCode('57P01') });
    expect(isDatabaseUnavailable(drizzle)).toBe(true);
    const refused = new AggregateError([withCode('ECONNREFUSED'), withCode('ECONNREFUSED')], 'connect failed');
    expect(isDatabaseUnavailable(new Error('Failed query', { cause: refused }))).toBe(true);
  });

  it('leaves faulty queries and other failures to the 500 path', () => {
    for (const error of [
      withCode('22021', 'invalid byte sequence for encoding "UTF8": 0x00'),
      withCode('08P01', 'invalid message format'),
      withCode('42601', 'syntax error at or near "selec"'),
      withCode('23505', 'duplicate key value violates unique constraint'),
      // A server error whose text happens to match is still a server error.
      withCode('XX000', 'Connection terminated by a trigger'),
      new Error('Failed query: select 1', { cause: withCode('42P01') }),
      new TypeError('undefined is not a function'),
      'a string',
      null,
    ]) {
      expect(isDatabaseUnavailable(error)).toBe(false);
    }
  });
});

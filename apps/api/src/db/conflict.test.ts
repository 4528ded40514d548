import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { errorMessage } from '@ecare/shared';
import { registerErrorHandling } from '../plugins/errors.ts';
import { isTransactionConflict } from './conflict.ts';

const withCode = (code: string, message = 'x') => Object.assign(new Error(message), { code });

describe('isTransactionConflict', () => {
  it('recognises a deadlock and a serialization failure, also wrapped as drizzle wraps the driver’s error', () => {
    for (const error of [
      withCode('40P01', 'deadlock detected'),
      withCode('40001', 'could not serialize access due to concurrent update'),
      new Error('Failed query: select … for update', { cause: withCode('40P01', 'deadlock detected') }),
    ]) {
      expect(isTransactionConflict(error), error.message).toBe(true);
    }
  });

  it('leaves other database errors and failures to their own paths', () => {
    for (const error of [withCode('23505'), withCode('57P01'), withCode('ECONNRESET'), new Error('Failed query', { cause: withCode('42P01') }), new Error('40P01'), 'a string', null]) {
      expect(isTransactionConflict(error)).toBe(false);
    }
  });
});

describe('the error handler', () => {
  it('answers a deadlock that escaped 409 DATABASE_CONFLICT, to retry, never 500', async () => {
    const app = Fastify({ logger: false });
    registerErrorHandling(app);
    app.post('/conflict', async () => {
      throw new Error('Failed query: update payment_transactions …', { cause: withCode('40P01', 'deadlock detected') });
    });
    const response = await app.inject({ method: 'POST', url: '/conflict' });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({ code: 'DATABASE_CONFLICT', exceptionMessage: errorMessage('DATABASE_CONFLICT') });
    expect(response.headers['retry-after']).toBe('1');
    await app.close();
  });
});

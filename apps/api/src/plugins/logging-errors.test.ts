import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { REDACTED, serializeError } from './logging.ts';

describe('serializeError', () => {
  it('keeps what explains a failed query and drops its parameters, which can hold a hashed code', () => {
    const cause = Object.assign(new Error('the database system is shutting down'), { code: '57P03', severity: 'FATAL' });
    const error = new Error('Failed query: select 1 from sessions where token_hash = $1\nparams: c2VjcmV0LWhhc2g', { cause });
    const logged = JSON.stringify(serializeError(error));
    expect(logged).not.toContain('c2VjcmV0LWhhc2g');
    expect(logged).toContain(`params: ${REDACTED}`);
    expect(logged).toContain('select 1 from sessions');
    expect(serializeError(error)).toMatchObject({ type: 'Error', cause: { code: '57P03', severity: 'FATAL', message: 'the database system is shutting down' } });
  });

  it('leaves out the driver objects hung on an error', () => {
    const error = Object.assign(new Error('terminating connection due to administrator command'), {
      code: '57P01',
      client: new pg.Client({ connectionString: 'postgres://user:motdepasse@127.0.0.1:5432/base' }),
    });
    const logged = JSON.stringify(serializeError(error));
    expect(logged).not.toContain('motdepasse');
    expect(logged).not.toContain('connectionParameters');
    expect(serializeError(error)).toMatchObject({ code: '57P01', message: 'terminating connection due to administrator command' });
  });

  it('passes anything that is not an error through', () => {
    expect(serializeError('texte')).toBe('texte');
  });
});

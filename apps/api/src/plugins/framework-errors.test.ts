import { connect } from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_ERRORS, apiErrorSchema, LINE_USER_IDS_PARAM_LENGTH } from '@ecare/shared';
import { createTestContext, errorOf, type TestContext } from '../test/harness.ts';

let t: TestContext;
let port: number;
beforeAll(async () => {
  t = await createTestContext();
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  port = (t.app.server.address() as AddressInfo).port;
});
afterAll(() => t.close());

/** Sends raw bytes and reads the whole answer (the server closes the connection). */
function rawRequest(text: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1', () => socket.end(text));
    let answer = '';
    socket.setEncoding('utf8');
    socket.on('data', (chunk: string) => (answer += chunk));
    socket.on('close', () => resolve(answer));
    socket.on('error', reject);
  });
}

const errorInRawAnswer = (answer: string) => apiErrorSchema.parse(JSON.parse(answer.slice(answer.indexOf('\r\n\r\n') + 4)));

describe('faults answered before the error handler', () => {
  it('answers a bad percent-encoding with the catalogue shape, without echoing the URL', async () => {
    const response = await t.get('/api/comptes_facturation/%FE%FF');
    expect(response.statusCode).toBe(400);
    expect(errorOf(response)).toEqual({ code: 'VALIDATION', exceptionMessage: API_ERRORS.VALIDATION.message });
    expect(response.body).not.toContain('%FE');
  });

  it('answers an over-long path parameter with 414', async () => {
    const response = await t.get(`/api/ligne/${'1'.repeat(LINE_USER_IDS_PARAM_LENGTH + 1)}`);
    expect(response.statusCode).toBe(414);
    expect(errorOf(response)).toEqual({ code: 'URI_TOO_LONG', exceptionMessage: API_ERRORS.URI_TOO_LONG.message });
  });

  it('answers oversized headers and malformed requests on the raw connection in French JSON', async () => {
    const huge = await rawRequest(`GET /api/parametres?${'a'.repeat(20_000)} HTTP/1.1\r\nHost: x\r\n\r\n`);
    expect(huge).toMatch(/^HTTP\/1\.1 431 /);
    expect(errorInRawAnswer(huge).code).toBe('HEADERS_TOO_LARGE');

    const malformed = await rawRequest('GET /api/parametres HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: gzip\r\n\r\n');
    expect(malformed).toMatch(/^HTTP\/1\.1 400 /);
    expect(errorInRawAnswer(malformed)).toEqual({ code: 'VALIDATION', exceptionMessage: API_ERRORS.VALIDATION.message });
  });
});

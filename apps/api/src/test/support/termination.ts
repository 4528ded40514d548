import { randomUUID } from 'node:crypto';
import type { LightMyRequestResponse } from 'fastify';
import { eq } from 'drizzle-orm';
import { addMonths, effectiveDateBounds, terminationAttachmentSchema, terminationStatusSchema, type TerminationRequest } from '@ecare/shared';
import { parisDay } from '@ecare/shared/paris-time';
import { contracts } from '../../db/schema.ts';
import { bodyOf, type TestContext } from '../harness.ts';
import { multipartBody, type Part } from '../multipart.ts';

export { FILES, attachmentsFolder, filesIn } from '../multipart.ts';

const XSRF = 'termination-xsrf';

let sent = 0;
/** A different client address per request (a documentation range), as the harness does. */
function nextAddress(): string {
  sent += 1;
  return `203.0.${Math.floor(sent / 250) % 250}.${(sent % 250) + 1}`;
}

/** A multipart request as the page sends it: XSRF pair and bearer token. */
export function sendMultipart(t: TestContext, url: string, parts: readonly Part[], token?: string): Promise<LightMyRequestResponse> {
  const { payload, contentType } = multipartBody(parts);
  return t.app.inject({
    method: 'POST',
    url,
    remoteAddress: nextAddress(),
    cookies: { 'XSRF-TOKEN': XSRF },
    headers: { 'x-xsrf-token': XSRF, 'content-type': contentType, ...(token ? { authorization: `Bearer ${token}` } : {}) },
    payload,
  });
}

/** Uploads a proof for a line: `idContrat` first, then the file. */
export function upload(t: TestContext, token: string, idContrat: number, content: Buffer, filename = 'justificatif.pdf'): Promise<LightMyRequestResponse> {
  return sendMultipart(t, '/api/upload-piece-jointe-resiliation', [
    { name: 'idContrat', value: String(idContrat) },
    { name: 'pieceJointe', filename, type: 'application/pdf', content },
  ], token);
}

export async function uploaded(t: TestContext, token: string, idContrat: number, content: Buffer, filename?: string) {
  const response = await upload(t, token, idContrat, content, filename);
  if (response.statusCode !== 200) throw new Error(`upload refused: ${response.body}`);
  return bodyOf(response, terminationAttachmentSchema);
}

export function deleteProof(t: TestContext, token: string, cle: string): Promise<LightMyRequestResponse> {
  return sendMultipart(t, '/api/delete-uploaded-piece-jointe-resiliation', [{ name: 'cle', value: cle }], token);
}

/** `POST /api/contrat/resilier` with an idempotency key (a new one unless given). */
export function submit(t: TestContext, token: string, body: TerminationRequest, key: string = randomUUID()): Promise<LightMyRequestResponse> {
  return t.app.inject({
    method: 'POST',
    url: '/api/contrat/resilier',
    remoteAddress: nextAddress(),
    cookies: { 'XSRF-TOKEN': XSRF },
    headers: { 'x-xsrf-token': XSRF, authorization: `Bearer ${token}`, 'idempotency-key': key },
    payload: body,
  });
}

export async function submitted(t: TestContext, token: string, body: TerminationRequest, key?: string) {
  const response = await submit(t, token, body, key);
  if (response.statusCode !== 200) throw new Error(`submit refused: ${response.body}`);
  return bodyOf(response, terminationStatusSchema);
}

/** Today in France by the test clock, and the window of effective dates. */
export function daysOf(t: TestContext) {
  const today = parisDay(t.clock.now());
  return { today, ...effectiveDateBounds(today) };
}

/** Sets a line's commitment to end `months` after `from` (no commitment when null), and its porting date. */
export async function setLine(
  t: TestContext,
  idContrat: number,
  fields: { commitmentMonthsAfter?: { from: string; months: number } | null; datePortabiliteSortante?: string | null; codeStatut?: 'ACTIF' | 'EN_COURS' },
): Promise<void> {
  const { commitmentMonthsAfter, ...rest } = fields;
  await t.db
    .update(contracts)
    .set({
      ...rest,
      ...(commitmentMonthsAfter === undefined
        ? {}
        : { dateFinEngagement: commitmentMonthsAfter === null ? null : addMonths(commitmentMonthsAfter.from, commitmentMonthsAfter.months) }),
    })
    .where(eq(contracts.idContrat, idContrat));
}

/** The text of a PDF as pdf.js reads it, on one line, checked for lost characters (test/pdf-text.ts). */
export { pdfText } from '../pdf-text.ts';

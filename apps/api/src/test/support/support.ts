import type { LightMyRequestResponse } from 'fastify';
import type { TestContext } from '../harness.ts';
import { multipartBody, type Part } from '../multipart.ts';

export { FILES, attachmentsFolder, filesIn, multipartBody, type Part } from '../multipart.ts';

/** Text fields as parts, in order. */
export const fields = (values: Record<string, string>): Part[] => Object.entries(values).map(([name, value]) => ({ name, value }));

/** A message every theme check accepts: after-sales, its first sub-theme. */
export const MESSAGE = {
  idTheme: '7',
  idSousTheme: '701',
  objet: 'Écran cassé sur un téléphone de la flotte',
  message: 'Bonjour,\nl’écran du téléphone de notre commercial est fissuré depuis une chute.\nMerci de nous indiquer la marche à suivre.',
} as const;

/** A visitor's identity. */
export const VISITOR = { prenom: 'Claire', nom: 'Fontaine', email: 'claire.fontaine@atelier-fontaine.example', entreprise: 'Atelier Fontaine' } as const;

let sent = 0;
/**
 * A different client address (a benchmarking range), each in a network (/24) of its own, per
 * message, so that the per-address and per-network quotas bite only where a test means them to.
 */
function nextAddress(): string {
  sent += 1;
  return `198.18.${sent % 250}.${(Math.floor(sent / 250) % 250) + 1}`;
}

let visitors = 0;
/** A visitor's identity with an address of its own, so that the per-recipient quota bites only where a test means it to. */
export function freshVisitor(): Omit<typeof VISITOR, 'email'> & { email: string } {
  visitors += 1;
  return { ...VISITOR, email: `claire.fontaine+${visitors}@atelier-fontaine.example` };
}

/** Sends the contact form as the page does: multipart, XSRF pair, a session when given. */
export function sendContact(
  t: TestContext,
  parts: readonly Part[],
  options: { token?: string; ip?: string } = {},
): Promise<LightMyRequestResponse> {
  const { payload, contentType } = multipartBody(parts);
  return t.app.inject({
    method: 'POST',
    url: '/api/faq/envoyerEmail',
    remoteAddress: options.ip ?? nextAddress(),
    cookies: { 'XSRF-TOKEN': 'support-xsrf' },
    headers: {
      'x-xsrf-token': 'support-xsrf',
      'content-type': contentType,
      ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
    },
    payload,
  });
}

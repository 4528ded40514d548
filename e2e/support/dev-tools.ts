import { MFA_TOKEN_HEADER, devMailListSchema, hashConfidentialCode, mfaRequiredSchema, tokenResponseSchema, totpEnrolmentSchema, type DevMail } from '@ecare/shared';
import { expect } from 'vitest';
import type { RunningServer } from './server.ts';
import { ADMIN } from './admin.ts';
import { knownApp, nextAnswer, rememberApp, rememberRecoveryCodes } from './second-factor.ts';

/** The demo administration user (README): the parameter switch wants an administrator's session. */

/** The development mailbox, newest first, read as the shared schema describes it. */
export async function devMails(server: RunningServer): Promise<DevMail[]> {
  return devMailListSchema.parse(await (await fetch(`${server.url}/api/dev/mails`)).json());
}

/** In-app path (with query) of the newest link matching `pattern` in the mailbox of `to`. */
export async function mailedPath(server: RunningServer, to: string, pattern: RegExp): Promise<string> {
  const mails = await devMails(server);
  const link = pattern.exec(mails.find((mail) => mail.destinataire === to)?.texte ?? '')?.[0];
  if (!link) throw new Error(`no link mailed to ${to}`);
  const { pathname, search } = new URL(link);
  return `${pathname}${search}`;
}

/** The XSRF pair as the page holds it: the cookie a first GET sets, and its value for the header. */
async function xsrfPair(server: RunningServer): Promise<{ cookie: string; 'x-xsrf-token': string }> {
  const first = await fetch(`${server.url}/api/parametres`);
  const cookie = first.headers.getSetCookie().find((header) => header.startsWith('XSRF-TOKEN='))?.split(';')[0] ?? '';
  return { cookie, 'x-xsrf-token': decodeURIComponent(cookie.slice('XSRF-TOKEN='.length)) };
}

/** A JSON write to the API as the page makes it: the XSRF cookie from a first GET, echoed in the header. */
export async function sendJson(
  server: RunningServer,
  method: 'POST' | 'PUT',
  path: string,
  body: unknown,
  headers: Record<string, string> = {},
): Promise<Response> {
  return fetch(`${server.url}${path}`, {
    method,
    headers: { ...(await xsrfPair(server)), 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });
}

/** One administrator session per server, opened on first use (before maintenance closes the login). */
const adminSessions = new WeakMap<RunningServer, Promise<string>>();

async function tokenCall(server: RunningServer, form: Record<string, string>): Promise<Response> {
  return fetch(`${server.url}/api/token`, {
    method: 'POST',
    headers: { ...(await xsrfPair(server)), 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(form),
  });
}

/** The administrator's session, through the second step administrators must pass (decision 057). */
async function openAdminSession(server: RunningServer): Promise<string> {
  const first = await tokenCall(server, { username: ADMIN.email, password: await hashConfidentialCode(ADMIN.email, ADMIN.password), grant_type: 'password' });
  expect(first.status).toBe(403);
  const challenge = mfaRequiredSchema.parse(await first.json());
  let answer: Record<string, string>;
  if (challenge.inscriptionRequise || !knownApp(server.url, ADMIN.email)) {
    const enrolment = await sendJson(server, 'POST', '/api/securite/totp/inscription', {}, { [MFA_TOKEN_HEADER]: challenge.mfa_token });
    expect(enrolment.status).toBe(200);
    answer = { grant_type: 'mfa_otp', otp: rememberApp(server.url, ADMIN.email, totpEnrolmentSchema.parse(await enrolment.json()).secret) };
  } else {
    const next = await nextAnswer(server.url, ADMIN.email);
    answer = next.kind === 'totp' ? { grant_type: 'mfa_otp', otp: next.code } : { grant_type: 'mfa_recovery_code', recovery_code: next.code };
  }
  const response = await tokenCall(server, { ...answer, mfa_token: challenge.mfa_token });
  expect(response.status).toBe(200);
  const token = tokenResponseSchema.parse(await response.json());
  if (token.codesDeSecours) rememberRecoveryCodes(server.url, ADMIN.email, token.codesDeSecours);
  return token.access_token;
}

function adminToken(server: RunningServer): Promise<string> {
  let session = adminSessions.get(server);
  if (!session) {
    session = openAdminSession(server);
    adminSessions.set(server, session);
  }
  return session;
}

/** Switches a public server parameter through the development endpoint, as the demo administrator. */
export async function setParameter(server: RunningServer, name: string, value: string): Promise<void> {
  const authorization = `Bearer ${await adminToken(server)}`;
  expect((await sendJson(server, 'PUT', `/api/dev/parametres/${name}`, { value }, { authorization })).status).toBe(200);
}

/** Asks for a forgotten-code link as the page does and returns its in-app path. */
export async function codeLinkFor(server: RunningServer, email: string): Promise<string> {
  expect((await sendJson(server, 'POST', '/api/clients/reset_password', { email })).status).toBe(200);
  return mailedPath(server, email, /https?:\/\/\S+\/creer-code-confidentiel\/[\w-]+/);
}

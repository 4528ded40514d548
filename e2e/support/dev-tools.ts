import { expect } from 'vitest';
import type { RunningServer } from './server.ts';

interface DevMail {
  destinataire: string;
  texte: string;
}

/** In-app path (with query) of the newest link matching `pattern` in the mailbox of `to`. */
export async function mailedPath(server: RunningServer, to: string, pattern: RegExp): Promise<string> {
  const mails = (await (await fetch(`${server.url}/api/dev/mails`)).json()) as DevMail[];
  const link = pattern.exec(mails.find((mail) => mail.destinataire === to)?.texte ?? '')?.[0];
  if (!link) throw new Error(`no link mailed to ${to}`);
  const { pathname, search } = new URL(link);
  return `${pathname}${search}`;
}

/** A JSON write to the API as the page makes it: the XSRF cookie from a first GET, echoed in the header. */
export async function sendJson(server: RunningServer, method: 'POST' | 'PUT', path: string, body: unknown): Promise<Response> {
  const first = await fetch(`${server.url}/api/parametres`);
  const cookie = first.headers.getSetCookie().find((header) => header.startsWith('XSRF-TOKEN='))?.split(';')[0] ?? '';
  return fetch(`${server.url}${path}`, {
    method,
    headers: { cookie, 'x-xsrf-token': decodeURIComponent(cookie.slice('XSRF-TOKEN='.length)), 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
}

/** Switches a public server parameter through the development endpoint. */
export async function setParameter(server: RunningServer, name: string, value: string): Promise<void> {
  expect((await sendJson(server, 'PUT', `/api/dev/parametres/${name}`, { value })).status).toBe(200);
}

/** Asks for a forgotten-code link as the page does and returns its in-app path. */
export async function codeLinkFor(server: RunningServer, email: string): Promise<string> {
  expect((await sendJson(server, 'POST', '/api/clients/reset_password', { email })).status).toBe(200);
  return mailedPath(server, email, /https?:\/\/\S+\/creer-code-confidentiel\/[\w-]+/);
}

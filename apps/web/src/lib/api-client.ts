import { isParameterOn, MAINTENANCE_HEADER } from '@ecare/shared/constants';
import { apiErrorFromBody, ApiError, GENERIC_ERROR_MESSAGE } from './api-error.ts';
import { readCookie } from './cookies.ts';
import { sendEarly, takeEarly } from './early-requests.ts';
import { loadingFailed, loadingStarted, loadingSucceeded, resetLoading } from './loading-counter.ts';
import { getKnownParameters, isMaintenanceOn } from './server-parameters.ts';
import { clearAllStorage, getAccessToken, isSessionValid } from './session-storage.ts';

/** Anything with a zod-like `parse`; a lazy parser may return a promise. */
export interface Parser<T> {
  parse(data: unknown): T | Promise<T>;
}

/**
 * Wraps a schema that is imported on demand, so a route can call the API without putting zod
 * in its first download.
 */
export function lazyParser<T>(load: () => Promise<Parser<T>>): Parser<T> {
  return { parse: async (data) => (await load()).parse(data) };
}

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface ApiRequest<T> {
  method?: HttpMethod;
  /** Sent as JSON. */
  json?: unknown;
  /** Sent as application/x-www-form-urlencoded (the OAuth token call). */
  form?: Record<string, string>;
  schema: Parser<T>;
  signal?: AbortSignal;
  /** A bearer token to send instead of the session's (an agent's own token, decision 032). */
  bearer?: string;
  /** Headers of the call itself (an `Idempotency-Key`). */
  headers?: Record<string, string>;
}

export const XSRF_COOKIE = 'XSRF-TOKEN';
export const XSRF_HEADER = 'X-XSRF-TOKEN';

/** Statuses that have their own error page (spec §8). */
export type StatusPage = 498 | 499;

type Listener<A extends unknown[] = []> = (...args: A) => void;

function listenerSet<A extends unknown[] = []>() {
  const listeners = new Set<Listener<A>>();
  return {
    add(listener: Listener<A>): () => void {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    notify(...args: A): void {
      listeners.forEach((listener) => listener(...args));
    },
  };
}

const unauthorized = listenerSet();
const maintenance = listenerSet();
const statusPages = listenerSet<[StatusPage]>();

// The router registers how to reach each page; the client stays free of routing.
/** A 401 outside maintenance: storage cleared, the login page is due. */
export const onUnauthorized = unauthorized.add;
/** Maintenance flagged by the server: storage cleared, /maintenance is due. */
export const onMaintenance = maintenance.add;
/** A 498 or 499 answer: the loading overlay is stopped, /498 or /499 is due. */
export const onStatusPage = statusPages.add;

function disconnect(): void {
  clearAllStorage();
  unauthorized.notify();
}

export function enterMaintenance(): void {
  clearAllStorage();
  maintenance.notify();
}

const isStatusPage = (status: number): status is StatusPage => status === 498 || status === 499;

const isVersionFile = (path: string) => path.includes('version.json');
const isRelative = (path: string) => path.startsWith('/') && !path.startsWith('//');

export function buildHeaders(path: string, method: HttpMethod, hasJsonBody: boolean, isForm: boolean): Headers {
  const headers = new Headers({ Accept: 'application/json' });
  if (isForm) headers.set('Content-Type', 'application/x-www-form-urlencoded;charset=UTF-8');
  // A body-less POST must not claim a JSON body: strict servers reject an empty JSON body.
  else if (hasJsonBody || method === 'GET') headers.set('Content-Type', 'application/json');

  if (!isVersionFile(path) && isSessionValid()) {
    const token = getAccessToken();
    if (token) headers.set('Authorization', `Bearer ${token}`);
  }
  if (method !== 'GET' && isRelative(path)) {
    const xsrf = readCookie(XSRF_COOKIE);
    if (xsrf) headers.set(XSRF_HEADER, xsrf);
  }
  return headers;
}

async function readJson(response: Response): Promise<unknown> {
  const text = await response.text();
  if (text === '') return null;
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

/** The error of a refused answer, after the spec's reactions to it (maintenance, 401, 498/499). */
export async function failure(response: Response, flaggedMaintenance: boolean): Promise<ApiError> {
  const error = apiErrorFromBody(response.status, await readJson(response));
  if (flaggedMaintenance || (response.status === 401 && isMaintenanceOn(getKnownParameters()))) {
    enterMaintenance();
  } else if (response.status === 401) {
    disconnect();
  } else if (isStatusPage(response.status)) {
    resetLoading();
    statusPages.notify(response.status);
  }
  return error;
}

/**
 * The one way the portal calls its API (spec §7, §8, §9): bearer header while the session is
 * valid, XSRF header on writes, the global loading counter, the maintenance flag, disconnection
 * on 401, the 498/499 pages, validation of every answer and typed errors.
 */
export async function apiRequest<T>(path: string, request: ApiRequest<T>): Promise<T> {
  const method = request.method ?? 'GET';
  const isForm = request.form !== undefined;
  const hasJsonBody = !isForm && request.json !== undefined;
  const headers = buildHeaders(path, method, hasJsonBody, isForm);
  if (request.bearer) headers.set('Authorization', `Bearer ${request.bearer}`);
  for (const [name, value] of Object.entries(request.headers ?? {})) headers.set(name, value);
  const body = isForm
    ? new URLSearchParams(request.form).toString()
    : hasJsonBody
      ? JSON.stringify(request.json)
      : undefined;

  loadingStarted(path);
  let response: Response;
  try {
    // A GET the entry sent ahead for this page (early-requests.ts) is read like one sent here.
    const early = method === 'GET' ? takeEarly(path, headers.get('Authorization')) : null;
    if (early) request.signal?.throwIfAborted();
    response = await (early ?? fetch(path, { method, headers, body, credentials: 'same-origin', signal: request.signal }));
  } catch (error) {
    loadingFailed(path);
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new ApiError(0, 'NETWORK', GENERIC_ERROR_MESSAGE);
  }

  const flaggedMaintenance = isParameterOn(response.headers.get(MAINTENANCE_HEADER) ?? undefined);

  if (!response.ok) {
    loadingFailed(path);
    throw await failure(response, flaggedMaintenance);
  }

  loadingSucceeded(path);
  // The parameters stay readable during maintenance; their answer carries the flag too.
  if (flaggedMaintenance) enterMaintenance();
  return parsed(response, request.schema);
}

/** The answer's JSON, checked by the schema the caller reads it with. */
export async function parsed<T>(response: Response, schema: Parser<T>): Promise<T> {
  const data = await readJson(response);
  try {
    return await schema.parse(data);
  } catch {
    throw new ApiError(response.status, 'INVALID_RESPONSE', GENERIC_ERROR_MESSAGE);
  }
}

/**
 * Sends `GET path` now, with the headers apiRequest would use, for apiRequest to take later
 * (early-requests.ts): the entry script starts the page's first reads this way.
 */
export function sendEarlyGet(path: string): void {
  sendEarly(path, buildHeaders(path, 'GET', false, false));
}

export interface BinaryRequest {
  method?: Extract<HttpMethod, 'GET' | 'POST'>;
  /** Sent as JSON (a POST describing the document wanted). */
  json?: unknown;
  signal?: AbortSignal;
}

/**
 * A binary answer (PDF, CSV, ZIP) with the same rules as apiRequest (bearer, XSRF, 401,
 * maintenance, 498/499) but without the global overlay: the caller reads the body as a stream
 * and shows its own progress.
 */
export async function apiBinary(path: string, request: BinaryRequest = {}): Promise<Response> {
  const method = request.method ?? 'GET';
  const hasJsonBody = request.json !== undefined;
  const headers = buildHeaders(path, method, hasJsonBody, false);
  headers.set('Accept', '*/*');
  let response: Response;
  try {
    response = await fetch(path, {
      method,
      headers,
      body: hasJsonBody ? JSON.stringify(request.json) : undefined,
      credentials: 'same-origin',
      signal: request.signal,
    });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new ApiError(0, 'NETWORK', GENERIC_ERROR_MESSAGE);
  }
  const flaggedMaintenance = isParameterOn(response.headers.get(MAINTENANCE_HEADER) ?? undefined);
  if (!response.ok) throw await failure(response, flaggedMaintenance);
  if (flaggedMaintenance) enterMaintenance();
  return response;
}

import { apiErrorFromBody, ApiError, GENERIC_ERROR_MESSAGE } from './api-error.ts';
import { readCookie } from './cookies.ts';
import { loadingFailed, loadingStarted, loadingSucceeded } from './loading-counter.ts';
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

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

export interface ApiRequest<T> {
  method?: HttpMethod;
  /** Sent as JSON. */
  json?: unknown;
  /** Sent as application/x-www-form-urlencoded (the OAuth token call). */
  form?: Record<string, string>;
  schema: Parser<T>;
  signal?: AbortSignal;
}

export const XSRF_COOKIE = 'XSRF-TOKEN';
export const XSRF_HEADER = 'X-XSRF-TOKEN';

type UnauthorizedListener = () => void;
const unauthorizedListeners = new Set<UnauthorizedListener>();

/** The router registers how to reach the login page; the client stays free of routing. */
export function onUnauthorized(listener: UnauthorizedListener): () => void {
  unauthorizedListeners.add(listener);
  return () => unauthorizedListeners.delete(listener);
}

function disconnect(): void {
  clearAllStorage();
  unauthorizedListeners.forEach((listener) => listener());
}

const isVersionFile = (path: string) => path.includes('version.json');
const isRelative = (path: string) => path.startsWith('/') && !path.startsWith('//');

function buildHeaders(path: string, method: HttpMethod, hasJsonBody: boolean, isForm: boolean): Headers {
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

/**
 * The one way the portal calls its API (spec §7, §9): bearer header while the session is
 * valid, XSRF header on writes, the global loading counter, disconnection on 401, validation
 * of every answer and typed errors.
 */
export async function apiRequest<T>(path: string, request: ApiRequest<T>): Promise<T> {
  const method = request.method ?? 'GET';
  const isForm = request.form !== undefined;
  const hasJsonBody = !isForm && request.json !== undefined;
  const headers = buildHeaders(path, method, hasJsonBody, isForm);
  const body = isForm
    ? new URLSearchParams(request.form).toString()
    : hasJsonBody
      ? JSON.stringify(request.json)
      : undefined;

  loadingStarted(path);
  let response: Response;
  try {
    response = await fetch(path, { method, headers, body, credentials: 'same-origin', signal: request.signal });
  } catch (error) {
    loadingFailed(path);
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new ApiError(0, 'NETWORK', GENERIC_ERROR_MESSAGE);
  }

  if (!response.ok) {
    loadingFailed(path);
    const error = apiErrorFromBody(response.status, await readJson(response));
    if (response.status === 401) disconnect();
    throw error;
  }

  loadingSucceeded(path);
  const data = await readJson(response);
  try {
    return await request.schema.parse(data);
  } catch {
    throw new ApiError(response.status, 'INVALID_RESPONSE', GENERIC_ERROR_MESSAGE);
  }
}

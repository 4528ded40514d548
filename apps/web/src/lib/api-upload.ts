import { isParameterOn, MAINTENANCE_HEADER } from '@ecare/shared/constants';
import { ApiError, GENERIC_ERROR_MESSAGE } from './api-error.ts';
import { buildHeaders, enterMaintenance, failure, parsed, type HttpMethod, type Parser } from './api-client.ts';

// Uploads live apart from api-client.ts, which the entry script (everyone's first download)
// takes along whole.

/** Bytes of a request body sent so far, and its whole size when the browser knows it. */
export interface UploadProgress {
  sent: number;
  total: number | null;
}

export interface UploadRequest<T> {
  method?: Extract<HttpMethod, 'POST' | 'PUT'>;
  /** Sent as multipart/form-data (the browser writes the boundary). */
  body: FormData;
  schema: Parser<T>;
  signal?: AbortSignal;
  onProgress?: (progress: UploadProgress) => void;
}

/** An XMLHttpRequest's answer as a fetch Response, so that it goes through the same checks. */
function responseOf(xhr: XMLHttpRequest): Response {
  const headers = new Headers();
  for (const line of xhr.getAllResponseHeaders().trim().split(/[\r\n]+/)) {
    const colon = line.indexOf(':');
    if (colon > 0) headers.append(line.slice(0, colon).trim(), line.slice(colon + 1).trim());
  }
  const empty = xhr.status === 204 || xhr.status === 205 || xhr.status === 304;
  return new Response(empty ? null : xhr.responseText, { status: xhr.status, headers });
}

/**
 * A multipart upload (spec §7: the contact form's send-email call, supporting documents) with the
 * same rules as apiRequest (bearer, XSRF, 401, maintenance, 498/499, typed errors, checked answer),
 * reporting the progress of the bytes sent: fetch cannot, XMLHttpRequest can. Like apiBinary it
 * leaves the global overlay alone: the caller shows the progress.
 */
export function apiUpload<T>(path: string, request: UploadRequest<T>): Promise<T> {
  const method = request.method ?? 'POST';
  // No Content-Type: the browser sets multipart/form-data with its boundary.
  const headers = buildHeaders(path, method, false, false);
  return new Promise<Response>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    const aborted = () => reject(new DOMException('The upload was stopped.', 'AbortError'));
    if (request.signal?.aborted) {
      aborted();
      return;
    }
    xhr.open(method, path);
    headers.forEach((value, name) => xhr.setRequestHeader(name, value));
    xhr.upload.onprogress = (event) => request.onProgress?.({ sent: event.loaded, total: event.lengthComputable ? event.total : null });
    xhr.onload = () => resolve(responseOf(xhr));
    xhr.onerror = () => reject(new ApiError(0, 'NETWORK', GENERIC_ERROR_MESSAGE));
    xhr.ontimeout = xhr.onerror;
    xhr.onabort = aborted;
    request.signal?.addEventListener('abort', () => xhr.abort(), { once: true });
    xhr.send(request.body);
  }).then(async (response) => {
    const flaggedMaintenance = isParameterOn(response.headers.get(MAINTENANCE_HEADER) ?? undefined);
    if (!response.ok) throw await failure(response, flaggedMaintenance);
    if (flaggedMaintenance) enterMaintenance();
    return parsed(response, request.schema);
  });
}

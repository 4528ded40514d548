import { apiBinary, type BinaryRequest } from './api-client.ts';

/** Bytes received so far, and the size announced by Content-Length when there is a usable one. */
export interface DownloadProgress {
  received: number;
  total: number | null;
}

export interface DownloadRequest extends BinaryRequest {
  /** Name to save under when the answer has no Content-Disposition file name. */
  fallbackName: string;
  onProgress?: (progress: DownloadProgress) => void;
}

export interface DownloadedFile {
  blob: Blob;
  name: string;
}

const decode = (value: string) => {
  try {
    return decodeURIComponent(value);
  } catch {
    return null;
  }
};

/** A name the system accepts: no folders, no control characters. */
function safeName(value: string): string | null {
  const name = value.replace(/[\\/]/g, '_').replace(/\p{Cc}/gu, '').trim();
  return name === '' || name === '.' || name === '..' ? null : name;
}

/** File name of a Content-Disposition header: `filename*` (RFC 5987) first, then `filename`. */
export function fileNameFrom(header: string | null): string | null {
  if (!header) return null;
  const extended = /filename\*\s*=\s*([\w-]+)'[^']*'([^;]+)/i.exec(header);
  const decoded = extended?.[2] ? decode(extended[2].trim().replace(/^"|"$/g, '')) : null;
  if (decoded) return safeName(decoded);
  const plain = /filename\s*=\s*(?:"((?:[^"\\]|\\.)*)"|([^;]+))/i.exec(header);
  const value = plain?.[1]?.replace(/\\(.)/g, '$1') ?? plain?.[2]?.trim();
  return value ? safeName(value) : null;
}

/**
 * Content-Length, when it can measure progress: absent for a chunked answer, and counting
 * compressed bytes when the server compressed the body (the stream yields more than that).
 */
function announcedSize(response: Response): number | null {
  if (response.headers.get('Content-Encoding')) return null;
  const length = Number.parseInt(response.headers.get('Content-Length') ?? '', 10);
  return Number.isSafeInteger(length) && length > 0 ? length : null;
}

/** Fetches a binary through the API client, reporting progress while its body streams in. */
export async function fetchFile(path: string, { fallbackName, onProgress, ...request }: DownloadRequest): Promise<DownloadedFile> {
  const response = await apiBinary(path, request);
  const total = announcedSize(response);
  const type = response.headers.get('Content-Type') ?? 'application/octet-stream';
  const name = fileNameFrom(response.headers.get('Content-Disposition')) ?? fallbackName;
  onProgress?.({ received: 0, total });
  if (!response.body) {
    const blob = await response.blob();
    onProgress?.({ received: blob.size, total });
    return { blob, name };
  }
  const reader = response.body.getReader();
  const chunks: Uint8Array<ArrayBuffer>[] = [];
  let received = 0;
  for (;;) {
    const { done, value } = await reader.read();
    // Stopping ends the read here even where the stream does not follow the fetch's signal.
    if (request.signal?.aborted) {
      await reader.cancel();
      request.signal.throwIfAborted();
    }
    if (done) break;
    chunks.push(value);
    received += value.byteLength;
    onProgress?.({ received, total: total !== null && received <= total ? total : null });
  }
  return { blob: new Blob(chunks, { type }), name };
}

/** Hands a file to the browser's download through a temporary object URL. */
export function saveFile({ blob, name }: DownloadedFile): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
  // The click has started the download; the URL can go once this task ends.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

import { vi } from 'vitest';

export interface RecordedUpload {
  method: string;
  url: string;
  headers: Headers;
  body: FormData | null;
}

export interface UploadAnswer {
  status: number;
  body: unknown;
  headers?: Record<string, string>;
  /** Upload progress events sent before the answer: bytes sent so far, out of `total`. */
  progress?: number[];
  total?: number;
}

type Responder = (upload: RecordedUpload) => UploadAnswer | Promise<UploadAnswer>;

/**
 * Replaces XMLHttpRequest (what the API client uploads with, for its progress events) by a fake
 * that records each upload and answers with `responder`, after the progress events it lists.
 */
export function stubXhr(responder: Responder) {
  const uploads: RecordedUpload[] = [];
  class FakeXhr {
    upload: { onprogress: ((event: ProgressEvent) => void) | null } = { onprogress: null };
    onload: (() => void) | null = null;
    onerror: (() => void) | null = null;
    ontimeout: (() => void) | null = null;
    onabort: (() => void) | null = null;
    status = 0;
    responseText = '';
    private answerHeaders: Record<string, string> = {};
    private recorded: RecordedUpload = { method: 'GET', url: '', headers: new Headers(), body: null };
    private aborted = false;

    open(method: string, url: string) {
      this.recorded = { method, url, headers: new Headers(), body: null };
    }
    setRequestHeader(name: string, value: string) {
      this.recorded.headers.set(name, value);
    }
    getAllResponseHeaders() {
      return Object.entries(this.answerHeaders)
        .map(([name, value]) => `${name}: ${value}\r\n`)
        .join('');
    }
    abort() {
      this.aborted = true;
      this.onabort?.();
    }
    send(body: FormData | null) {
      this.recorded.body = body;
      uploads.push(this.recorded);
      void (async () => {
        const answer = await responder(this.recorded);
        for (const loaded of answer.progress ?? []) {
          if (this.aborted) return;
          this.upload.onprogress?.({ loaded, total: answer.total ?? 0, lengthComputable: answer.total !== undefined } as ProgressEvent);
          await Promise.resolve();
        }
        if (this.aborted) return;
        this.status = answer.status;
        this.responseText = JSON.stringify(answer.body);
        this.answerHeaders = { 'content-type': 'application/json', ...answer.headers };
        this.onload?.();
      })();
    }
  }
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
  return { uploads };
}

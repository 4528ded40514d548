import { Download, X } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { apiErrorMessage } from '../../lib/api-error-message.ts';
import { fetchFile, saveFile, type DownloadProgress } from '../../lib/download-file.ts';
import { Alert } from './alert.tsx';

interface DownloadButtonProps {
  /** API path of the file (GET, or POST with `json`). */
  path: string;
  /** Visible name, saying what and which format: "Télécharger la facture (PDF)". */
  label: string;
  /** Saved under this name when the answer gives none (Content-Disposition). */
  fallbackName: string;
  method?: 'GET' | 'POST';
  json?: unknown;
  className?: string;
}

type State = { kind: 'idle' } | { kind: 'loading'; progress: DownloadProgress } | { kind: 'failed'; message: string };

const size = (bytes: number) => {
  const [value, unit] = bytes >= 1_000_000 ? [bytes / 1_000_000, 'megabyte'] : [bytes / 1_000, 'kilobyte'];
  return new Intl.NumberFormat('fr-FR', { style: 'unit', unit, maximumFractionDigits: 1 }).format(value);
};

export function progressText({ received, total }: DownloadProgress): string {
  return total === null ? `${size(received)} reçus` : `${size(received)} sur ${size(total)}`;
}

/**
 * Downloads a file the API only gives to a signed-in user (bearer token, XSRF header): the
 * bytes stream in with a progress bar (measured when the size is known), then the browser
 * saves the file under the server's name. The download can be stopped.
 */
export function DownloadButton({ path, label, fallbackName, method = 'GET', json, className = 'btn-secondary' }: DownloadButtonProps) {
  const [state, setState] = useState<State>({ kind: 'idle' });
  const controller = useRef<AbortController | null>(null);
  const progressId = useId();

  useEffect(() => () => controller.current?.abort(), []);

  const start = async () => {
    if (controller.current) return;
    const current = new AbortController();
    controller.current = current;
    setState({ kind: 'loading', progress: { received: 0, total: null } });
    try {
      const file = await fetchFile(path, {
        method,
        json,
        fallbackName,
        signal: current.signal,
        onProgress: (progress) => setState({ kind: 'loading', progress }),
      });
      saveFile(file);
      setState({ kind: 'idle' });
    } catch (error) {
      // Stopped by the reader (or the page left): nothing to report.
      setState(current.signal.aborted ? { kind: 'idle' } : { kind: 'failed', message: apiErrorMessage(error) });
    } finally {
      controller.current = null;
    }
  };

  const loading = state.kind === 'loading';
  return (
    <div className="space-y-2">
      <div className="flex flex-wrap items-center gap-3">
        <button type="button" className={className} disabled={loading} onClick={() => void start()}>
          <Download aria-hidden="true" className="size-4" />
          {label}
        </button>
        {loading ? (
          <button type="button" className="btn-secondary" onClick={() => controller.current?.abort()}>
            <X aria-hidden="true" className="size-4" />
            Arrêter le téléchargement
          </button>
        ) : null}
      </div>
      {loading ? (
        <div className="max-w-sm">
          <progress
            aria-labelledby={progressId}
            className="h-2 w-full accent-primary"
            max={state.progress.total ?? undefined}
            value={state.progress.total === null ? undefined : state.progress.received}
          />
          <p id={progressId} className="text-sm text-muted">
            {`Téléchargement en cours\u00a0: ${progressText(state.progress)}`}
          </p>
        </div>
      ) : null}
      {state.kind === 'failed' ? <Alert tone="error">{state.message}</Alert> : null}
    </div>
  );
}

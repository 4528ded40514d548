import { Download, X } from 'lucide-react';
import { useCallback, useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { apiErrorMessage } from '../../lib/api-error-message.ts';
import { fetchFile, saveFile, type DownloadProgress } from '../../lib/download-file.ts';
import { Alert } from './alert.tsx';
import { MenuButton } from './menu-button.tsx';

/** A file the API gives to a signed-in user. */
export interface DownloadTarget {
  /** API path of the file (GET, or POST with `json`). */
  path: string;
  /** Saved under this name when the answer gives none (Content-Disposition). */
  fallbackName: string;
  method?: 'GET' | 'POST';
  json?: unknown;
}

interface DownloadButtonProps extends DownloadTarget {
  /** Visible name, saying what and which format: "Télécharger la facture (PDF)"; may hold words for screen readers only (in a table row, which one). */
  label: ReactNode;
  className?: string;
}

type State =
  | { kind: 'idle' }
  | { kind: 'loading'; progress: DownloadProgress }
  | { kind: 'done'; name: string }
  | { kind: 'failed'; message: string };

const size = (bytes: number) => {
  const [value, unit] = bytes >= 1_000_000 ? [bytes / 1_000_000, 'megabyte'] : [bytes / 1_000, 'kilobyte'];
  return new Intl.NumberFormat('fr-FR', { style: 'unit', unit, maximumFractionDigits: 1 }).format(value);
};

export function progressText({ received, total }: DownloadProgress): string {
  return total === null ? `${size(received)} reçus` : `${size(received)} sur ${size(total)}`;
}

/**
 * One download at a time, with its progress, its stop and its outcome: the bytes stream in
 * (bearer token, XSRF header), then the browser saves the file under the server's name.
 */
export function useFileDownload() {
  const [state, setState] = useState<State>({ kind: 'idle' });
  const controller = useRef<AbortController | null>(null);

  useEffect(() => () => controller.current?.abort(), []);

  const start = useCallback(async ({ path, fallbackName, method = 'GET', json }: DownloadTarget) => {
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
      setState({ kind: 'done', name: file.name });
    } catch (error) {
      // Stopped by the reader (or the page left): nothing to report.
      setState(current.signal.aborted ? { kind: 'idle' } : { kind: 'failed', message: apiErrorMessage(error) });
    } finally {
      controller.current = null;
    }
  }, []);

  const stop = useCallback(() => controller.current?.abort(), []);

  return { state, start, stop, loading: state.kind === 'loading' };
}

export type FileDownload = ReturnType<typeof useFileDownload>;

/**
 * What a download is doing: a progress bar (measured when the size is known) with a way to stop,
 * then the refusal if there was one. Its start and end are announced to screen readers, not each
 * step of the bar.
 */
export function DownloadStatus({ download }: { download: FileDownload }) {
  const progressId = useId();
  const { state } = download;
  return (
    <>
      <p role="status" className="sr-only">
        {state.kind === 'loading' ? 'Le téléchargement a commencé.' : state.kind === 'done' ? `Fichier ${state.name} téléchargé.` : ''}
      </p>
      {state.kind === 'loading' ? (
        <div className="flex max-w-md flex-wrap items-center gap-3">
          <div className="min-w-48 flex-1">
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
          <button type="button" className="btn-secondary" onClick={download.stop}>
            <X aria-hidden="true" className="size-4" />
            Arrêter le téléchargement
          </button>
        </div>
      ) : null}
      {state.kind === 'failed' ? <Alert tone="error">{state.message}</Alert> : null}
    </>
  );
}

/**
 * Downloads a file the API only gives to a signed-in user, showing its progress; the download
 * can be stopped.
 */
export function DownloadButton({ label, className = 'btn-secondary', ...target }: DownloadButtonProps) {
  const download = useFileDownload();
  return (
    <div className="space-y-2">
      <button type="button" className={className} disabled={download.loading} onClick={() => void download.start(target)}>
        <Download aria-hidden="true" className="size-4" />
        {label}
      </button>
      <DownloadStatus download={download} />
    </div>
  );
}

export interface DownloadChoice extends DownloadTarget {
  id: string;
  /** The choice in the menu: "Fichier CSV (.csv)". */
  label: string;
}

interface DownloadMenuButtonProps {
  /** The button opening the choices: "Exporter la liste". */
  label: ReactNode;
  /** The files on offer (one file in several formats, say). */
  choices: readonly DownloadChoice[];
  className?: string;
}

/**
 * A menu of files to download (WAI-ARIA menu button), then the chosen file's progress as with
 * DownloadButton; the choices wait while a file is on its way.
 */
export function DownloadMenuButton({ label, choices, className = 'btn-secondary' }: DownloadMenuButtonProps) {
  const download = useFileDownload();
  return (
    <div className="space-y-2">
      <MenuButton
        className={className}
        label={
          <>
            <Download aria-hidden="true" className="size-4" />
            {label}
          </>
        }
        items={choices.map((choice) => ({ id: choice.id, label: choice.label, isDisabled: download.loading }))}
        onAction={(id) => {
          const choice = choices.find((candidate) => candidate.id === id);
          if (choice) void download.start(choice);
        }}
      />
      <DownloadStatus download={download} />
    </div>
  );
}

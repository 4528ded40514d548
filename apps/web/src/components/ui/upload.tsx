import { FileText, Upload as UploadIcon, X } from 'lucide-react';
import { useCallback, useEffect, useId, useRef, useState, type ReactNode } from 'react';
import type { FieldPath, FieldValues } from 'react-hook-form';
import type { UploadProgress } from '../../lib/api-upload.ts';
import { formatFileSize } from '../../lib/attachment-file.ts';
import { FormAlertError } from './form/api-error-to-form.ts';
import { FileField } from './form/file-field.tsx';
import { FormAlert } from './form/form-alert.tsx';
import { SubmitButton } from './form/submit-button.tsx';

/**
 * The portal's one way of sending a file (order pieces, termination proofs, a message's
 * attachment): the progress of the bytes sent, a way to stop, and the file kept in the list once sent.
 */

export function uploadProgressText({ sent, total }: UploadProgress): string {
  if (total === null) return `Envoi en cours\u00a0: ${formatFileSize(sent)} envoyés`;
  const percent = Math.min(100, Math.round((sent / Math.max(total, 1)) * 100));
  return `Envoi en cours\u00a0: ${formatFileSize(sent)} sur ${formatFileSize(total)} (${percent}\u00a0%)`;
}

/** What a request needs to report its progress and be stopped. */
export interface Transfer {
  onProgress: (progress: UploadProgress) => void;
  signal: AbortSignal;
}

export interface Upload {
  /** The bytes sent so far, null when nothing is on its way. */
  progress: UploadProgress | null;
  /**
   * Runs one request with its progress. A request stopped by the user fails with `stopped` as the
   * form's alert (the form keeps every value); leaving the page stops it too.
   */
  send: <T>(request: (transfer: Transfer) => Promise<T>, options: { total: number | null; stopped: string }) => Promise<T>;
  stop: () => void;
}

export function useUpload(): Upload {
  const [progress, setProgress] = useState<UploadProgress | null>(null);
  const running = useRef<AbortController | null>(null);
  useEffect(() => () => running.current?.abort(), []);
  const send = useCallback(async <T,>(request: (transfer: Transfer) => Promise<T>, { total, stopped }: { total: number | null; stopped: string }) => {
    const controller = new AbortController();
    running.current = controller;
    setProgress({ sent: 0, total });
    try {
      return await request({ onProgress: setProgress, signal: controller.signal });
    } catch (error) {
      if (controller.signal.aborted) throw new FormAlertError(stopped);
      throw error;
    } finally {
      running.current = null;
      setProgress(null);
    }
  }, []);
  const stop = useCallback(() => running.current?.abort(), []);
  return { progress, send, stop };
}

/**
 * A file on its way: a measured progress bar, and a way to stop; nothing when no file is on its
 * way. Its start (`announcement`) is announced to screen readers, not each step of the bar.
 */
export function UploadStatus({ upload, announcement }: { upload: Upload; announcement: string }) {
  const labelId = useId();
  const { progress } = upload;
  if (!progress) return null;
  return (
    <div className="flex max-w-xl flex-wrap items-center gap-3">
      <p role="status" className="sr-only">
        {announcement}
      </p>
      <div className="min-w-48 flex-1">
        <progress
          aria-labelledby={labelId}
          className="h-2 w-full accent-primary"
          max={progress.total ?? undefined}
          value={progress.total === null ? undefined : progress.sent}
        />
        <p id={labelId} className="text-sm text-muted">
          {uploadProgressText(progress)}
        </p>
      </div>
      <button type="button" className="btn-secondary" onClick={upload.stop}>
        <X aria-hidden="true" className="size-4" />
        Arrêter l’envoi
      </button>
    </div>
  );
}

/** A file already sent, in the list of an order's pieces or a request's proofs, with its actions. */
export function SentFile({ name, size, children }: { name: ReactNode; size: number; children?: ReactNode }) {
  return (
    <li className="flex flex-wrap items-center gap-3">
      <FileText aria-hidden="true" className="size-4 text-muted" />
      <span className="break-all">
        {name} ({formatFileSize(size)})
      </span>
      {children}
    </li>
  );
}

interface UploadFieldsProps<T extends FieldValues> {
  upload: Upload;
  /** The form's field holding the chosen file. */
  name: FieldPath<T>;
  label: ReactNode;
  help: ReactNode;
  accept: string;
  /** Said to screen readers when the file starts on its way. */
  announcement: string;
  submitLabel: string;
}

/** The end of a form that sends one file at once: the file, its progress, the form's alert and the button. */
export function UploadFields<T extends FieldValues>({ upload, name, label, help, accept, announcement, submitLabel }: UploadFieldsProps<T>) {
  return (
    <>
      <FileField<T> name={name} label={label} help={help} accept={accept} />
      <UploadStatus upload={upload} announcement={announcement} />
      <FormAlert />
      <SubmitButton className="btn-secondary">
        <UploadIcon aria-hidden="true" className="size-4" />
        {submitLabel}
      </SubmitButton>
    </>
  );
}

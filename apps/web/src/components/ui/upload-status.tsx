import { X } from 'lucide-react';
import { useId } from 'react';
import type { UploadProgress } from '../../lib/api-upload.ts';
import { formatFileSize } from '../../lib/attachment-file.ts';

export function uploadProgressText({ sent, total }: UploadProgress): string {
  if (total === null) return `Envoi en cours\u00a0: ${formatFileSize(sent)} envoyés`;
  const percent = Math.min(100, Math.round((sent / Math.max(total, 1)) * 100));
  return `Envoi en cours\u00a0: ${formatFileSize(sent)} sur ${formatFileSize(total)} (${percent}\u00a0%)`;
}

/**
 * A file on its way: a measured progress bar, and a way to stop. Its start (`announcement`) is
 * announced to screen readers, not each step of the bar.
 */
export function UploadStatus({ progress, onStop, announcement }: { progress: UploadProgress; onStop: () => void; announcement: string }) {
  const labelId = useId();
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
      <button type="button" className="btn-secondary" onClick={onStop}>
        <X aria-hidden="true" className="size-4" />
        Arrêter l’envoi
      </button>
    </div>
  );
}

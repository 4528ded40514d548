import type { LineStatus } from '@ecare/shared/lines';
import { LINE_STATUS_LABELS } from '../utils/line-status.ts';

const TONES: Record<LineStatus, string> = {
  ACTIF: 'bg-success-soft text-success',
  SUSPENDU: 'bg-warning-soft text-warning',
  RESILIE: 'bg-canvas text-muted',
  EN_COURS: 'bg-primary-soft text-primary-strong',
};

export function LineStatusBadge({ status }: { status: LineStatus }) {
  return (
    <span className={`inline-block rounded-full px-3 py-0.5 text-sm font-semibold ${TONES[status]}`}>
      {LINE_STATUS_LABELS[status]}
    </span>
  );
}

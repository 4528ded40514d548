import type { LineDetail } from '@ecare/shared/lines';
import { formatPhone } from '@ecare/shared/phone';
import { LineStatusBadge } from './line-status-badge.tsx';

const dateFormat = new Intl.DateTimeFormat('fr-FR', { day: '2-digit', month: '2-digit', year: 'numeric' });

function formatDate(value: string): string {
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? value : dateFormat.format(date);
}

/** A simple line user's own line. */
export function LineCard({ line }: { line: LineDetail }) {
  return (
    <section aria-labelledby="ma-ligne" className="card">
      <h2 id="ma-ligne" className="text-xl font-bold text-primary-strong">
        Ma ligne {formatPhone(line.numeroLigne)}
      </h2>
      <dl className="mt-4 grid gap-4 sm:grid-cols-3">
        <div>
          <dt className="text-sm text-muted">Forfait</dt>
          <dd className="font-semibold">{line.libelleOffre}</dd>
        </div>
        <div>
          <dt className="text-sm text-muted">Statut</dt>
          <dd>
            <LineStatusBadge status={line.codeStatut} />
          </dd>
        </div>
        <div>
          <dt className="text-sm text-muted">Date d’activation</dt>
          <dd className="font-semibold">{formatDate(line.dateActivation)}</dd>
        </div>
      </dl>
    </section>
  );
}

import type { LineDetail } from '@ecare/shared/lines';
import { formatPhone } from '@ecare/shared/phone';
import { Link } from 'react-router';
import { formatDate } from '../utils/line-format.ts';
import { linePath } from '../utils/line-path.ts';
import { LineStatusBadge } from './line-status-badge.tsx';

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
      <p className="mt-4">
        <Link to={linePath(line.idContrat)} className="link">
          Voir le détail et les actions de ma ligne
        </Link>
      </p>
    </section>
  );
}

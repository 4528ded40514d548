import { LINE_STATUSES, type LineStatus } from '@ecare/shared/lines';
import { Link } from 'react-router';
import { DashboardCard } from '../../../components/ui/dashboard-card.tsx';
import { PATHS } from '../../../lib/routes.ts';
import { FIRST_LINE_PAGE } from '../api/paths.ts';
import { linePageSearch } from '../utils/line-page-params.ts';
import { LINE_STATUS_LABELS } from '../utils/line-status.ts';

const count = new Intl.NumberFormat('fr-FR');

/** The fleet list narrowed to one status (the list keeps its filters in the address). */
export const linesWithStatusPath = (statut: LineStatus): string => `${PATHS.mobileLines}?${linePageSearch({ ...FIRST_LINE_PAGE, statut }).toString()}`;

const linesCount = (total: number) => (total === 0 ? 'Aucune ligne' : total === 1 ? '1 ligne' : `${count.format(total)} lignes`);

/** Home block: the account's lines counted by status, each count leading to the list of those lines (decision 046). */
export function LinesByStatusCard({ total, parStatut }: { total: number; parStatut: readonly { statut: LineStatus; nombre: number }[] }) {
  const byStatus = new Map(parStatut.map((row) => [row.statut, row.nombre]));
  return (
    <DashboardCard title="Mes lignes mobiles" link={{ to: PATHS.mobileLines, label: 'Voir toutes mes lignes' }}>
      <p className="text-2xl font-bold">{linesCount(total)}</p>
      {total > 0 ? (
        <ul className="divide-y divide-line-soft">
          {LINE_STATUSES.map((statut) => {
            const nombre = byStatus.get(statut) ?? 0;
            return (
              <li key={statut} className="flex items-baseline justify-between gap-3 py-2">
                {nombre > 0 ? (
                  <Link to={linesWithStatusPath(statut)} className="link">
                    {LINE_STATUS_LABELS[statut]}
                  </Link>
                ) : (
                  <span>{LINE_STATUS_LABELS[statut]}</span>
                )}
                <span className="font-semibold tabular-nums">{count.format(nombre)}</span>
              </li>
            );
          })}
        </ul>
      ) : (
        <p>Ce compte de facturation n’a pas encore de ligne mobile.</p>
      )}
    </DashboardCard>
  );
}

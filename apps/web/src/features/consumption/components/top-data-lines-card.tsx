import type { HomeTopLine } from '@ecare/shared/home';
import { formatPhone } from '@ecare/shared/phone';
import { Link } from 'react-router';
import { DashboardCard } from '../../../components/ui/dashboard-card.tsx';
import { PATHS } from '../../../lib/routes.ts';
import { formatData, formatPeriod } from '../utils/consumption-format.ts';
import { consumptionPath } from '../utils/consumption-path.ts';
import { UsageGauge } from './usage-gauge.tsx';

/** How much of its allowance a line used, in words. */
function allowanceText(line: HomeTopLine): string {
  if (line.forfaitDataMo === null) return 'forfait illimité';
  if (line.partForfait === null) return 'pas de données incluses';
  return `${line.partForfait}\u00a0% des ${formatData(line.forfaitDataMo)} du forfait`;
}

/** Home block: the lines that used most mobile data this billing period, each leading to its consumption (decision 046). */
export function TopDataLinesCard({ periode, lines }: { periode: string; lines: readonly HomeTopLine[] }) {
  return (
    <DashboardCard title="Plus gros consommateurs" link={{ to: PATHS.consumption, label: 'Suivre la consommation de mes lignes' }}>
      <p className="text-sm text-muted">Données mobiles consommées en {formatPeriod(periode)}, période en cours.</p>
      {lines.length === 0 ? (
        <p>Aucune consommation n’est encore relevée sur cette période.</p>
      ) : (
        <ol className="space-y-3">
          {lines.map((line) => (
            <li key={line.idContrat}>
              <p className="flex flex-wrap items-baseline justify-between gap-x-3">
                <Link to={consumptionPath(line.idContrat)} className="link whitespace-nowrap">
                  <span className="sr-only">Consommation de la ligne </span>
                  {formatPhone(line.numeroLigne)}
                </Link>
                <span className="font-semibold whitespace-nowrap">{formatData(line.dataMo)}</span>
              </p>
              <p className="text-sm text-muted">
                {line.utilisateur ? `${line.utilisateur}, ` : ''}
                {allowanceText(line)}
              </p>
              {line.forfaitDataMo !== null && line.forfaitDataMo > 0 ? <UsageGauge used={line.dataMo} limit={line.forfaitDataMo} /> : null}
            </li>
          ))}
        </ol>
      )}
    </DashboardCard>
  );
}

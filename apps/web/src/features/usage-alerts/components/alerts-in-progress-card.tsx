import { alertSentence, type Alert } from '@ecare/shared/usage-alerts';
import { Link } from 'react-router';
import { DashboardCard } from '../../../components/ui/dashboard-card.tsx';
import { ReadFailed } from '../../../components/ui/query-states.tsx';
import { useAlerts, type AlertsOwner } from '../api/get-alerts.ts';
import { alertMoment, alertTypeLabel, lineConsumptionPath } from './alert-text.ts';

/** Alerts a home block lists at most; its link leads to them all. */
const SHOWN = 5;

const inProgressCount = (count: number) => (count === 0 ? 'Aucune alerte en cours' : count === 1 ? '1 alerte en cours' : `${count.toLocaleString('fr-FR')} alertes en cours`);

interface AlertsInProgressCardProps {
  owner: AlertsOwner;
  link: { to: string; label: string };
}

/** Home block: the alerts not resolved yet (new, then seen), the newest first, each leading to its line's consumption (decision 047). */
export function AlertsInProgressCard({ owner, link }: AlertsInProgressCardProps) {
  const fresh = useAlerts(owner, 'NOUVELLE', { poll: true });
  const seen = useAlerts(owner, 'VUE');
  const failed = fresh.error ?? seen.error;
  const alerts: Alert[] = [...(fresh.data?.alertes ?? []), ...(seen.data?.alertes ?? [])].slice(0, SHOWN);
  const total = (fresh.data?.total ?? 0) + (seen.data?.total ?? 0);
  return (
    <DashboardCard title="Alertes en cours" link={link}>
      {failed ? <ReadFailed error={failed} onRetry={() => void Promise.all([fresh.refetch(), seen.refetch()])} pending={fresh.isFetching || seen.isFetching} /> : null}
      {fresh.data && seen.data ? (
        <>
          <p className="text-2xl font-bold">{inProgressCount(total)}</p>
          {fresh.data.total > 0 ? <p className="text-muted">dont {fresh.data.total.toLocaleString('fr-FR')} nouvelle{fresh.data.total > 1 ? 's' : ''}</p> : null}
          {alerts.length > 0 ? (
            <ul className="divide-y divide-line-soft">
              {alerts.map((alert) => (
                <li key={alert.idAlerte} className="py-2">
                  <p className="flex flex-wrap items-baseline justify-between gap-x-3">
                    <Link to={lineConsumptionPath(alert.idContrat)} className="link">
                      {alertTypeLabel(alert)}
                    </Link>
                    <span className="text-sm text-muted whitespace-nowrap">{alertMoment(alert)}</span>
                  </p>
                  <p className="text-sm">{alertSentence(alert)}</p>
                  {alert.blocage ? <p className="text-sm font-semibold text-accent-strong">Données de la ligne suspendues</p> : null}
                </li>
              ))}
            </ul>
          ) : (
            <p>Aucune ligne n’a franchi de seuil d’alerte.</p>
          )}
        </>
      ) : null}
    </DashboardCard>
  );
}

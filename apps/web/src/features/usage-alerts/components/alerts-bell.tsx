import { countOf } from '@ecare/shared/french-plural';
import { Bell } from 'lucide-react';
import { Link } from 'react-router';
import { useAlerts, type AlertsOwner } from '../api/get-alerts.ts';

interface AlertsBellProps {
  owner: AlertsOwner;
  /** Where the alerts are listed: the account's alerts page, or a line user's home. */
  to: string;
}

/** The header's bell: the count of new consumption alerts, read again every minute, leading to them. */
export function AlertsBell({ owner, to }: AlertsBellProps) {
  const alerts = useAlerts(owner, 'NOUVELLE', { poll: true });
  const count = alerts.data?.total ?? 0;
  const label = count === 0 ? 'Alertes de consommation : aucune nouvelle alerte' : `Alertes de consommation : ${countOf(count, 'nouvelle alerte', 'nouvelles alertes')}`;
  return (
    <Link to={to} className="relative inline-flex size-11 items-center justify-center rounded-md text-primary-strong hover:bg-primary-soft" aria-label={label} title={label}>
      <Bell aria-hidden="true" className="size-6" />
      {count > 0 ? (
        <span aria-hidden="true" className="absolute top-0.5 right-0.5 min-w-5 rounded-full bg-accent-strong px-1 text-center text-xs leading-5 font-bold text-white">
          {count > 99 ? '99+' : count}
        </span>
      ) : null}
    </Link>
  );
}

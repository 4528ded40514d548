import { ALERT_STATUSES, type AlertStatus } from '@ecare/shared/usage-alerts';
import { useSearchParams } from 'react-router';
import { DownloadButton } from '../../../components/ui/download-button.tsx';
import { ReadFailed, WaitingText } from '../../../components/ui/query-states.tsx';
import { useAlerts } from '../../../features/usage-alerts/api/get-alerts.ts';
import { useThresholds } from '../../../features/usage-alerts/api/get-thresholds.ts';
import { AlertsTable } from '../../../features/usage-alerts/components/alerts-table.tsx';
import { ThresholdsForm } from '../../../features/usage-alerts/components/thresholds-form.tsx';
import { AccountPage } from './account-page.tsx';

export { accountAreaLoader as alertsLoader } from './account-loader.ts';

const FILTERS: readonly { statut: AlertStatus | null; label: string }[] = [
  { statut: 'NOUVELLE', label: 'Nouvelles' },
  { statut: 'VUE', label: 'Vues' },
  { statut: 'RESOLUE', label: 'Résolues' },
  { statut: null, label: 'Toutes' },
];
const EMPTY: Record<AlertStatus | 'TOUTES', string> = {
  NOUVELLE: 'Aucune nouvelle alerte : aucune ligne n’a franchi de seuil depuis votre dernière visite.',
  VUE: 'Aucune alerte vue en attente.',
  RESOLUE: 'Aucune alerte résolue.',
  TOUTES: 'Aucune alerte de consommation sur ce compte.',
};

function statusOf(value: string | null): AlertStatus | null {
  if (value === null) return 'NOUVELLE';
  return (ALERT_STATUSES as readonly string[]).includes(value) ? (value as AlertStatus) : null;
}

function Alerts({ idClientBscs }: { idClientBscs: number }) {
  const [params, setParams] = useSearchParams();
  const statut = statusOf(params.get('statut'));
  const alerts = useAlerts({ kind: 'account', idClientBscs }, statut ?? undefined, { poll: true });
  return (
    <section aria-labelledby="alertes" className="space-y-4">
      <h2 id="alertes" className="text-xl font-bold text-primary-strong">
        Alertes
      </h2>
      <div role="group" aria-label="Statut des alertes montrées" className="flex flex-wrap gap-2">
        {FILTERS.map((filter) => (
          <button
            key={filter.label}
            type="button"
            aria-pressed={statut === filter.statut}
            className={statut === filter.statut ? 'btn-primary' : 'btn-secondary'}
            onClick={() => setParams(filter.statut === 'NOUVELLE' ? {} : { statut: filter.statut ?? 'TOUTES' }, { replace: true })}
          >
            {filter.label}
          </button>
        ))}
      </div>
      {alerts.isPending ? <WaitingText>Chargement des alertes…</WaitingText> : null}
      {alerts.isError ? <ReadFailed error={alerts.error} onRetry={() => void alerts.refetch()} pending={alerts.isFetching} /> : null}
      {alerts.data ? (
        <>
          {alerts.data.total > alerts.data.alertes.length ? (
            <p className="text-muted">
              Les {alerts.data.alertes.length} plus récentes sur {alerts.data.total.toLocaleString('fr-FR')}.
            </p>
          ) : null}
          <AlertsTable alerts={alerts.data.alertes} caption="Alertes de consommation des lignes du compte" mayResolve empty={EMPTY[statut ?? 'TOUTES']} />
          {alerts.data.total > 0 ? (
            <DownloadButton
              label="Exporter ces alertes (CSV)"
              path={`/api/clients/${idClientBscs}/alertes/export${statut ? `?statut=${statut}` : ''}`}
              fallbackName={`alertes-${idClientBscs}.csv`}
            />
          ) : null}
        </>
      ) : null}
    </section>
  );
}

function AccountThresholds({ idClientBscs }: { idClientBscs: number }) {
  const thresholds = useThresholds({ kind: 'account', idClientBscs });
  return (
    <section aria-labelledby="seuils" className="card space-y-4">
      <h2 id="seuils" className="text-xl font-bold text-primary-strong">
        Seuils d’alerte du compte
      </h2>
      <p className="text-muted">Ils s’appliquent à chaque ligne du compte, sauf à celles qui ont leurs propres seuils (page de la ligne).</p>
      {thresholds.isPending ? <WaitingText>Lecture des seuils…</WaitingText> : null}
      {thresholds.isError ? <ReadFailed error={thresholds.error} onRetry={() => void thresholds.refetch()} pending={thresholds.isFetching} /> : null}
      {thresholds.data ? <ThresholdsForm owner={{ kind: 'account', idClientBscs }} thresholds={thresholds.data} /> : null}
    </section>
  );
}

/** /mon-compte/alertes: the account's consumption alerts, and the thresholds that raise them (decision 047). */
export function AlertsRoute() {
  return (
    <AccountPage
      title="Alertes de consommation"
      managersOnly="Les alertes de votre ligne sont sur votre page d’accueil ; les seuils sont réglés par les gestionnaires du compte."
      className="max-w-6xl space-y-8"
    >
      {(account) => (
        <>
          <Alerts idClientBscs={account.idClientBscs} />
          <AccountThresholds idClientBscs={account.idClientBscs} />
        </>
      )}
    </AccountPage>
  );
}

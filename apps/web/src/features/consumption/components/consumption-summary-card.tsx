import type { ConsumptionPeriod } from '@ecare/shared/consumption';
import { DashboardCard } from '../../../components/ui/dashboard-card.tsx';
import { ReadFailed, WaitingText } from '../../../components/ui/query-states.tsx';
import { useConsumption } from '../api/get-consumption.ts';
import { allowanceLimit, formatAllowance, formatEuros, formatPeriodTitle, formatUsage, type UsageKind } from '../utils/consumption-format.ts';
import { consumptionPath } from '../utils/consumption-path.ts';
import { UsageGauge } from './usage-gauge.tsx';

const KIND_TITLES: Record<UsageKind, string> = { data: 'Données mobiles', voix: 'Appels', sms: 'SMS' };
const KINDS: readonly UsageKind[] = ['data', 'voix', 'sms'];

const valueOf = (kind: UsageKind, period: ConsumptionPeriod) => (kind === 'voix' ? period.voixMinutes : kind === 'sms' ? period.sms : period.dataMo);

/** A line's use over the running billing period, in a few figures, leading to its consumption page (decision 046). */
export function ConsumptionSummaryCard({ idContrat }: { idContrat: number }) {
  const consumption = useConsumption(idContrat, null);
  const data = consumption.data;
  const period = data?.periodes.find((p) => p.periode === data.periodeCourante) ?? data?.periodes.at(-1);
  return (
    <DashboardCard title="Ma consommation" link={{ to: consumptionPath(idContrat), label: 'Voir le détail de ma consommation' }}>
      {consumption.isPending ? (
        <WaitingText>Lecture de la consommation…</WaitingText>
      ) : consumption.isError ? (
        <ReadFailed error={consumption.error} onRetry={() => void consumption.refetch()} pending={consumption.isFetching} />
      ) : !period ? (
        <p>Aucune consommation n’est encore relevée sur cette ligne.</p>
      ) : (
        <>
          <p className="text-sm text-muted">
            {formatPeriodTitle(period.periode)}, période en cours&nbsp;: {consumption.data.libelleOffre}.
          </p>
          <dl className="space-y-3">
            {KINDS.map((kind) => {
              const allowance = consumption.data.forfait[kind];
              const value = valueOf(kind, period);
              const limit = allowanceLimit(allowance);
              return (
                <div key={kind}>
                  <dt className="font-semibold">{KIND_TITLES[kind]}</dt>
                  <dd>
                    <span className="text-lg font-bold">{formatUsage(kind, value)}</span>{' '}
                    <span className="text-sm text-muted">
                      {limit === null ? `(forfait\u00a0: ${formatAllowance(kind, allowance).toLowerCase()})` : `sur ${formatAllowance(kind, allowance)} inclus`}
                    </span>
                    {limit !== null ? <UsageGauge used={value} limit={limit} /> : null}
                  </dd>
                </div>
              );
            })}
            <div>
              <dt className="font-semibold">Hors forfait</dt>
              <dd>
                <span className="text-lg font-bold">{formatEuros(period.horsForfaitTTC)}</span> <span className="text-sm text-muted">TTC</span>
              </dd>
            </div>
          </dl>
        </>
      )}
    </DashboardCard>
  );
}

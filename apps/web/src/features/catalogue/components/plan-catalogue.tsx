import { COMMITMENT_MONTHS } from '@ecare/shared/catalogue';
import { useId, useState } from 'react';
import { ReadFailed, WaitingText } from '../../../components/ui/query-states.tsx';
import { usePlans } from '../api/get-plans.ts';
import { formatCommitment } from '../utils/phone-filters.ts';
import { PlanCard } from './plan-card.tsx';

/** The mobile plans sold, grouped by commitment, one commitment at a time or all. */
export function PlanCatalogue({ idClientBscs }: { idClientBscs: number }) {
  const plans = usePlans(idClientBscs);
  const [engagement, setEngagement] = useState<number | null>(null);
  const id = useId();
  if (plans.isError) return <ReadFailed error={plans.error} onRetry={() => void plans.refetch()} pending={plans.isFetching} />;
  if (!plans.data) return <WaitingText>Chargement des forfaits…</WaitingText>;
  const shown = plans.data.filter((plan) => engagement === null || plan.engagementMois === engagement);
  return (
    <div className="flex flex-col gap-4">
      <div>
        <label htmlFor={id} className="field-label">
          Engagement
        </label>
        <select id={id} className="field-input" value={engagement ?? ''} onChange={(event) => setEngagement(event.target.value === '' ? null : Number(event.target.value))}>
          <option value="">Tous les forfaits</option>
          {COMMITMENT_MONTHS.map((months) => (
            <option key={months} value={months}>
              {formatCommitment(months)}
            </option>
          ))}
        </select>
      </div>
      <ul className="grid grid-cols-1 gap-4 sm:grid-cols-2 xl:grid-cols-3">
        {shown.map((plan) => (
          <li key={plan.idOffreEngagement}>
            <PlanCard plan={plan} />
          </li>
        ))}
      </ul>
    </div>
  );
}

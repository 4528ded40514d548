import type { CataloguePlan } from '@ecare/shared/catalogue';
import { useId, type ReactNode } from 'react';
import { formatAllowance, formatCommitment } from '../utils/phone-filters.ts';
import { PriceDisplay } from './price-display.tsx';

/** A plan of the catalogue: allowance, zones, commitment, included options, monthly price HT and TTC. */
export function PlanCard({ plan, action }: { plan: CataloguePlan; action?: ReactNode }) {
  const titleId = useId();
  return (
    <article aria-labelledby={titleId} className="card flex h-full flex-col gap-3 p-4" data-testid="plan-card">
      <h3 id={titleId} className="text-lg font-semibold">
        {plan.libelle}
      </h3>
      <p className="text-2xl font-bold">{formatAllowance(plan)}</p>
      <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
        <dt className="text-muted">Engagement</dt>
        <dd>{formatCommitment(plan.engagementMois)}</dd>
        <dt className="text-muted">Zones</dt>
        <dd>{plan.zones.length > 0 ? plan.zones.join(', ') : 'France'}</dd>
      </dl>
      {plan.optionsIncluses.length > 0 ? (
        <ul className="list-disc ps-5 text-sm">
          {plan.optionsIncluses.map((option) => (
            <li key={option}>{option}</li>
          ))}
        </ul>
      ) : null}
      <PriceDisplay amounts={plan.prixMensuel} monthly emphasis />
      {action ? <div className="mt-auto">{action}</div> : null}
    </article>
  );
}

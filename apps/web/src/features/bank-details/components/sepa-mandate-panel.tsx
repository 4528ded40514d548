import type { ReactNode } from 'react';
import { ReadFailed, WaitingText } from '../../../components/ui/query-states.tsx';
import { useSepaMandate } from '../api/get-sepa-mandate.ts';
import { SepaMandateDetails } from './sepa-mandate-details.tsx';

/** The mandate in force alone (the menu's "Mandat SEPA"), with the way to change it (`change`). */
export function SepaMandatePanel({ idClientBscs, change }: { idClientBscs: number; change: ReactNode }) {
  const mandate = useSepaMandate(idClientBscs);
  if (mandate.error) return <ReadFailed error={mandate.error} onRetry={() => void mandate.refetch()} pending={mandate.isFetching} />;
  if (mandate.data === undefined) return <WaitingText>Chargement du mandat de prélèvement…</WaitingText>;
  return (
    <section aria-labelledby="mandat-en-vigueur" className="card max-w-4xl space-y-4">
      <h2 id="mandat-en-vigueur" className="text-xl font-bold text-primary-strong">
        {mandate.data ? 'Mandat en vigueur' : 'Aucun mandat en vigueur'}
      </h2>
      <SepaMandateDetails idClientBscs={idClientBscs} mandate={mandate.data} />
      <p>{change}</p>
    </section>
  );
}

import type { CartTotals as Totals } from '@ecare/shared/add-line';
import { useId } from 'react';
import { formatCents } from '../utils/add-line-format.ts';

/** The cart's totals as the server computed them: one-off and first month, HT, VAT and TTC, discounts, the monthly amount once promotions end. */
export function CartTotals({ totals }: { totals: Totals }) {
  const captionId = useId();
  const { ponctuel, mensuel, mensuelSansRemise } = totals;
  return (
    <section aria-labelledby={captionId} className="card space-y-3" data-testid="cart-totals">
      <h2 id={captionId} className="text-xl font-bold text-primary-strong">
        Total de la commande
      </h2>
      <p>
        {totals.nombreLignes} {totals.nombreLignes > 1 ? 'nouvelles lignes' : 'nouvelle ligne'}
      </p>
      {/* On a narrow screen the table scrolls in its own box, reachable with the keyboard. */}
      <div role="region" aria-label="Montants de la commande" tabIndex={0} className="overflow-x-auto">
        <table className="w-full min-w-[18rem] text-left">
          <caption className="sr-only">Montants de la commande hors taxes, TVA et toutes taxes comprises</caption>
          <thead>
            <tr className="border-b border-line">
              <th scope="col" className="py-2 pr-3">
                Montant
              </th>
              <th scope="col" className="py-2 pr-3 text-right">
                HT
              </th>
              <th scope="col" className="py-2 pr-3 text-right">
                TVA
              </th>
              <th scope="col" className="py-2 text-right">
                TTC
              </th>
            </tr>
          </thead>
          <tbody>
            <tr className="border-b border-line-soft">
              <th scope="row" className="py-2 pr-3 font-semibold">
                À payer à la commande
              </th>
              <td className="py-2 pr-3 text-right">{formatCents(ponctuel.htCentimes)}</td>
              <td className="py-2 pr-3 text-right">{formatCents(ponctuel.tvaCentimes)}</td>
              <td className="py-2 text-right font-semibold">{formatCents(ponctuel.ttcCentimes)}</td>
            </tr>
            <tr className="border-b border-line-soft">
              <th scope="row" className="py-2 pr-3 font-semibold">
                Par mois
              </th>
              <td className="py-2 pr-3 text-right">{formatCents(mensuel.htCentimes)}</td>
              <td className="py-2 pr-3 text-right">{formatCents(mensuel.tvaCentimes)}</td>
              <td className="py-2 text-right font-semibold">{formatCents(mensuel.ttcCentimes)}</td>
            </tr>
            {mensuelSansRemise.htCentimes !== mensuel.htCentimes ? (
              <tr>
                <th scope="row" className="py-2 pr-3 font-normal">
                  Par mois, une fois les promotions terminées
                </th>
                <td className="py-2 pr-3 text-right">{formatCents(mensuelSansRemise.htCentimes)}</td>
                <td className="py-2 pr-3 text-right">{formatCents(mensuelSansRemise.tvaCentimes)}</td>
                <td className="py-2 text-right">{formatCents(mensuelSansRemise.ttcCentimes)}</td>
              </tr>
            ) : null}
          </tbody>
        </table>
      </div>
      {totals.remisePonctuelleCentimes > 0 || totals.remiseMensuelleCentimes > 0 ? (
        <p className="text-sm text-success">
          Promotions appliquées :{' '}
          {[
            totals.remisePonctuelleCentimes > 0 ? `${formatCents(totals.remisePonctuelleCentimes)} HT à la commande` : null,
            totals.remiseMensuelleCentimes > 0 ? `${formatCents(totals.remiseMensuelleCentimes)} HT par mois` : null,
          ]
            .filter(Boolean)
            .join(', ')}
          .
        </p>
      ) : null}
    </section>
  );
}

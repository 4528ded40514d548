import type { OrderMoneyTotals } from '@ecare/shared/order-money';
import { formatCentimes } from '@ecare/shared/order-money';
import { useId } from 'react';

type Total = OrderMoneyTotals['commande'];

/** The rows of one total: before promotions and the promotions when there are any, then HT, VAT and TTC. */
function TotalRows({ label, total }: { label: string; total: Total }) {
  return (
    <>
      {total.remisesCentimes > 0 ? (
        <>
          <tr>
            <th scope="row" className="py-2 pr-3 font-normal">
              {label}, avant promotions
            </th>
            <td className="py-2 pr-3 text-right">{formatCentimes(total.avantPromotionsCentimes)}</td>
            <td colSpan={2} />
          </tr>
          <tr>
            <th scope="row" className="py-2 pr-3 font-normal">
              Promotions
            </th>
            <td className="py-2 pr-3 text-right text-success">{formatCentimes(-total.remisesCentimes)}</td>
            <td colSpan={2} />
          </tr>
        </>
      ) : null}
      <tr className="border-b border-line-soft">
        <th scope="row" className="py-2 pr-3 font-semibold">
          {label}
        </th>
        <td className="py-2 pr-3 text-right">{formatCentimes(total.htCentimes)}</td>
        <td className="py-2 pr-3 text-right">{formatCentimes(total.tvaCentimes)}</td>
        <td className="py-2 text-right font-semibold">{formatCentimes(total.ttcCentimes)}</td>
      </tr>
    </>
  );
}

/**
 * The cart's totals as the server's price model made them: at order and per month, before and
 * after promotions, HT, VAT and TTC, and the monthly amount once the limited promotions end. The
 * items listed with each line add up to them.
 */
export function CartTotals({ totals, nombreLignes }: { totals: OrderMoneyTotals; nombreLignes: number }) {
  const captionId = useId();
  const { commande, mensuel, mensuelFinPromotions } = totals;
  return (
    <section aria-labelledby={captionId} className="card space-y-3" data-testid="cart-totals">
      <h2 id={captionId} className="text-xl font-bold text-primary-strong">
        Total de la commande
      </h2>
      <p>
        {nombreLignes} {nombreLignes > 1 ? 'nouvelles lignes' : 'nouvelle ligne'}
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
            <TotalRows label="À payer à la commande" total={commande} />
            <TotalRows label="Par mois" total={mensuel} />
            {mensuelFinPromotions.htCentimes !== mensuel.htCentimes ? (
              <tr>
                <th scope="row" className="py-2 pr-3 font-normal">
                  Par mois, une fois les promotions terminées
                </th>
                <td className="py-2 pr-3 text-right">{formatCentimes(mensuelFinPromotions.htCentimes)}</td>
                <td className="py-2 pr-3 text-right">{formatCentimes(mensuelFinPromotions.tvaCentimes)}</td>
                <td className="py-2 text-right">{formatCentimes(mensuelFinPromotions.ttcCentimes)}</td>
              </tr>
            ) : null}
          </tbody>
        </table>
      </div>
    </section>
  );
}

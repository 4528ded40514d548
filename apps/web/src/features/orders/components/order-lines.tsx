import type { ChargeItem } from '@ecare/shared/order-money';
import type { OrderCharge, OrderDetail } from '@ecare/shared/orders';
import { ChargeList } from '../../../components/ui/charge-list.tsx';
import { formatEuros } from '../utils/order-format.ts';

/** An order's item as the shared wording reads it (cents). */
const chargeOf = (charge: OrderCharge): ChargeItem => ({
  nature: charge.nature,
  moment: charge.moment,
  libelle: charge.libelle,
  quantite: charge.quantite,
  montantCentimes: Math.round(charge.montantHt * 100),
  dureeMois: charge.dureeMois,
  franchiseCentimes: charge.franchiseHt === null ? null : Math.round(charge.franchiseHt * 100),
});

/** What the order is, line by line: every amount charged with its label, as frozen when it was placed. */
export function OrderLines({ lignes }: { lignes: OrderDetail['lignes'] }) {
  if (lignes.length === 0) return <p className="text-muted">Le détail de cette commande n’est pas disponible.</p>;
  return (
    <ul className="space-y-3">
      {lignes.map((line, index) => (
        <li key={index} className="border-b border-line-soft pb-3 last:border-b-0" data-testid="order-line">
          <p className="font-semibold">
            {line.quantite} × {line.libelle}
          </p>
          {line.details.length > 0 ? <p className="text-sm text-muted">{line.details.join(' · ')}</p> : null}
          {line.elements.length > 0 ? (
            <>
              <div className="mt-2">
                <ChargeList charges={line.elements.map(chargeOf)} />
              </div>
              <p className="mt-1 text-sm">
                {line.quantite > 1 ? 'Par ligne' : 'Pour cette ligne'}&nbsp;: {formatEuros(line.prixUniqueHt)} HT à la commande
                {line.prixMensuelHt > 0 ? `, puis ${formatEuros(line.prixMensuelHt)} HT par mois` : ''}
              </p>
            </>
          ) : (
            <p className="text-sm">
              {formatEuros(line.prixUniqueTtc)} TTC à la commande{line.prixMensuelTtc > 0 ? `, puis ${formatEuros(line.prixMensuelTtc)} TTC par mois` : ''} (par unité)
            </p>
          )}
        </li>
      ))}
    </ul>
  );
}

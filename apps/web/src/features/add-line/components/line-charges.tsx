import { formatCentimes, type Discounted, type MoneyLine } from '@ecare/shared/order-money';
import { ChargeList } from '../../../components/ui/charge-list.tsx';

/** `43,31 € HT avant promotions, −5,00 € de promotions : 38,31 € HT`, or the amount alone without promotions. */
function discountedText(amount: Discounted): string {
  const net = `${formatCentimes(amount.htCentimes)} HT`;
  if (amount.remisesCentimes === 0) return net;
  return `${formatCentimes(amount.avantPromotionsCentimes)} HT avant promotions, ${formatCentimes(-amount.remisesCentimes)} de promotions : ${net}`;
}

/**
 * Every amount one line of the cart charges, with its label (the price model's items, as the
 * recap PDFs and the order show them), then what they add up to for one line and for the group.
 */
export function LineCharges({ money }: { money: MoneyLine }) {
  return (
    <div className="space-y-2 text-sm" data-testid="line-charges">
      <ChargeList charges={money.elements} />
      <p>
        {money.quantite > 1 ? 'Pour une ligne' : 'Pour cette ligne'}&nbsp;: {discountedText(money.unitaire.commande)} à la commande, puis{' '}
        {discountedText(money.unitaire.mensuel)} par mois.
      </p>
      {money.quantite > 1 ? (
        <p>
          Pour les {money.quantite} lignes&nbsp;: {formatCentimes(money.total.commande.htCentimes)} HT à la commande, puis {formatCentimes(money.total.mensuel.htCentimes)} HT par
          mois.
        </p>
      ) : null}
    </div>
  );
}

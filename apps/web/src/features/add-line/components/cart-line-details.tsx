import { NUMBER_MODE_LABELS, cartLineTitle, type CartLine } from '@ecare/shared/add-line';
import type { MoneyLine } from '@ecare/shared/order-money';
import { formatPhone } from '@ecare/shared/phone';
import { formatDay } from '../utils/add-line-format.ts';
import { LineCharges } from './line-charges.tsx';

/** `Forfait Pro 50 Go avec Fairphone 5 256 Go (Noir)`, or `… – carte SIM seule`: what a line of the cart is. */
export const lineTitle = cartLineTitle;

/** How a line gets its number, in words. */
export function numberText(line: CartLine): string {
  if (line.ModeNumero === 'NOUVEAU' || !line.Msisdn) return `${NUMBER_MODE_LABELS.NOUVEAU} (attribué à la validation de la commande)`;
  if (line.ModeNumero === 'PORTABILITE')
    return `${NUMBER_MODE_LABELS.PORTABILITE} : ${formatPhone(line.Msisdn)}${line.DatePortage ? `, le ${formatDay(line.DatePortage)}` : ''}`;
  return `${NUMBER_MODE_LABELS.CONSERVATION} : ${formatPhone(line.Msisdn)}${line.InscriptionAnnuaire ? ', inscrit à l’annuaire' : ', liste rouge'}`;
}

/** What one line of the cart holds: its card, its number, and every amount it charges (HT). */
export function CartLineDetails({ line, money }: { line: CartLine; money: MoneyLine | undefined }) {
  return (
    <div className="space-y-3">
      <dl className="grid gap-x-4 gap-y-1 text-sm sm:grid-cols-[auto_1fr]">
        <dt className="font-semibold">Carte SIM</dt>
        <dd>{line.TypeSim === 'ESIM' ? 'eSIM' : 'Carte SIM physique'}</dd>
        <dt className="font-semibold">Numéro</dt>
        <dd>{numberText(line)}</dd>
      </dl>
      {money ? <LineCharges money={money} /> : null}
    </div>
  );
}

import type { PriceAmounts } from '@ecare/shared/catalogue';

const euros = new Intl.NumberFormat('fr-FR', { style: 'currency', currency: 'EUR' });

/** `1 234,56 €` of an amount in cents. */
export const formatCentimes = (centimes: number): string => euros.format(centimes / 100);

interface PriceDisplayProps {
  amounts: PriceAmounts;
  /** `/mois` after a monthly price. */
  monthly?: boolean;
  /** What the price is (read by screen readers before it): "Prix avec forfait"… */
  label?: string;
  /** The larger type of a card's main price. */
  emphasis?: boolean;
}

/** A price excluding VAT (the business figure, first) and including VAT, to the cent. */
export function PriceDisplay({ amounts, monthly = false, label, emphasis = false }: PriceDisplayProps) {
  const per = monthly ? ' /mois' : '';
  return (
    <p className="leading-tight">
      {label ? <span className="block text-sm text-muted">{label}</span> : null}
      <span className={emphasis ? 'text-xl font-bold' : 'font-semibold'}>
        {formatCentimes(amounts.htCentimes)} HT{per}
      </span>
      <span className="block text-sm text-muted">
        soit {formatCentimes(amounts.ttcCentimes)} TTC{per}
      </span>
    </p>
  );
}

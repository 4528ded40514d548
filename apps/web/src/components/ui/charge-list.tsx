import { CHARGE_NATURE_LABELS, chargeAmountText, chargeItemLabel, chargeNote, type ChargeItem } from '@ecare/shared/order-money';

/**
 * Every amount an order line charges, each with its label and what else it binds the customer to
 * (the insurance's excess), as the shared price model words it: the same list on the add-line
 * recap, in its PDFs and on the order's page.
 */
export function ChargeList({ charges }: { charges: readonly ChargeItem[] }) {
  return (
    <ul className="divide-y divide-line-soft text-sm">
      {charges.map((charge, index) => {
        const note = chargeNote(charge);
        return (
          <li key={index} className="flex flex-wrap justify-between gap-x-4 py-1">
            <span>
              <span className="font-semibold">{CHARGE_NATURE_LABELS[charge.nature]}</span> – {chargeItemLabel(charge)}
              {note ? <span className="block text-muted">{note}</span> : null}
            </span>
            <span className={charge.nature === 'PROMOTION' ? 'text-success' : undefined}>{chargeAmountText(charge)}</span>
          </li>
        );
      })}
    </ul>
  );
}

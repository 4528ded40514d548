import { ibanEnd } from '@ecare/shared/bank-details';
import { shownMaskedIban } from '../utils/bank-details-labels.ts';

/** A masked IBAN: bullets in groups of four on screen, "se terminant par 0167" for a screen reader. */
export function MaskedIban({ iban }: { iban: string }) {
  const end = ibanEnd(iban);
  return (
    <>
      <span aria-hidden="true" className="font-mono">
        {shownMaskedIban(iban)}
      </span>
      <span className="sr-only">{`IBAN masqué se terminant par ${end.split('').join(' ')}`}</span>
    </>
  );
}

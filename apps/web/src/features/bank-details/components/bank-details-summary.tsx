import { PAYMENT_MODE_LABELS, type BankDetails } from '@ecare/shared/bank-details';
import { MaskedIban } from './masked-iban.tsx';

/** The account's payment mode and the bank details on file. */
export function BankDetailsSummary({ details }: { details: BankDetails }) {
  return (
    <dl className="grid gap-x-6 gap-y-2 sm:grid-cols-[max-content_1fr]">
      <dt className="font-semibold">Mode de paiement</dt>
      <dd>{PAYMENT_MODE_LABELS[details.modePaiement]}</dd>
      {details.iban ? (
        <>
          <dt className="font-semibold">Titulaire du compte</dt>
          <dd className="break-words">{details.titulaire}</dd>
          <dt className="font-semibold">IBAN</dt>
          <dd>
            <MaskedIban iban={details.iban} />
          </dd>
          <dt className="font-semibold">BIC</dt>
          <dd className="font-mono">{details.bic}</dd>
        </>
      ) : (
        <>
          <dt className="font-semibold">Coordonnées bancaires</dt>
          <dd>Aucune coordonnée bancaire n’est enregistrée pour ce compte.</dd>
        </>
      )}
    </dl>
  );
}

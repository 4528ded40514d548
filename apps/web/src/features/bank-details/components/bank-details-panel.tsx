import { ReadFailed, WaitingText } from '../../../components/ui/query-states.tsx';
import { useBankDetails } from '../api/get-bank-details.ts';
import { useSepaMandate } from '../api/get-sepa-mandate.ts';
import { BankDetailsForm } from './bank-details-form.tsx';
import { BankDetailsSummary } from './bank-details-summary.tsx';
import { SepaMandateDetails } from './sepa-mandate-details.tsx';

/** A billing account's payment mode, bank details and SEPA mandate, and the form that changes them. */
export function BankDetailsPanel({ idClientBscs }: { idClientBscs: number }) {
  const details = useBankDetails(idClientBscs);
  const mandate = useSepaMandate(idClientBscs);
  const failed = details.error ? details : mandate.error ? mandate : null;
  if (failed) return <ReadFailed error={failed.error} onRetry={() => void failed.refetch()} pending={failed.isFetching} />;
  if (!details.data || mandate.data === undefined) return <WaitingText>Chargement des coordonnées bancaires…</WaitingText>;
  return (
    <div className="grid max-w-4xl gap-6">
      <section aria-labelledby="coordonnees-actuelles" className="card">
        <h2 id="coordonnees-actuelles" className="mb-4 text-xl font-bold text-primary-strong">
          Mode de paiement et compte bancaire
        </h2>
        <BankDetailsSummary details={details.data} />
      </section>
      <section aria-labelledby="mandat-sepa" className="card">
        <h2 id="mandat-sepa" className="mb-4 text-xl font-bold text-primary-strong">
          Mandat de prélèvement SEPA
        </h2>
        <SepaMandateDetails idClientBscs={idClientBscs} mandate={mandate.data} />
      </section>
      <section aria-labelledby="modifier-coordonnees" className="card">
        <h2 id="modifier-coordonnees" className="mb-1 text-xl font-bold text-primary-strong">
          Modifier les coordonnées bancaires
        </h2>
        <p className="mb-4 text-muted">
          Les nouvelles coordonnées remplacent les précédentes et révoquent le mandat en vigueur ; en prélèvement, un nouveau mandat est
          établi. Les gestionnaires du compte en sont informés par e-mail.
        </p>
        <BankDetailsForm idClientBscs={idClientBscs} details={details.data} mandate={mandate.data} />
      </section>
    </div>
  );
}

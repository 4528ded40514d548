import type { BillingAccount } from '@ecare/shared/accounts';
import { formatSirenSiret, SIREN_SIRET_LABEL } from '@ecare/shared/siren-siret';
import { AccountAddress } from './account-address.tsx';

/** The chosen billing account, as shown at the top of the home page. */
export function AccountSummary({ account }: { account: BillingAccount }) {
  return (
    <section aria-labelledby="compte-courant" className="card">
      <h2 id="compte-courant" className="text-xl font-bold text-primary-strong">
        {account.raisonSociale}
      </h2>
      <dl className="mt-4 grid gap-4 sm:grid-cols-3">
        <div>
          <dt className="text-sm text-muted">Compte de facturation</dt>
          <dd className="font-semibold">{account.codeClientBscs}</dd>
        </div>
        <div>
          <dt className="text-sm text-muted">{SIREN_SIRET_LABEL}</dt>
          <dd className="font-semibold whitespace-nowrap">{formatSirenSiret(account.sirenSiret)}</dd>
        </div>
        <div>
          <dt className="text-sm text-muted">Adresse</dt>
          <dd>
            <AccountAddress address={account.adresse} />
          </dd>
        </div>
      </dl>
    </section>
  );
}

import type { BillingAccount } from '@ecare/shared/accounts';
import { AccountAddress } from './account-address.tsx';

interface AccountChoiceListProps {
  accounts: readonly BillingAccount[];
  currentAccountId: number | null;
  pendingAccountId: number | null;
  onChoose: (account: BillingAccount) => void;
}

const mobileLines = (count: number) =>
  count === 0 ? 'Aucune ligne mobile' : count === 1 ? '1 ligne mobile' : `${count.toLocaleString('fr-FR')} lignes mobiles`;

/** Cards of the billing accounts the user manages, each with its choose button. */
export function AccountChoiceList({ accounts, currentAccountId, pendingAccountId, onChoose }: AccountChoiceListProps) {
  return (
    <ul className="grid gap-4 md:grid-cols-2">
      {accounts.map((account) => {
        const titleId = `compte-${account.idClientBscs}`;
        const isCurrent = account.idClientBscs === currentAccountId;
        return (
          <li key={account.idClientBscs} className="card flex flex-col gap-3">
            <div className="flex flex-wrap items-start justify-between gap-2">
              <h2 id={titleId} className="text-lg font-bold text-primary-strong">
                {account.raisonSociale}
              </h2>
              {isCurrent ? (
                <span className="rounded-full bg-success-soft px-3 py-1 text-sm font-semibold text-success">
                  Compte actuel
                </span>
              ) : null}
            </div>
            <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
              <dt className="text-muted">Compte de facturation</dt>
              <dd className="font-semibold">{account.codeClientBscs}</dd>
              <dt className="text-muted">Adresse</dt>
              <dd>
                <AccountAddress address={account.adresse} />
              </dd>
              <dt className="text-muted">Lignes mobiles</dt>
              <dd>{mobileLines(account.nbContratsMobile)}</dd>
            </dl>
            <div className="mt-auto">
              <button
                type="button"
                className="btn-primary"
                disabled={pendingAccountId !== null}
                onClick={() => onChoose(account)}
              >
                Choisir ce compte<span className="sr-only"> : {account.codeClientBscs} {account.raisonSociale}</span>
              </button>
            </div>
          </li>
        );
      })}
    </ul>
  );
}

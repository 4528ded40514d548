import type { BillingAccount } from '@ecare/shared/accounts';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Alert } from '../../../components/ui/alert.tsx';
import { PageHeading, type BreadcrumbItem } from '../../../components/ui/page-heading.tsx';
import { PATHS } from '../../../lib/routes.ts';
import { AccountSessionError } from '../../session/account-session-error.tsx';
import { useSessionState } from '../../session/use-session-state.ts';
import { accountBreadcrumb } from './account-breadcrumb.ts';

interface AccountPageProps {
  title: string;
  /** Default: Accueil › Mon compte › title. */
  breadcrumb?: BreadcrumbItem[];
  /** A page of the account's managers: what a simple line user reads instead, after "adressez-vous…". */
  managersOnly?: string;
  /** Class of the box around the content (its width). */
  className?: string;
  /** The content, built again from scratch when the chosen account changes. */
  children: (account: BillingAccount) => ReactNode;
}

/**
 * A page about the chosen billing account: its heading names the company and the account, the
 * session's error (account refused, read failed) shows in place, and the content comes once the
 * account is known.
 */
export function AccountPage({ title, breadcrumb, managersOnly, className = 'max-w-5xl', children }: AccountPageProps) {
  const { user, account } = useSessionState();
  if (managersOnly !== undefined && !user) return null;
  return (
    <>
      <PageHeading
        breadcrumb={breadcrumb ?? accountBreadcrumb(user ?? undefined, title)}
        intro={account ? `${account.raisonSociale} – compte ${account.codeClientBscs}` : undefined}
      >
        {title}
      </PageHeading>
      {managersOnly !== undefined && user?.utilisateur ? (
        <Alert tone="info" title="Cette page est réservée aux gestionnaires du compte de facturation.">
          <p>
            {managersOnly}{' '}
            <Link to={PATHS.account} className="link">
              Retour à Mon compte
            </Link>
          </p>
        </Alert>
      ) : (
        <>
          <AccountSessionError />
          {account ? (
            <div key={account.idClientBscs} className={className}>
              {children(account)}
            </div>
          ) : null}
        </>
      )}
    </>
  );
}

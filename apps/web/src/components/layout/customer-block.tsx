import { SIREN_SIRET_LABEL } from '@ecare/shared/siren-siret';
import { LogOut } from 'lucide-react';
import { Link } from 'react-router';

export interface CustomerBlockProps {
  fullName: string;
  /** Agent identity in customer-service mode (usernameSC, nomSC). */
  agent: { username: string; name: string } | null;
  /** Company identifier of the current account, already formatted, shown to a mandataire. */
  sirenSiret: string | null;
  /** The chosen line's number, already formatted; null when no line is chosen (no row then). */
  lineNumber: string | null;
  onLogout: () => void;
  /** Link to the account choice, for users managing several billing accounts. */
  accountLink?: { label: string; to: string } | null;
  className?: string;
}

/** Who is connected, on which company and line, and the logout button (spec §2). */
export function CustomerBlock({
  fullName,
  agent,
  sirenSiret,
  lineNumber,
  onLogout,
  accountLink = null,
  className = '',
}: CustomerBlockProps) {
  return (
    <div className={`flex items-center gap-4 ${className}`}>
      <dl className="text-right text-sm leading-snug">
        {agent ? (
          <div>
            <dt className="sr-only">Conseiller</dt>
            <dd className="font-semibold text-accent-strong">
              {agent.name} ({agent.username})
            </dd>
          </div>
        ) : null}
        <div>
          <dt className="sr-only">Client</dt>
          <dd className="font-semibold">{fullName}</dd>
        </div>
        {sirenSiret ? (
          <div className="text-muted">
            <dt className="inline">{SIREN_SIRET_LABEL} : </dt>
            <dd className="inline whitespace-nowrap">{sirenSiret}</dd>
          </div>
        ) : null}
        {lineNumber ? (
          <div className="text-muted">
            <dt className="inline">Ligne : </dt>
            <dd className="inline whitespace-nowrap">{lineNumber}</dd>
          </div>
        ) : null}
        {accountLink ? (
          <div>
            <dt className="sr-only">Compte de facturation</dt>
            <dd>
              <Link to={accountLink.to} className="link">
                {accountLink.label}
              </Link>
            </dd>
          </div>
        ) : null}
      </dl>
      <button type="button" className="btn-secondary min-h-10 px-3 py-1 text-sm" onClick={onLogout}>
        <LogOut aria-hidden="true" className="size-4" />
        Se déconnecter
      </button>
    </div>
  );
}

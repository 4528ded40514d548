import { X } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';

interface MobileMenuProps {
  id: string;
  open: boolean;
  homePath: string;
  /** Shown only when the user manages more than one billing account. */
  accountLink: { label: string; to: string } | null;
  onLogout: () => void;
  onNavigate: () => void;
  /** Who is connected (same content as the desktop customer block). */
  customer: ReactNode;
  /** Further destinations (server menu). */
  children?: ReactNode;
}

const itemClass = 'block rounded-md px-3 py-3 font-semibold hover:bg-primary-soft';

/** Collapsible menu of small screens (spec §2): Accueil, billing-account link, logout cross. */
export function MobileMenu({ id, open, homePath, accountLink, onLogout, onNavigate, customer, children }: MobileMenuProps) {
  return (
    <div id={id} hidden={!open} className="border-t border-line-soft bg-surface lg:hidden">
      <nav aria-label="Menu mobile" className="page-container py-3">
        <div className="mb-3 flex items-start justify-between gap-4 border-b border-line-soft pb-3">
          <div className="text-sm">{customer}</div>
          <button
            type="button"
            onClick={onLogout}
            className="inline-flex min-h-11 min-w-11 items-center justify-center rounded-md text-primary-strong hover:bg-primary-soft"
          >
            <X aria-hidden="true" className="size-6" />
            <span className="sr-only">Se déconnecter</span>
          </button>
        </div>
        <ul>
          <li>
            <Link to={homePath} className={itemClass} onClick={onNavigate}>
              Accueil
            </Link>
          </li>
          {accountLink ? (
            <li>
              <Link to={accountLink.to} className={itemClass} onClick={onNavigate}>
                {accountLink.label}
              </Link>
            </li>
          ) : null}
          {children}
        </ul>
      </nav>
    </div>
  );
}

import { LogOut } from 'lucide-react';
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
  /** Further destinations (server menu), as list items. */
  children?: ReactNode;
}

const itemClass = 'flex min-h-11 items-center rounded-md px-3 py-2 font-semibold hover:bg-primary-soft';

/**
 * Collapsible menu of small screens (spec §2): who is connected and the logout control, with
 * its visible name and the desktop's logout icon so it is not taken for the menu's own close
 * cross; Accueil, the billing-account link, then every entry of the desktop menu.
 */
export function MobileMenu({ id, open, homePath, accountLink, onLogout, onNavigate, customer, children }: MobileMenuProps) {
  return (
    <div id={id} hidden={!open} className="border-t border-line-soft bg-surface lg:hidden">
      <nav aria-label="Menu mobile" className="page-container py-3">
        <div className="mb-3 flex flex-wrap items-start justify-between gap-3 border-b border-line-soft pb-3">
          <div className="text-sm">{customer}</div>
          <button type="button" onClick={onLogout} className="btn-secondary min-h-11 px-3 py-1 text-sm">
            <LogOut aria-hidden="true" className="size-5" />
            Se déconnecter
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

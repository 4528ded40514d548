import type { MenuItem } from '@ecare/shared/menu';
import { SIREN_SIRET_LABEL } from '@ecare/shared/siren-siret';
import { Menu as MenuIcon, X } from 'lucide-react';
import { lazy, Suspense, type ReactNode } from 'react';
import { Link } from 'react-router';
import { BrandLogo } from '../../components/layout/brand-logo.tsx';
import { CustomerBlock, type CustomerBlockProps } from '../../components/layout/customer-block.tsx';
import { MobileMenu } from '../../components/layout/mobile-menu.tsx';
import { BRAND_NAME } from '../../config/site.ts';
import { DesktopMenu } from '../../features/menu/components/desktop-menu.tsx';
import type { GuardedNavigate } from '../../features/menu/components/menu-entry-link.tsx';
import type { MenuViewer } from '../../features/menu/utils/menu-rules.ts';
import { PATHS } from '../../lib/routes.ts';

interface SiteHeaderProps {
  homePath: string;
  menuItems: readonly MenuItem[];
  viewer: MenuViewer;
  /** Null for a visitor who is not signed in. */
  customer: Omit<CustomerBlockProps, 'className' | 'accountLink'> | null;
  accountLink: { label: string; to: string } | null;
  mobileOpen: boolean;
  onToggleMobile: () => void;
  onCloseMobile: () => void;
  onGuardedNavigate: GuardedNavigate;
  /** Orange information banner, kept inside the header landmark. */
  banner: ReactNode;
  /** The consumption alerts' bell, in a slot kept from the first paint (it comes after it). */
  bell?: ReactNode;
}

const MOBILE_MENU_ID = 'menu-mobile';

/** The header's box, first row and menu button: also drawn, before the app runs, by the page shell (frame-shell.tsx). */
export const HEADER_CLASS = 'border-b-4 border-accent bg-surface print:border-b-0';
export const HEADER_ROW_CLASS = 'page-container flex min-h-16 items-center justify-between gap-4 py-3';
export const MENU_BUTTON_CLASS =
  'inline-flex min-h-11 items-center gap-2 rounded-md px-3 font-semibold text-primary-strong hover:bg-primary-soft lg:hidden print:hidden';

// The server menu's entries in the folded mobile menu, built on React Aria's disclosures: that
// code comes with the menu, which the frame reads after its first paint (app-frame.tsx), not
// with the frame itself.
const MobileMenuLinks = lazy(() =>
  import('../../features/menu/components/mobile-menu-links.tsx').then((m) => ({ default: m.MobileMenuLinks })),
);

export function SiteHeader({
  homePath,
  menuItems,
  viewer,
  customer,
  accountLink,
  mobileOpen,
  onToggleMobile,
  onCloseMobile,
  onGuardedNavigate,
  banner,
  bell = null,
}: SiteHeaderProps) {
  return (
    <header className={HEADER_CLASS}>
      <div className={HEADER_ROW_CLASS}>
        <Link to={homePath} className="rounded-md" aria-label={`${BRAND_NAME} – Accueil`}>
          <BrandLogo />
        </Link>
        {customer ? (
          <div className="flex items-center gap-2">
            <CustomerBlock {...customer} accountLink={accountLink} className="hidden lg:flex" />
            <div className="size-11 print:hidden">{bell}</div>
            <button
              type="button"
              aria-expanded={mobileOpen}
              aria-controls={MOBILE_MENU_ID}
              onClick={onToggleMobile}
              className={MENU_BUTTON_CLASS}
            >
              {mobileOpen ? <X aria-hidden="true" className="size-6" /> : <MenuIcon aria-hidden="true" className="size-6" />}
              Menu
            </button>
          </div>
        ) : (
          <Link to={PATHS.login} className="btn-secondary">
            Se connecter
          </Link>
        )}
      </div>
      {customer ? (
        <div className="hidden border-t border-line-soft lg:block print:hidden">
          {/* The row keeps the height of its entries (min-h-11) before the menu, read after the
              first paint, arrives: the page below does not move when it comes. */}
          <div className="page-container min-h-13 py-1">
            {menuItems.length > 0 ? <DesktopMenu items={menuItems} viewer={viewer} onGuardedNavigate={onGuardedNavigate} /> : null}
          </div>
        </div>
      ) : null}
      {customer ? (
        <MobileMenu
          id={MOBILE_MENU_ID}
          open={mobileOpen}
          homePath={homePath}
          accountLink={accountLink}
          onLogout={customer.onLogout}
          onNavigate={onCloseMobile}
          customer={
            <>
              <p className="font-semibold">{customer.fullName}</p>
              {customer.sirenSiret ? (
                <p className="text-muted">
                  {SIREN_SIRET_LABEL} : <span className="whitespace-nowrap">{customer.sirenSiret}</span>
                </p>
              ) : null}
              {customer.lineNumber ? <p className="text-muted">Ligne : {customer.lineNumber}</p> : null}
            </>
          }
        >
          {menuItems.length > 0 ? (
            <Suspense fallback={null}>
              <MobileMenuLinks
                items={menuItems}
                viewer={viewer}
                excludeUrls={[homePath, PATHS.home, PATHS.userHome]}
                onGuardedNavigate={onGuardedNavigate}
                onNavigate={onCloseMobile}
              />
            </Suspense>
          ) : null}
        </MobileMenu>
      ) : null}
      {banner}
    </header>
  );
}

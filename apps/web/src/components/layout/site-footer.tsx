import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { BRAND_NAME, EXTERNAL_LINKS } from '../../config/site.ts';
import { PATHS } from '../../lib/routes.ts';
import { CardLogos } from '../ui/card-logos.tsx';
import { ExternalLink } from '../ui/external-link.tsx';

const SOCIAL = [
  { name: 'Facebook', href: EXTERNAL_LINKS.facebook },
  { name: 'Twitter', href: EXTERNAL_LINKS.twitter },
  { name: 'YouTube', href: EXTERNAL_LINKS.youtube },
] as const;

const footerLink = 'underline-offset-2 hover:underline';

interface SiteFooterProps {
  /** Columns built from the server menu (authenticated pages). */
  columns?: ReactNode;
  /** Extra block above the legal links (promotional links of the login page). */
  extra?: ReactNode;
  /** Server parameter activeR_RESSOURCES_EXTERNES: social links are inert unless it is true (and their address given). */
  socialEnabled: boolean;
  /** Server parameter environment_MachineName, kept in the page for support staff, shown to no one. */
  machineName?: string;
}

export function SiteFooter({ columns, extra, socialEnabled, machineName }: SiteFooterProps) {
  // Below the fold on arrival: the browser lays it out only as it nears the screen (it stays in
  // the page and its accessibility tree), so the menu's columns arriving after the first paint
  // do not cost the page a long layout (decision 012).
  return (
    <footer className="on-dark mt-12 bg-ink text-white [contain-intrinsic-size:auto_640px] [content-visibility:auto] print:hidden">
      <div className="page-container py-8">
        {columns}
        {extra}
        <div className="flex flex-col gap-6 border-t border-muted pt-6 md:flex-row md:items-center md:justify-between">
          <ul className="flex flex-wrap gap-4" aria-label="Réseaux sociaux">
            {SOCIAL.map((network) => (
              <li key={network.name}>
                {socialEnabled && network.href ? (
                  <ExternalLink href={network.href} className={`${footerLink} font-semibold`}>
                    {network.name}
                  </ExternalLink>
                ) : (
                  <a role="link" aria-disabled="true" className="font-semibold text-line-soft opacity-80">
                    {network.name}
                  </a>
                )}
              </li>
            ))}
          </ul>
          <CardLogos />
        </div>
        <nav aria-label="Informations légales" className="mt-6">
          <ul className="flex flex-wrap gap-x-6 gap-y-2 text-sm">
            <li>
              <Link to={PATHS.legalNotice} className={footerLink}>
                Mentions légales
              </Link>
            </li>
            <li>
              <Link to={PATHS.termsAndPrices} className={footerLink}>
                Conditions et tarifs
              </Link>
            </li>
            <li>
              <Link to={PATHS.faq} className={footerLink}>
                Contact
              </Link>
            </li>
            <li>
              <Link to={PATHS.environment} className={footerLink}>
                Environnement
              </Link>
            </li>
            <li>
              <Link to={PATHS.personalData} className={footerLink}>
                Protection des données
              </Link>
            </li>
            <li>
              <Link to={PATHS.accessibility} className={footerLink}>
                Accessibilité (non conforme)
              </Link>
            </li>
          </ul>
        </nav>
        <p className="mt-6 text-sm text-line-soft">© {BRAND_NAME}</p>
        {/* For support staff reading the page source: hidden from sight and from assistive technology. */}
        {machineName ? <p hidden>{machineName}</p> : null}
      </div>
    </footer>
  );
}

/**
 * Brand and outbound links of the portal. The operator brand is fictional; the server's
 * BRAND_NAME is not exposed to the browser yet, so the default lives here.
 */
export const BRAND_NAME = 'Telora Pro';

/** Suffix of every document title ("Accueil – Espace client Pro"). */
export const SITE_TITLE = 'Espace client Pro';

/** An address given at build time, or null when none is. */
const address = (value: unknown): string | null => (typeof value === 'string' && value.trim() !== '' ? value.trim() : null);

/**
 * Pages outside the portal: the operator's public site and social networks, given when the app
 * is built (`VITE_LIEN_…`, see the README). A link without its address is not shown (a social
 * network's stays inert), so that no link of the portal leads to a placeholder. The portal's
 * own pages (its offers, personal data) are in-app paths (lib/routes.ts).
 */
export const EXTERNAL_LINKS = {
  offers: address(import.meta.env.VITE_LIEN_OFFRES),
  proAdvantages: address(import.meta.env.VITE_LIEN_AVANTAGES_PRO),
  legacyCustomerArea: address(import.meta.env.VITE_LIEN_ANCIEN_ESPACE_CLIENT),
  promoVideos: address(import.meta.env.VITE_LIEN_VIDEOS),
  facebook: address(import.meta.env.VITE_LIEN_FACEBOOK),
  twitter: address(import.meta.env.VITE_LIEN_TWITTER),
  youtube: address(import.meta.env.VITE_LIEN_YOUTUBE),
} as const;

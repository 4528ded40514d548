/**
 * Brand and outbound links of the portal. The operator brand is fictional; the server's
 * BRAND_NAME is not exposed to the browser yet, so the default lives here.
 */
export const BRAND_NAME = 'Telora Pro';

/** Suffix of every document title ("Accueil – Espace client Pro"). */
export const SITE_TITLE = 'Espace client Pro';

/** Pages outside the portal. Placeholders until the operator provides its real addresses. */
export const EXTERNAL_LINKS = {
  offers: 'https://www.example.com/pro/offres',
  proAdvantages: 'https://www.example.com/pro/avantages',
  legacyCustomerArea: 'https://www.example.com/espace-client-mobile',
  promoVideos: 'https://www.example.com/pro/videos',
  dataProtection: 'https://www.example.com/protection-des-donnees',
  facebook: 'https://www.example.com/facebook',
  twitter: 'https://www.example.com/twitter',
  youtube: 'https://www.example.com/youtube',
} as const;


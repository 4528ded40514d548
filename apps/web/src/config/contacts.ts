import { BRAND_NAME } from './site.ts';

// Kept apart from site.ts, which the first download loads: only a few lazy pages need these.
/** Customer-service line shown on the maintenance page (spec §2, §9). Placeholder number. */
export const SUPPORT_LINE = {
  number: '3901',
  hours: 'du lundi au samedi de 8 h à 20 h',
  pricing: 'service gratuit + prix d’un appel',
} as const;

/** Postal address for personal-data requests (security information page). Fictional. */
export const DATA_PROTECTION_ADDRESS = [
  `${BRAND_NAME} – Délégué à la protection des données`,
  'Service Protection des données personnelles',
  '10 rue de l’Exemple',
  '75000 Paris',
] as const;

/** Government sites named on the security information page. */
export const GOVERNMENT_LINKS = {
  cybermalveillance: 'https://www.cybermalveillance.gouv.fr/',
  cnil: 'https://www.cnil.fr/',
  pharos: 'https://www.internet-signalement.gouv.fr/',
} as const;

import { plural, type CatalogueEntry } from './error-entries.ts';
import { frenchDay } from './paris-time.ts';

/** Error codes of the shop's catalogue (decision 035). */
export const CATALOGUE_ERRORS = {
  CATALOGUE_PHONE_NOT_FOUND: { status: 404, message: 'Ce téléphone n’existe pas dans le catalogue.' },
  CATALOGUE_OFFER_NOT_FOUND: { status: 404, message: 'Ce forfait n’existe pas dans le catalogue.' },
  CATALOGUE_OFFER_NOT_SOLD: { status: 400, message: 'Ce forfait n’est plus commercialisé.' },
  CATALOGUE_OFFER_NOT_OF_CONTRACT: { status: 400, message: 'Le forfait actuel indiqué n’est pas celui de cette ligne.' },
  CATALOGUE_CONTRACT_NOT_OF_ACCOUNT: { status: 403, message: 'Cette ligne n’appartient pas à ce compte de facturation.' },
  CATALOGUE_NO_MANAGED_ACCOUNT: {
    status: 403,
    message: 'Le catalogue est réservé aux gestionnaires d’un compte de facturation. Demandez au gestionnaire de votre compte de passer la commande.',
  },
  CATALOGUE_PROMO_CODE_UNKNOWN: { status: 404, message: 'Ce code promotionnel n’existe pas. Vérifiez sa saisie.' },
  CATALOGUE_PROMO_CODE_NOT_STARTED: {
    status: 400,
    message: ({ debut }: { debut: string }) => `Ce code promotionnel n’est valable qu’à partir du ${frenchDay(debut)}.`,
  },
  CATALOGUE_PROMO_CODE_EXPIRED: {
    status: 400,
    message: ({ fin }: { fin: string }) => `Ce code promotionnel n’est plus valable depuis le ${frenchDay(fin)}.`,
  },
  CATALOGUE_PROMO_CODE_NOT_APPLICABLE: { status: 400, message: 'Ce code promotionnel ne s’applique pas à ce produit ou à ce forfait.' },
  CATALOGUE_PROMO_CODE_TOO_MANY: {
    status: 429,
    message: ({ minutes }: { minutes: number }) =>
      `Trop de codes promotionnels ont été essayés en peu de temps. Veuillez réessayer dans ${plural(minutes, 'minute')}.`,
  },
  CATALOGUE_PERIOD_INVALID: { status: 400, message: 'La période demandée doit aller d’une date à une date postérieure, sur 366 jours au plus.' },
} as const satisfies Record<string, CatalogueEntry>;

import { plural, type CatalogueEntry } from './error-entries.ts';
import { frenchDay } from './paris-time.ts';

/** Error codes of the add-line cart (decision 038). */
export const ADD_LINE_ERRORS = {
  ADD_LINE_PROFILE_FORBIDDEN: { status: 403, message: 'Le profil n’est pas autorisé à accéder à l’ajout de ligne.' },
  ADD_LINE_CART_LOCKED: {
    status: 409,
    message: 'Cette commande est déjà envoyée : ses lignes ne peuvent plus être modifiées.',
  },
  ADD_LINE_CART_FULL: {
    status: 409,
    message: ({ max }: { max: number }) => `Un panier compte au plus ${plural(max, 'ligne')} : validez celui-ci avant d’en ajouter d’autres.`,
  },
  ADD_LINE_OFFER_UNAVAILABLE: { status: 400, message: 'Ce forfait n’est pas proposé à l’ajout de ligne mobile.' },
  ADD_LINE_PHONE_UNAVAILABLE: { status: 400, message: 'Ce téléphone n’est pas proposé au catalogue.' },
  ADD_LINE_PHONE_OUT_OF_STOCK: {
    status: 409,
    message: ({ stock }: { stock: number }) =>
      stock === 0 ? 'Ce téléphone est épuisé.' : `Il ne reste que ${plural(stock, 'exemplaire')} de ce téléphone.`,
  },
  ADD_LINE_COLOUR_UNKNOWN: { status: 400, message: 'Choisissez l’une des couleurs proposées pour ce téléphone.' },
  ADD_LINE_ESIM_UNSUPPORTED: { status: 400, message: 'Ce téléphone n’accepte pas l’eSIM : choisissez une carte SIM.' },
  ADD_LINE_OPTION_UNAVAILABLE: { status: 400, message: 'Cette option n’est pas proposée au catalogue.' },
  ADD_LINE_ACCESSORY_UNAVAILABLE: { status: 400, message: 'Cet accessoire n’est pas proposé au catalogue.' },
  ADD_LINE_ACCESSORY_INCOMPATIBLE: { status: 400, message: 'Cet accessoire ne convient pas au téléphone de cette ligne.' },
  ADD_LINE_PROMO_ALREADY: { status: 409, message: 'Une promotion du même genre est déjà appliquée à cette ligne.' },
  ADD_LINE_PORTABILITY_SINGLE: {
    status: 400,
    message: 'Un numéro porté ou conservé concerne une seule ligne : mettez la quantité de cette ligne à 1.',
  },
  ADD_LINE_RIO_INVALID: { status: 400, message: 'Le RIO ne correspond pas au numéro indiqué. Vérifiez les deux.' },
  ADD_LINE_NUMBER_IN_USE: { status: 409, message: 'Ce numéro est déjà celui d’une ligne de votre parc ou de votre panier.' },
  ADD_LINE_PORTING_DATE_TOO_SOON: {
    status: 400,
    message: ({ date }: { date: string }) => `La date de portabilité doit être au plus tôt le ${frenchDay(date)}.`,
  },
  ADD_LINE_PORTING_DATE_TOO_LATE: {
    status: 400,
    message: ({ date }: { date: string }) => `La date de portabilité doit être au plus tard le ${frenchDay(date)}.`,
  },
  ADD_LINE_PORTING_DATE_CLOSED: {
    status: 400,
    message: ({ libelle }: { libelle: string }) => `Le portage ne peut pas avoir lieu ce jour-là (${libelle}) : choisissez un jour ouvré.`,
  },
  ADD_LINE_CART_EMPTY: { status: 409, message: 'Votre panier est vide : ajoutez au moins une ligne.' },
  ADD_LINE_UNPAID: { status: 409, message: ({ message }: { message: string }) => message },
  ADD_LINE_ORDER_NOT_CARD: {
    status: 409,
    message: 'Cette commande n’attend plus de paiement par carte : son mode de paiement ne peut plus être changé.',
  },
  ADD_LINE_TRANSFER_REQUIRED: {
    status: 409,
    message: 'Pour cette commande, le paiement se fait par virement bancaire : choisissez ce mode de paiement.',
  },
  ADD_LINE_DELIVERY_MISSING: {
    status: 409,
    message: 'Indiquez où livrer la commande (étape Coordonnées) avant de la confirmer.',
  },
  ADD_LINE_ADDRESS_SHOP_DELIVERY_ONLY: {
    status: 400,
    message: 'Seule la livraison peut se faire en boutique : indiquez une adresse.',
  },
  ADD_LINE_INSURANCE_UNAVAILABLE: { status: 400, message: 'Cette assurance n’est pas proposée au catalogue.' },
  ADD_LINE_INSURANCE_NO_PHONE: {
    status: 400,
    message: 'L’assurance couvre un téléphone : choisissez d’abord un téléphone pour cette ligne.',
  },
  ADD_LINE_INSURANCE_CEILING: {
    status: 400,
    message: 'Cette assurance ne couvre pas un téléphone de ce prix : choisissez-en une autre.',
  },
  ADD_LINE_POINT_OF_SALE_UNKNOWN: { status: 400, message: 'Cette boutique n’existe pas : choisissez-en une dans la liste.' },
  ADD_LINE_NO_NUMBER_LEFT: { status: 503, message: 'Aucun numéro n’est disponible pour le moment. Veuillez réessayer plus tard.' },
  ADD_LINE_RECAPS_NOT_OPENED: {
    status: 409,
    message: 'Ouvrez l’information précontractuelle et le récapitulatif contractuel de votre commande avant de la confirmer.',
  },
  ADD_LINE_TOO_MANY: {
    status: 429,
    message: ({ minutes }: { minutes: number }) =>
      `Trop de modifications du panier en peu de temps. Veuillez réessayer dans ${plural(minutes, 'minute')}.`,
  },
} as const satisfies Record<string, CatalogueEntry>;

import { pointOfSalePlace } from '@ecare/shared';
import type { pointsOfSale } from '../../db/schema.ts';

/** A shop where a new phone is collected, as its row holds it. */
export type CollectionShop = Pick<typeof pointsOfSale.$inferSelect, 'nom' | 'adresse' | 'codePostal' | 'ville'>;

/**
 * What the mails say happens to the phone once paid (decision 039): sent to the address, or, for
 * a collection in a shop, to be collected there (never "sent" to someone who comes for it).
 */
export const afterTransferSentence = (shop: CollectionShop | undefined): string =>
  shop ? `Dès réception du virement, votre téléphone sera à retirer en boutique\u00a0: ${pointOfSalePlace(shop)}.` : 'Le téléphone vous sera envoyé dès réception du virement.';

export const afterCardPaymentSentence = (shop: CollectionShop | undefined): string =>
  shop
    ? `Nous le préparons\u00a0; il sera à retirer en boutique\u00a0: ${pointOfSalePlace(shop)}. Vous suivez la commande depuis votre espace client.`
    : 'Nous préparons son envoi ; vous suivez la commande depuis votre espace client.';

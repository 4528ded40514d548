import { z } from 'zod';
import { idSchema as id } from './ids.ts';
import { lazySchema } from './lazy-schema.ts';
import type { ADDRESS_TYPE } from './shop.ts';

/**
 * The add-line cart's addresses (spec §3 address types; decision 038): postal codes and communes,
 * an address as typed and as checked, and the cart's delivery, installation and eligibility addresses.
 */

export const postalCodeSchema = lazySchema(() => z.string().regex(/^\d{5}$/, 'Le code postal compte 5 chiffres.'));
export const postalCodeParamSchema = lazySchema(() => z.object({ codePostal: postalCodeSchema }));

export const communeSchema = lazySchema(() =>
  z.object({ codeInsee: z.string(), nom: z.string(), codePostal: z.string() }),
);
export type Commune = z.infer<typeof communeSchema>;
export const communeListSchema = lazySchema(() => z.array(communeSchema));

const text = (max: number, message: string) => z.string().trim().max(max, message);

/** An address as typed: the street may not be empty and the city must be one of the postal code's. */
export const shopAddressSchema = lazySchema(() =>
  z.object({
    destinataire: text(100, 'Le destinataire compte au plus 100 caractères.').min(1, 'Indiquez le destinataire.'),
    numero: text(10, 'Le numéro compte au plus 10 caractères.').default(''),
    voie: text(150, 'La voie compte au plus 150 caractères.').min(1, 'Indiquez la voie.'),
    complement: text(100, 'Le complément compte au plus 100 caractères.').default(''),
    codePostal: postalCodeSchema,
    ville: text(100, 'La ville compte au plus 100 caractères.').min(1, 'Indiquez la ville.'),
  }),
);
export type ShopAddressInput = z.input<typeof shopAddressSchema>;
export type ShopAddress = z.infer<typeof shopAddressSchema>;

/** The address checked: the city as the commune's name, with its INSEE code. */
export const checkedAddressSchema = lazySchema(() => shopAddressSchema.extend({ codeInsee: z.string() }));
export type CheckedAddress = z.infer<typeof checkedAddressSchema>;

/** A city name as compared: no accents, case, hyphens, apostrophes or "Saint"/"St" difference. */
export function cityKey(name: string): string {
  return name
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toUpperCase()
    .replace(/[^A-Z0-9]+/g, ' ')
    .replace(/\bSTE\b/g, 'SAINTE')
    .replace(/\bST\b/g, 'SAINT')
    .trim();
}

/** Where the phones and SIM cards go: the account's address, another one, or a shop to collect them. */
export const DELIVERY_MODES = ['ADRESSE_COMPTE', 'AUTRE_ADRESSE', 'POINT_DE_VENTE'] as const;
export type DeliveryMode = (typeof DELIVERY_MODES)[number];

/** An address of the cart as sent: the account's, another one (checked), or a shop (delivery only). */
export const cartAddressSchema = lazySchema(() =>
  z.discriminatedUnion('mode', [
    z.object({ mode: z.literal('ADRESSE_COMPTE') }),
    z.object({ mode: z.literal('AUTRE_ADRESSE'), adresse: shopAddressSchema }),
    z.object({ mode: z.literal('POINT_DE_VENTE'), idPointDeVente: id('La boutique où retirer la commande') }),
  ]),
);
export type CartAddressInput = z.input<typeof cartAddressSchema>;
export type CartAddress = z.output<typeof cartAddressSchema>;

/** The cart's addresses (spec §3 address types), as `/api/commande/adresse/enregistrer/{type}` names them. */
export const CART_ADDRESS_TYPES = ['INSTALLATION', 'ELIGIBILITE', 'LIVRAISON'] as const satisfies readonly (keyof typeof ADDRESS_TYPE)[];
export type CartAddressType = (typeof CART_ADDRESS_TYPES)[number];
export const cartAddressParamSchema = lazySchema(() =>
  z.object({ type: z.enum(CART_ADDRESS_TYPES).describe('INSTALLATION, ELIGIBILITE ou LIVRAISON') }),
);

/** `POST /api/commande/adresse/enregistrer/{type}`: one address of the cart, kept with it until the order is sent. */
export const cartAddressRequestSchema = lazySchema(() =>
  z.object({
    IdSouscription: id('Le panier'),
    Adresse: cartAddressSchema.describe('L’adresse du compte, une autre adresse, ou (livraison seulement) une boutique où retirer la commande'),
  }),
);
export type CartAddressRequest = z.input<typeof cartAddressRequestSchema>;

/** An address as the cart keeps it: another address is kept checked (city as the commune is named, INSEE code). */
export const savedCartAddressSchema = lazySchema(() =>
  z.discriminatedUnion('mode', [
    z.object({ mode: z.literal('ADRESSE_COMPTE') }),
    z.object({ mode: z.literal('AUTRE_ADRESSE'), adresse: checkedAddressSchema }),
    z.object({ mode: z.literal('POINT_DE_VENTE'), idPointDeVente: z.number().int() }),
  ]),
);
export type SavedCartAddress = z.infer<typeof savedCartAddressSchema>;

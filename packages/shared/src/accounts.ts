import { z } from 'zod';
import { lazySchema } from './lazy-schema.ts';

/** Client account number: a digit 1-9 then one or two groups of a dot and digits (spec §5). */
export const CLIENT_ACCOUNT_NUMBER = /^[1-9](\.\d+){1,2}$/;

export const ACCOUNT_STATUSES = ['ACTIF', 'SUSPENDU', 'RESILIE'] as const;
export const accountStatusSchema = lazySchema(() => z.enum(ACCOUNT_STATUSES));
export type AccountStatus = z.infer<typeof accountStatusSchema>;

export const addressSchema = lazySchema(() =>
  z.object({
    numero: z.string(),
    voie: z.string(),
    codePostal: z.string(),
    ville: z.string(),
  }),
);
export type Address = z.infer<typeof addressSchema>;

/** Billing account (compte de facturation), spec §3. */
export const billingAccountSchema = lazySchema(() =>
  z.object({
    idClientBscs: z.number().int(),
    codeClientBscs: z.string().regex(CLIENT_ACCOUNT_NUMBER),
    statut: accountStatusSchema,
    statutContratFixe: z.string().nullable(),
    nbContratsMobile: z.number().int(),
    isGestionnaire: z.boolean(),
    sirenSiret: z.string(),
    raisonSociale: z.string(),
    nom: z.string(),
    prenom: z.string(),
    email: z.string(),
    telephone: z.string(),
    adresse: addressSchema,
  }),
);
export type BillingAccount = z.infer<typeof billingAccountSchema>;

/**
 * GET /api/comptes_facturation: the accounts the user manages, every one with isGestionnaire
 * true; accounts the user is only attached to are left out (their details are not the user's).
 */
export const billingAccountListSchema = lazySchema(() => z.array(billingAccountSchema));

/** Path parameter carrying an idClientBscs. */
export const idClientBscsParamSchema = lazySchema(() =>
  z.object({
    id_client_bscs: z.coerce.number().int().positive().max(2_147_483_647),
  }),
);

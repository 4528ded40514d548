import { z } from 'zod';
import { lazySchema } from './lazy-schema.ts';
import { emailSchema } from './auth.ts';
import { apiErrorSchema } from './errors.ts';
import type { ESIM_ERRORS } from './esim-errors.ts';

/**
 * The text an eSIM QR code holds and that Android takes as its "add code" (GSMA SGP.22 activation
 * code): `LPA:1$<SM-DP+ address>$<matching id>`.
 */
export const LPA_PREFIX = 'LPA:1$';

export function lpaActivationCode(adresseSmdp: string, codeActivation: string): string {
  return `${LPA_PREFIX}${adresseSmdp}$${codeActivation}`;
}

/** The codes by which the eSIM link's answer says the link leads nowhere (spec §4: the page shows /404). */
export const ESIM_LINK_ERROR_CODES = ['ESIM_LINK_INVALID', 'ESIM_LINK_EXPIRED'] as const satisfies readonly (keyof typeof ESIM_ERRORS)[];

/** A PNG image inlined as a data URL (the page shows it as the QR code's `src`). */
const pngDataUrl = lazySchema(() => z.string().regex(/^data:image\/png;base64,[A-Za-z0-9+/]+=*$/));

/**
 * Spec §3 "eSIM response": `GET /api/consulteresim/{coId}` and `GET /api/consulterqrcode/{cipher}`.
 * `numGsm` is shown only when `numGsmValide`; `messageErreur` is null in a success.
 */
export const esimResponseSchema = lazySchema(() =>
  z.object({
    numGsm: z.string(),
    numGsmValide: z.boolean(),
    libelleOffreEngagement: z.string(),
    numContrat: z.number().int(),
    /** The QR code as a PNG data URL, holding `lpaActivationCode(urlSMDP, codeActivation)`. */
    qrCode: pngDataUrl,
    codeActivation: z.string(),
    /** The SM-DP+ server's address. */
    urlSMDP: z.string(),
    messageErreur: z.string().nullable(),
  }),
);
export type EsimResponse = z.infer<typeof esimResponseSchema>;

/**
 * A refused eSIM link (invalid, tampered with, expired, or naming a line without eSIM any more):
 * the usual error body, plus the spec's `messageErreur` on which the page goes to /404.
 */
export const esimLinkErrorSchema = lazySchema(() => apiErrorSchema.extend({ messageErreur: z.string() }));
export type EsimLinkError = z.infer<typeof esimLinkErrorSchema>;

const contractId = lazySchema(() => z.coerce.number().int().positive().max(2_147_483_647));

/** `/api/consulteresim/{coId}` and its `/envoyer`. */
export const esimContractParamSchema = lazySchema(() => z.object({ coId: contractId }));

/** The link's opaque token as it arrives; anything that is not one of ours is refused as invalid, not as malformed. */
export const esimCipherParamSchema = lazySchema(() => z.object({ cipher: z.string().min(1).max(200) }));

/** `POST /api/consulteresim/{coId}/envoyer`: where to e-mail the installation link. */
export const esimSendRequestSchema = lazySchema(() => z.object({ email: emailSchema }));
export type EsimSendRequest = z.infer<typeof esimSendRequestSchema>;

/** The link went out: to whom, and until when it works (ISO date-time). */
export const esimLinkSentSchema = lazySchema(() => z.object({ email: z.string(), expiration: z.string() }));
export type EsimLinkSent = z.infer<typeof esimLinkSentSchema>;

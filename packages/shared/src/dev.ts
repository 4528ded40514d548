import { z } from 'zod';
import { lazySchema } from './lazy-schema.ts';

/**
 * One e-mail of the development mailbox (GET /api/dev/mails): what the outbox holds, for the
 * browser tests and the developer reading the links a journey mails.
 */
export const devMailSchema = lazySchema(() =>
  z.object({
    id: z.number().int(),
    destinataire: z.string(),
    sujet: z.string(),
    texte: z.string(),
    html: z.string(),
    creeLe: z.string(),
    envoyeLe: z.string().nullable(),
    transport: z.string().nullable(),
    /** Files sent with it; the content only of text files (a calendar invitation), for reading. */
    piecesJointes: z.array(
      z.object({ nom: z.string(), type: z.string(), taille: z.number().int(), texte: z.string().nullable() }),
    ),
  }),
);
export type DevMail = z.infer<typeof devMailSchema>;

/** GET /api/dev/mails: the latest e-mails, newest first. */
export const devMailListSchema = lazySchema(() => z.array(devMailSchema));

import { z } from 'zod';
import { lazySchema } from './lazy-schema.ts';
import { wellFormed } from './admin-fields.ts';
import { SUPPORT_REFERENCE_PATTERN, SUPPORT_TICKET_STATUSES, supportTicketSchema, type SupportTicketStatus } from './support.ts';

/** The back office's support tickets (decision 030): the list, a ticket's status changes and answers. */

/**
 * The status changes the back office may make (decision 030): a received ticket is taken up,
 * waits for the customer or is resolved; a resolved one may be reopened (taken up again). No
 * ticket goes back to "Reçue", which only says nobody has looked at it yet.
 */
export const SUPPORT_TICKET_TRANSITIONS: Record<SupportTicketStatus, readonly SupportTicketStatus[]> = {
  OUVERTE: ['EN_COURS', 'EN_ATTENTE_CLIENT', 'RESOLUE'],
  EN_COURS: ['EN_ATTENTE_CLIENT', 'RESOLUE'],
  EN_ATTENTE_CLIENT: ['EN_COURS', 'RESOLUE'],
  RESOLUE: ['EN_COURS'],
};

export const canChangeTicketStatus = (from: SupportTicketStatus, to: SupportTicketStatus) => SUPPORT_TICKET_TRANSITIONS[from].includes(to);

export const ADMIN_TICKET_REPLY_MAX_LENGTH = 5_000;
export const ADMIN_TICKET_PAGE_SIZE_MAX = 50;
const referenceMessage = 'La référence doit être de la forme SUP-AAAA-NNNNNN.';

/** The filters and page of a list of requests in the back office (tickets, complaints): a reference or its beginning ("SUP-2026-0001"), case ignored. */
export const adminRequestListFields = (message: string) => ({
  reference: z
    .string()
    .trim()
    .max(30, message)
    .regex(/^[A-Za-z0-9-]*$/, message)
    .transform((value) => value.toUpperCase())
    .optional(),
  page: z.coerce.number<string>().int().min(1).max(100_000).default(1),
  taille: z.coerce.number<string>().int().min(1).max(ADMIN_TICKET_PAGE_SIZE_MAX).default(20),
});

/** `GET /api/admin/support/demandes?statut=&reference=&page=&taille=`: newest first. */
export const adminTicketQuerySchema = lazySchema(() =>
  z.object({ statut: z.enum(SUPPORT_TICKET_STATUSES, 'Statut inconnu.').optional(), ...adminRequestListFields(referenceMessage) }),
);
export type AdminTicketQuery = z.infer<typeof adminTicketQuerySchema>;

export const adminTicketParamSchema = lazySchema(() =>
  z.object({ reference: z.string().regex(SUPPORT_REFERENCE_PATTERN, referenceMessage) }),
);

/** A ticket as the back office lists it: the customer's view, the sender and the message. */
export const adminTicketSchema = lazySchema(() =>
  supportTicketSchema.extend({
    message: z.string(),
    expediteur: z.object({ prenom: z.string(), nom: z.string(), email: z.string(), entreprise: z.string().nullable(), client: z.boolean() }),
    /** The attachment's label; `supprimee` once its file was deleted at the end of its retention. */
    pieceJointe: z.object({ nom: z.string(), type: z.string(), taille: z.number().int(), supprimee: z.boolean() }).nullable(),
  }),
);
export type AdminTicket = z.infer<typeof adminTicketSchema>;

export const adminTicketPageSchema = lazySchema(() =>
  z.object({
    demandes: z.array(adminTicketSchema),
    total: z.number().int(),
    page: z.number().int(),
    taille: z.number().int(),
  }),
);
export type AdminTicketPage = z.infer<typeof adminTicketPageSchema>;

/** The back office's reply to a request's sender, e-mailed with a status change: optional. */
export const adminReplySchema = () =>
  wellFormed(
    z
      .string('La réponse doit être un texte.')
      .trim()
      .max(ADMIN_TICKET_REPLY_MAX_LENGTH, `La réponse ne peut dépasser ${ADMIN_TICKET_REPLY_MAX_LENGTH.toLocaleString('fr-FR')} caractères.`),
  ).optional();

/** `PUT /api/admin/support/demandes/{reference}/statut`: the new status and, optionally, a reply e-mailed to the sender. */
export const adminTicketStatusBodySchema = lazySchema(() =>
  z.strictObject({
    statut: z.enum(SUPPORT_TICKET_STATUSES, 'Veuillez choisir un statut.'),
    reponse: adminReplySchema(),
  }),
);
export type AdminTicketStatusBody = z.infer<typeof adminTicketStatusBodySchema>;

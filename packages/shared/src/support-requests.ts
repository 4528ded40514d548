import { z } from 'zod';
import { INVOICE_COMPLAINT_STATUS_LABELS, INVOICE_COMPLAINT_STATUSES } from './invoices.ts';
import { lazySchema } from './lazy-schema.ts';
import { SUPPORT_REFERENCE_PATTERN, SUPPORT_TICKET_STATUS_LABELS, SUPPORT_TICKET_STATUSES, supportTicketSchema } from './support.ts';
import { TERMINATION_STATUS_LABELS, TERMINATION_STATUSES } from './termination.ts';

/**
 * Every request a customer made, followed in one place, « Mes demandes » (decision 024): messages
 * of the contact form (SUP-…), invoice complaints (REC-…), line terminations and appointments
 * with an adviser, each with its own statuses.
 */
export const CUSTOMER_REQUEST_TYPES = ['CONTACT', 'RECLAMATION', 'RESILIATION', 'RENDEZ_VOUS'] as const;
export type CustomerRequestType = (typeof CUSTOMER_REQUEST_TYPES)[number];
export const CUSTOMER_REQUEST_TYPE_LABELS: Record<CustomerRequestType, string> = {
  CONTACT: 'Message au service client',
  RECLAMATION: 'Réclamation sur facture',
  RESILIATION: 'Résiliation de ligne',
  RENDEZ_VOUS: 'Rendez-vous avec un conseiller',
};

/** An appointment's status as the list shows it: booked and to come, past, or cancelled. */
export const APPOINTMENT_REQUEST_STATUSES = ['A_VENIR', 'PASSE', 'ANNULE'] as const;

/** Each kind's statuses and their words; `open` are those still awaiting something. */
export const CUSTOMER_REQUEST_STATUSES = {
  CONTACT: { labels: SUPPORT_TICKET_STATUS_LABELS, open: ['OUVERTE', 'EN_COURS', 'EN_ATTENTE_CLIENT'] },
  RECLAMATION: { labels: INVOICE_COMPLAINT_STATUS_LABELS, open: ['EN_COURS'] },
  RESILIATION: { labels: TERMINATION_STATUS_LABELS, open: ['PROGRAMMEE'] },
  RENDEZ_VOUS: { labels: { A_VENIR: 'Rendez-vous à venir', PASSE: 'Rendez-vous passé', ANNULE: 'Rendez-vous annulé' }, open: ['A_VENIR'] },
} as const satisfies Record<CustomerRequestType, { labels: Record<string, string>; open: readonly string[] }>;

const ALL_STATUSES = [...new Set<string>([...SUPPORT_TICKET_STATUSES, ...INVOICE_COMPLAINT_STATUSES, ...TERMINATION_STATUSES, ...APPOINTMENT_REQUEST_STATUSES])] as [string, ...string[]];

export const CUSTOMER_REQUEST_SORTS = ['date', 'type'] as const;
export type CustomerRequestSort = (typeof CUSTOMER_REQUEST_SORTS)[number];
export const CUSTOMER_REQUEST_PAGE_SIZE_MAX = 50;

/** `GET /api/mes-demandes?type=&tri=&ordre=&page=&taille=`: newest first unless asked otherwise. */
export const customerRequestQuerySchema = lazySchema(() =>
  z.object({
    type: z.enum(CUSTOMER_REQUEST_TYPES, 'Type de demande inconnu.').optional(),
    tri: z.enum(CUSTOMER_REQUEST_SORTS, 'Tri inconnu.').default('date'),
    ordre: z.enum(['asc', 'desc'], 'Ordre inconnu.').default('desc'),
    page: z.coerce.number<string>().int().min(1).max(100_000).default(1),
    taille: z.coerce.number<string>().int().min(1).max(CUSTOMER_REQUEST_PAGE_SIZE_MAX).default(10),
  }),
);
export type CustomerRequestQuery = z.infer<typeof customerRequestQuerySchema>;

export const customerRequestSchema = lazySchema(() =>
  z.object({
    type: z.enum(CUSTOMER_REQUEST_TYPES),
    /** SUP-… and REC-… references; a termination's and an appointment's number ("n° 42"), as their e-mails give it. */
    reference: z.string(),
    /** What it is about: the subject typed, the complaint's or termination's reason, the appointment's purpose. */
    intitule: z.string(),
    /** What it concerns: the theme, the invoice, the line and its date. */
    precision: z.string().nullable(),
    /** ISO date-time it was made. */
    dateCreation: z.string(),
    statut: z.enum(ALL_STATUSES),
    statutLibelle: z.string(),
    /** Still awaiting something (received, being handled, scheduled, to come). */
    enCours: z.boolean(),
    /** Where its page is: the invoice of a complaint, the line of a termination or appointment. */
    referenceFacture: z.string().nullable(),
    idContrat: z.number().int().nullable(),
  }),
);
export type CustomerRequest = z.infer<typeof customerRequestSchema>;

export const customerRequestPageSchema = lazySchema(() =>
  z.object({
    demandes: z.array(customerRequestSchema),
    total: z.number().int(),
    page: z.number().int(),
    taille: z.number().int(),
  }),
);
export type CustomerRequestPage = z.infer<typeof customerRequestPageSchema>;

/** `GET /api/support/demandes/{reference}`: one of the caller's messages, with what they wrote. */
export const supportTicketDetailSchema = lazySchema(() => supportTicketSchema.extend({ message: z.string() }));
export type SupportTicketDetail = z.infer<typeof supportTicketDetailSchema>;

export const supportTicketParamSchema = lazySchema(() =>
  z.object({ reference: z.string().regex(SUPPORT_REFERENCE_PATTERN, 'La référence doit être de la forme SUP-AAAA-NNNNNN.') }),
);

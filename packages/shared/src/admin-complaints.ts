import { z } from 'zod';
import { adminReplySchema, adminRequestListFields } from './admin.ts';
import { COMPLAINT_REFERENCE_PATTERN, INVOICE_COMPLAINT_MOTIFS, INVOICE_COMPLAINT_STATUSES } from './invoices.ts';
import { COMPLAINT_DECISIONS } from './credit-notes.ts';
import { lazySchema } from './lazy-schema.ts';

/**
 * Invoice complaints (REC-…) in the back office, handled as the contact form's requests are
 * (decision 030): listed, moved from one status to the other with a reply e-mailed to their
 * sender, each change audited.
 */
export type InvoiceComplaintStatus = (typeof INVOICE_COMPLAINT_STATUSES)[number];

/** A complaint is treated, or taken up again. */
export const INVOICE_COMPLAINT_TRANSITIONS: Record<InvoiceComplaintStatus, readonly InvoiceComplaintStatus[]> = {
  EN_COURS: ['TRAITEE'],
  TRAITEE: ['EN_COURS'],
};

const referenceMessage = 'La référence doit être de la forme REC-AAAA-NNNNNN.';

/** `GET /api/admin/reclamations?statut=&reference=&page=&taille=`: newest first. */
export const adminComplaintQuerySchema = lazySchema(() =>
  z.object({ statut: z.enum(INVOICE_COMPLAINT_STATUSES, 'Statut inconnu.').optional(), ...adminRequestListFields(referenceMessage) }),
);
export type AdminComplaintQuery = z.infer<typeof adminComplaintQuerySchema>;

export const adminComplaintParamSchema = lazySchema(() => z.object({ reference: z.string().regex(COMPLAINT_REFERENCE_PATTERN, referenceMessage) }));

/** A complaint as the back office reads it: the invoice and account, the lines named, the sender and the message. */
export const adminComplaintSchema = lazySchema(() =>
  z.object({
    reference: z.string(),
    dateCreation: z.string(),
    dateMiseAJour: z.string(),
    motif: z.enum(INVOICE_COMPLAINT_MOTIFS),
    message: z.string(),
    statut: z.enum(INVOICE_COMPLAINT_STATUSES),
    /** The back office's decision and its reason (decision 060); null until decided. */
    decision: z.enum(COMPLAINT_DECISIONS).nullable(),
    motifDecision: z.string().nullable(),
    /** The credit note the decision issued. */
    avoir: z.string().nullable(),
    /** Amounts in euros, as the invoices' answers give them. */
    facture: z.object({ referenceNumber: z.string(), dateFacture: z.string(), montantHT: z.number(), montantTTC: z.number() }),
    compte: z.object({ idClientBscs: z.number().int(), codeClientBscs: z.string(), raisonSociale: z.string() }),
    /** Numbers of the lines the complaint names. */
    lignes: z.array(z.string()),
    /** Who filed it; the account's contact when that user is gone. */
    expediteur: z.object({ prenom: z.string(), nom: z.string(), email: z.string() }),
  }),
);
export type AdminComplaint = z.infer<typeof adminComplaintSchema>;

export const adminComplaintPageSchema = lazySchema(() =>
  z.object({
    reclamations: z.array(adminComplaintSchema),
    total: z.number().int(),
    page: z.number().int(),
    taille: z.number().int(),
  }),
);
export type AdminComplaintPage = z.infer<typeof adminComplaintPageSchema>;

/** `PUT /api/admin/reclamations/{reference}/statut`: the new status and, optionally, a reply e-mailed to the sender. */
export const adminComplaintStatusBodySchema = lazySchema(() =>
  z.strictObject({
    statut: z.enum(INVOICE_COMPLAINT_STATUSES, 'Veuillez choisir un statut.'),
    reponse: adminReplySchema(),
  }),
);
export type AdminComplaintStatusBody = z.infer<typeof adminComplaintStatusBodySchema>;

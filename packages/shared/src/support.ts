import { z } from 'zod';
import { lazySchema } from './lazy-schema.ts';
import { personFirstNameSchema, personLastNameSchema } from './account-users.ts';
import { emailSchema } from './auth.ts';
import { MAX_ID } from './constants.ts';

/**
 * The contact form and the support tickets it creates (spec §1 "contact form by theme", §7
 * `contact_themes`, `contact_sous_themes/{idTheme}`, `POST /api/faq/envoyerEmail`; decision 024).
 */

/** Theme of the security contact: the security page's button opens the form on it (spec §2, §9). */
export const SECURITY_CONTACT_THEME_ID = 13;

export const contactThemeSchema = lazySchema(() =>
  z.object({
    idTheme: z.number().int(),
    libelle: z.string(),
    ordre: z.number().int(),
  }),
);
export type ContactTheme = z.infer<typeof contactThemeSchema>;
export const contactThemeListSchema = lazySchema(() => z.array(contactThemeSchema));

export const contactSubThemeSchema = lazySchema(() =>
  z.object({
    idSousTheme: z.number().int(),
    idTheme: z.number().int(),
    libelle: z.string(),
    ordre: z.number().int(),
  }),
);
export type ContactSubTheme = z.infer<typeof contactSubThemeSchema>;
export const contactSubThemeListSchema = lazySchema(() => z.array(contactSubThemeSchema));

/** `/api/Faq/contact_sous_themes/{idTheme}`. */
export const contactThemeParamSchema = lazySchema(() =>
  z.object({
    idTheme: z.coerce.number<string>().int().positive().max(MAX_ID),
  }),
);

/** Lengths of the form's fields, in characters (Unicode code points, as a person counts them). */
export const CONTACT_LIMITS = {
  objet: 120,
  message: 5_000,
  telephone: 20,
  entreprise: 100,
  captcha: 4_096,
} as const;

/** The attachment: one file, PDF, JPEG or PNG (recognised by its first bytes), at most 5 MB. */
export const ATTACHMENT_MAX_BYTES = 5 * 1024 * 1024;
export const ATTACHMENT_FIELD = 'pieceJointe';
export const ATTACHMENT_TYPES = ['application/pdf', 'image/jpeg', 'image/png'] as const;
export type AttachmentType = (typeof ATTACHMENT_TYPES)[number];
/** What a file input offers to choose (the server still reads the bytes). */
export const ATTACHMENT_ACCEPT = '.pdf,.jpg,.jpeg,.png,application/pdf,image/jpeg,image/png';
/** Bytes `attachmentTypeOf` needs. */
export const ATTACHMENT_SIGNATURE_BYTES = 8;

const SIGNATURES: readonly { type: AttachmentType; bytes: readonly number[] }[] = [
  { type: 'application/pdf', bytes: [0x25, 0x50, 0x44, 0x46, 0x2d] }, // %PDF-
  { type: 'image/jpeg', bytes: [0xff, 0xd8, 0xff] },
  { type: 'image/png', bytes: [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a] },
];

/**
 * The type of a file from its first bytes (its "magic number"), whatever its name or the type the
 * browser declares; null when it is none of the accepted ones.
 */
export function attachmentTypeOf(head: Uint8Array): AttachmentType | null {
  return SIGNATURES.find(({ bytes }) => bytes.every((byte, index) => head[index] === byte))?.type ?? null;
}

/** Characters as a person counts them (an emoji is one), for the limits above. */
export const characterCount = (text: string): number => [...text].length;

/** C0 control characters other than tab, line feed and carriage return (as the API's validation refuses them). */
// eslint-disable-next-line no-control-regex -- finding control characters is this expression's purpose
const CONTROL_CHARACTER = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/;
// eslint-disable-next-line no-control-regex -- a one-line field refuses line breaks too
const LINE_BREAK_OR_CONTROL = /[\u0000-\u001F\u007F]/;

/** A form sends line breaks as CRLF: counted and stored as one character. */
const normaliseLineBreaks = (text: string) => text.replace(/\r\n?/g, '\n');

/** An optional text field: empty or blank is the same as absent. */
function optional<T extends z.ZodType>(schema: T) {
  return z.preprocess((value) => (typeof value === 'string' && value.trim() === '' ? undefined : value), schema.optional());
}

/** An id sent as text (every field of a multipart body is). */
const idText = (message: string) =>
  z
    .string(message)
    .trim()
    .regex(/^\d{1,10}$/, message)
    .transform(Number)
    .pipe(z.number().int().positive(message).max(MAX_ID, message));

const oneLine = (what: string, max: number) =>
  z
    .string(`${what} est obligatoire.`)
    .trim()
    .min(1, `${what} est obligatoire.`)
    .refine((text) => characterCount(text) <= max, `${what} ne peut dépasser ${max} caractères.`)
    .refine((text) => !LINE_BREAK_OR_CONTROL.test(text), `${what} doit tenir sur une ligne, sans caractère de contrôle.`);

const PHONE = /^\+?[0-9][0-9 .()-]{5,19}$/;

/** What every message says, signed in or not (the fields of `POST /api/faq/envoyerEmail`). */
export const contactMessageSchema = lazySchema(() =>
  z.object({
    idTheme: idText('Veuillez choisir un thème.'),
    /** Required when the theme has sub-themes (all those of the reference data have). */
    idSousTheme: optional(idText('Veuillez choisir un sous-thème.')),
    objet: oneLine('L’objet', CONTACT_LIMITS.objet),
    message: z
      .string('Le message est obligatoire.')
      .transform(normaliseLineBreaks)
      .pipe(
        z
          .string()
          .trim()
          .min(1, 'Le message est obligatoire.')
          .refine((text) => characterCount(text) <= CONTACT_LIMITS.message, `Le message ne peut dépasser ${CONTACT_LIMITS.message} caractères.`)
          .refine((text) => !CONTROL_CHARACTER.test(text), 'Le message contient un caractère de contrôle non autorisé.'),
      ),
    telephone: optional(
      z
        .string()
        .trim()
        .max(CONTACT_LIMITS.telephone, 'Le numéro de téléphone est trop long.')
        .regex(PHONE, 'Le numéro de téléphone ne doit contenir que des chiffres, des espaces, des points, des tirets ou un + initial.'),
    ),
    /** The billing account the message is about (signed in only; the caller must manage it). */
    idClientBscs: optional(idText('Le compte de facturation doit être désigné par son identifiant numérique.')),
    /** reCAPTCHA token (action 'homepage'), required from a visitor when the captcha is on. */
    captcha: optional(z.string().max(CONTACT_LIMITS.captcha)),
  }),
);

/** Who writes: asked of a visitor; a signed-in customer's comes from their session. */
export const contactSenderSchema = lazySchema(() =>
  z.object({
    prenom: personFirstNameSchema,
    nom: personLastNameSchema,
    email: emailSchema,
    entreprise: optional(oneLine('Le nom de l’entreprise', CONTACT_LIMITS.entreprise)),
  }),
);

/** A visitor's message: what they write and who they are. */
export const contactVisitorMessageSchema = lazySchema(() => contactMessageSchema.extend(contactSenderSchema.shape));
export type ContactVisitorMessage = z.output<typeof contactVisitorMessageSchema>;
export type ContactMessage = z.output<typeof contactMessageSchema>;

/**
 * The multipart body as the OpenAPI document describes it: the message's fields, the sender's
 * (required from a visitor, ignored from a signed-in customer) and at most one file.
 */
export const contactRequestDocumentSchema = lazySchema(() =>
  contactMessageSchema.extend({
    prenom: personFirstNameSchema.optional().describe('Obligatoire sans session ; ignoré avec une session (pris de la session).'),
    nom: personLastNameSchema.optional().describe('Obligatoire sans session ; ignoré avec une session.'),
    email: emailSchema.optional().describe('Obligatoire sans session ; ignoré avec une session.'),
    entreprise: z.string().max(CONTACT_LIMITS.entreprise).optional(),
    [ATTACHMENT_FIELD]: z
      .string()
      .meta({ format: 'binary' })
      .optional()
      .describe('Une pièce jointe facultative : PDF, JPEG ou PNG (reconnu à ses premiers octets), 5 Mo au plus.'),
  }),
);

/** The answer: the ticket's reference, shown on the page and given in the acknowledgement. */
export const contactResponseSchema = lazySchema(() =>
  z.object({
    reference: z.string(),
    dateCreation: z.string(),
    /** Where the acknowledgement was sent. */
    email: z.string(),
  }),
);
export type ContactResponse = z.infer<typeof contactResponseSchema>;

/** `SUP-YYYY-NNNNNN`: the year of the ticket (Europe/Paris) and its number in that year. */
export const SUPPORT_REFERENCE_PATTERN = /^SUP-\d{4}-\d{6,}$/;
export const supportReference = (year: number, number: number) => `SUP-${year}-${String(number).padStart(6, '0')}`;

export const SUPPORT_TICKET_STATUSES = ['OUVERTE', 'EN_COURS', 'EN_ATTENTE_CLIENT', 'RESOLUE'] as const;
export type SupportTicketStatus = (typeof SUPPORT_TICKET_STATUSES)[number];
export const SUPPORT_TICKET_STATUS_LABELS: Record<SupportTicketStatus, string> = {
  OUVERTE: 'Reçue',
  EN_COURS: 'En cours de traitement',
  EN_ATTENTE_CLIENT: 'En attente de votre réponse',
  RESOLUE: 'Traitée',
};

export const supportTicketSchema = lazySchema(() =>
  z.object({
    reference: z.string(),
    dateCreation: z.string(),
    dateMiseAJour: z.string(),
    theme: z.string(),
    sousTheme: z.string().nullable(),
    objet: z.string(),
    statut: z.enum(SUPPORT_TICKET_STATUSES),
    pieceJointe: z.object({ nom: z.string(), type: z.string(), taille: z.number().int() }).nullable(),
  }),
);
export type SupportTicket = z.infer<typeof supportTicketSchema>;

export const SUPPORT_TICKET_PAGE_SIZE_MAX = 50;

/** `GET /api/support/demandes?page=…&taille=…`: the caller's own tickets, newest first. */
export const supportTicketQuerySchema = lazySchema(() =>
  z.object({
    page: z.coerce.number<string>().int().min(1).max(100_000).default(1),
    taille: z.coerce.number<string>().int().min(1).max(SUPPORT_TICKET_PAGE_SIZE_MAX).default(10),
  }),
);
export type SupportTicketQuery = z.infer<typeof supportTicketQuerySchema>;

export const supportTicketPageSchema = lazySchema(() =>
  z.object({
    demandes: z.array(supportTicketSchema),
    total: z.number().int(),
    page: z.number().int(),
    taille: z.number().int(),
  }),
);
export type SupportTicketPage = z.infer<typeof supportTicketPageSchema>;

import {
  contactMessageSchema,
  contactVisitorMessageSchema,
  supportReference,
  type ContactMessage,
  type ContactResponse,
  type ContactSubTheme,
  type ContactTheme,
  type ContactVisitorMessage,
  type SupportTicket,
  type SupportTicketPage,
  type SupportTicketQuery,
} from '@ecare/shared';
import type { Audit } from '../../core/audit.ts';
import { nextReferenceNumber } from '../../db/reference-counters.ts';
import type { Transact } from '../../db/transaction.ts';
import type { CaptchaVerifier } from '../../lib/captcha.ts';
import type { Clock } from '../../lib/clock.ts';
import { fail } from '../../lib/errors.ts';
import { pageOrLast } from '../../lib/paging.ts';
import { identifierKey, loginSource, type Limits } from '../../lib/limits.ts';
import type { AccessPolicy } from '../../policy/access-policy.ts';
import type { AuthUser } from '../auth/index.ts';
import type { MailService } from '../../platform/mail/index.ts';
import type { AttachmentStore } from '../../lib/attachments/store.ts';
import { acknowledgementMail, supportTicketMail, type TicketSummary } from './support.mails.ts';
import { invalidBody } from '../../lib/attachments/multipart.ts';
import type { ContactUpload } from './support.multipart.ts';
import type { SupportRepository, TicketListRow } from './support.repository.ts';
import { parisDateTimeFormat } from '@ecare/shared/paris-time';

export interface SupportDeps {
  repo: SupportRepository;
  store: AttachmentStore;
  policy: AccessPolicy;
  audit: Audit;
  transaction: Transact;
  mail: MailService;
  limits: Limits;
  captcha: CaptchaVerifier;
  clock: Clock;
  brandName: string;
  publicUrl: string;
  supportEmail: string;
}

const HOUR = 3_600_000;

/** How many messages the contact form takes (decision 024). */
export const CONTACT_QUOTA = {
  /** From one address (an IPv4 address or an IPv6 /64), signed in or not, per hour. */
  perAddress: { max: 10, windowMs: HOUR },
  /** From visitors of one network (IPv4 /24, IPv6 /48), per hour: one party rotating its addresses. */
  perNetwork: { max: 30, windowMs: HOUR },
  /** Visitors' messages acknowledged to one e-mail address, from every source, per day: the form relays no mail. */
  perRecipient: { max: 5, windowMs: 24 * HOUR },
} as const;

/** Who sends a message: a signed-in customer, whose identity is their session's, or a visitor. */
export type Sender = { user: AuthUser; sourceAddress: string } | { user: null; sourceAddress: string };

const parisParts = (now: Date) => {
  const parts = parisDateTimeFormat({ year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit' }).formatToParts(now);
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? '';
  return { year: Number(part('year')), text: `${part('day')}/${part('month')}/${part('year')} à ${part('hour')}\u00a0h\u00a0${part('minute')}` };
};

/** The sender as the ticket records them: a customer as their session says, a visitor as they typed. */
function identityOf(sender: Sender, message: ContactMessage | ContactVisitorMessage) {
  if (sender.user) return { prenom: sender.user.prenom, nom: sender.user.nom, email: sender.user.email, entreprise: null };
  // A visitor's message was checked with the sender's fields: they are there.
  if (!('prenom' in message)) throw fail('VALIDATION');
  return { prenom: message.prenom, nom: message.nom, email: message.email.toLowerCase(), entreprise: message.entreprise ?? null };
}

/** A ticket as its sender reads it. */
export function toTicket(row: TicketListRow): SupportTicket {
  return {
    reference: row.reference,
    dateCreation: row.createdAt.toISOString(),
    dateMiseAJour: row.updatedAt.toISOString(),
    theme: row.theme,
    sousTheme: row.sousTheme,
    objet: row.objet,
    statut: row.statut,
    pieceJointe:
      row.pieceJointeNom !== null && row.pieceJointeType !== null && row.pieceJointeTaille !== null
        ? { nom: row.pieceJointeNom, type: row.pieceJointeType, taille: row.pieceJointeTaille }
        : null,
  };
}

export function createSupportService(deps: SupportDeps) {
  const { repo } = deps;

  /** The theme and sub-theme named, as they are labelled now, or the reason they cannot be chosen. */
  async function chosenTheme(idTheme: number, idSousTheme: number | undefined) {
    const theme = await repo.theme(idTheme);
    if (!theme) throw fail('CONTACT_THEME_UNKNOWN');
    const subThemes = await repo.subThemes(idTheme);
    if (subThemes.length === 0) {
      if (idSousTheme !== undefined) throw fail('CONTACT_SUB_THEME_INVALID');
      return { theme, subTheme: null };
    }
    if (idSousTheme === undefined) throw fail('CONTACT_SUB_THEME_REQUIRED');
    const subTheme = subThemes.find((candidate) => candidate.idSousTheme === idSousTheme);
    if (!subTheme) throw fail('CONTACT_SUB_THEME_INVALID');
    return { theme, subTheme };
  }

  async function withinQuota(key: string, quota: { max: number; windowMs: number }, code: 'CONTACT_TOO_MANY' | 'CONTACT_RECIPIENT_TOO_MANY') {
    const counted = await deps.limits.quota(key, quota.max, quota.windowMs);
    if (!counted.allowed) {
      const minutes = Math.max(1, Math.ceil(counted.retryAfterSeconds / 60));
      throw fail(code, { values: { minutes }, retryAfterSeconds: counted.retryAfterSeconds });
    }
  }

  return {
    themes(): Promise<ContactTheme[]> {
      return repo.themes();
    },

    async subThemes(idTheme: number): Promise<ContactSubTheme[]> {
      if (!(await repo.theme(idTheme))) throw fail('CONTACT_THEME_NOT_FOUND');
      return repo.subThemes(idTheme);
    },

    /**
     * Counts a submission from this address, and a visitor's from its network as well, before its
     * body is read: beyond a quota the upload is refused without being received.
     */
    async assertQuota(sourceAddress: string, visitor: boolean): Promise<void> {
      const source = loginSource(sourceAddress);
      await withinQuota(`contact:${source.address}`, CONTACT_QUOTA.perAddress, 'CONTACT_TOO_MANY');
      if (visitor) await withinQuota(`contact-network:${source.network}`, CONTACT_QUOTA.perNetwork, 'CONTACT_TOO_MANY');
    },

    /**
     * Records the message as a support ticket with the next reference of the year, e-mails the
     * customer service and acknowledges receipt to the sender, in one transaction with the audit
     * entry (signed-in senders); the attachment is kept only if all of it commits.
     */
    async submit(sender: Sender, upload: ContactUpload): Promise<ContactResponse> {
      const { attachment } = upload;
      try {
        const parsed = (sender.user ? contactMessageSchema : contactVisitorMessageSchema).safeParse(upload.fields);
        if (!parsed.success) throw invalidBody(parsed.error.issues);
        const message = parsed.data;
        // A visitor proves they are not a robot (when the captcha is configured); a session already did.
        if (!sender.user && !(await deps.captcha.verify(message.captcha, sender.sourceAddress))) throw fail('CAPTCHA');
        const { theme, subTheme } = await chosenTheme(message.idTheme, message.idSousTheme);
        const idClientBscs = sender.user ? (message.idClientBscs ?? null) : null;
        if (sender.user && idClientBscs !== null) await deps.policy.assertAccount(sender.user.id, idClientBscs);
        const identity = identityOf(sender, message);
        // A visitor's address is theirs to type: it gets a few acknowledgements a day, from wherever they are sent.
        if (!sender.user) await withinQuota(`contact-recipient:${identifierKey(identity.email)}`, CONTACT_QUOTA.perRecipient, 'CONTACT_RECIPIENT_TOO_MANY');

        const now = deps.clock.now();
        const paris = parisParts(now);
        return await deps.transaction(async (tx) => {
          const reference = supportReference(paris.year, await nextReferenceNumber('SUP', paris.year, tx));
          await repo.insertTicket(
            {
              reference,
              userId: sender.user?.id ?? null,
              idClientBscs,
              idTheme: theme.idTheme,
              theme: theme.libelle,
              idSousTheme: subTheme?.idSousTheme ?? null,
              sousTheme: subTheme?.libelle ?? null,
              objet: message.objet,
              message: message.message,
              ...identity,
              telephone: message.telephone ?? null,
              createdAt: now,
              updatedAt: now,
              pieceJointeCle: attachment?.key ?? null,
              pieceJointeNom: attachment?.name ?? null,
              pieceJointeType: attachment?.type ?? null,
              pieceJointeTaille: attachment?.size ?? null,
            },
            tx,
          );
          if (sender.user) {
            await deps.audit.record({ userId: sender.user.id, action: 'DEMANDE_CONTACT', idClientBscs, sourceAddress: sender.sourceAddress }, { tx });
          }
          const summary: TicketSummary = {
            reference,
            theme: theme.libelle,
            sousTheme: subTheme?.libelle ?? null,
            objet: message.objet,
            message: message.message,
            sender: { ...identity, telephone: message.telephone ?? null },
            account: sender.user ? { userId: sender.user.id, idClientBscs } : null,
            attachment,
            receivedAt: paris.text,
          };
          const follow = sender.user
            ? { action: 'Suivre mes demandes', url: `${deps.publicUrl}/ecare/mon-compte/demandes` }
            : { action: 'Consulter les questions fréquentes', url: `${deps.publicUrl}/ecare/assistance/faq` };
          // The customer service gets the file itself with the message.
          const files = attachment ? [{ filename: attachment.name, contentType: attachment.type, content: await deps.store.read(attachment.key) }] : [];
          await deps.mail.send(deps.supportEmail, { ...supportTicketMail(deps.brandName, summary), attachments: files }, { tx });
          await deps.mail.send(identity.email, acknowledgementMail(deps.brandName, summary, follow), { tx });
          // Last: a file kept under its final name belongs to a ticket about to commit.
          if (attachment) await deps.store.keep(attachment.key);
          return { reference, dateCreation: now.toISOString(), email: identity.email };
        });
      } catch (error) {
        if (attachment) await deps.store.discard(attachment.key);
        throw error;
      }
    },

    /** The caller's own tickets, newest first; a page past the end answers the last one. */
    async tickets(userId: number, query: SupportTicketQuery): Promise<SupportTicketPage> {
      const { rows, total, page } = await pageOrLast(query, (page) => repo.page(userId, { page, taille: query.taille }));
      return {
        demandes: rows.map(toTicket),
        total,
        page,
        taille: query.taille,
      };
    },
  };
}
export type SupportService = ReturnType<typeof createSupportService>;

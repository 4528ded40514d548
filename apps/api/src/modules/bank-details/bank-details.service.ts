import {
  mandateReference,
  maskIban,
  type BankDetails,
  type BankDetailsChangeValues,
  type BankDetailsSaved,
  type MandateType,
  type PaymentMode,
  type SepaMandate,
} from '@ecare/shared';
import type { ServiceCore } from '../../core/core.ts';
import { fail } from '../../lib/errors.ts';
import { bankDetailsChangedMail } from './bank-details.mails.ts';
import type { BankDetailsRepository, MandateRow, PaymentSettingsRow } from './bank-details.repository.ts';
import { operatorCreditor, renderMandatePdf, type Creditor } from './sepa-mandate.document.ts';
import { parisDateTimeFormat, parisDay } from '@ecare/shared/paris-time';
import type { NamedActor as Actor } from '../../core/actor.ts';

export interface BankDetailsDeps extends ServiceCore {
  repo: BankDetailsRepository;
  /** The operator's SEPA creditor identifier (ICS). */
  creditorId: string;
}

/**
 * Saves of one account's bank details per day: each issues a mandate and mails every manager, and
 * a hijacked session must not be able to redirect debits over and over (decision 026).
 */
export const BANK_DETAILS_QUOTA = { max: 5, windowMs: 24 * 3_600_000 } as const;

/** The mode of an account that has never said: the invoice is paid by transfer. */
export const DEFAULT_PAYMENT_MODE: PaymentMode = 'VIREMENT';

/** Every customer of the portal is a company: its mandates are interbank ones (decision 026). */
const MANDATE_TYPE: MandateType = 'B2B';

const parisMoment = (moment: Date) => {
  const parts = parisDateTimeFormat({ day: '2-digit', month: '2-digit', year: 'numeric', hour: '2-digit', minute: '2-digit' }).formatToParts(moment);
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? '';
  return `${part('day')}/${part('month')}/${part('year')} à ${part('hour')}\u00a0h\u00a0${part('minute')}`;
};

function toBankDetails(settings: PaymentSettingsRow | undefined): BankDetails {
  return {
    titulaire: settings?.titulaire ?? null,
    iban: settings?.iban ? maskIban(settings.iban) : null,
    bic: settings?.bic ?? null,
    modePaiement: settings?.modePaiement ?? DEFAULT_PAYMENT_MODE,
  };
}

function toMandate(row: MandateRow, creditor: Creditor): SepaMandate {
  return {
    statut: row.statut,
    rum: row.rum,
    type: row.type,
    typePaiement: 'RECURRENT',
    dateSignature: parisDay(row.signedAt),
    lieuSignature: row.lieuSignature,
    titulaire: row.titulaire,
    iban: maskIban(row.iban),
    bic: row.bic,
    creancier: { nom: creditor.name, ics: creditor.ics },
  };
}

export interface MandateFile {
  filename: string;
  bytes: Uint8Array;
}

/**
 * The bank details of a billing account, its payment mode and its SEPA mandate, for the account's
 * managers only. A save revokes the mandate in force and, when the account pays by direct debit,
 * issues a new one with the new details; it mails every manager and is audited, all in one
 * transaction (decision 026).
 */
export function createBankDetailsService(deps: BankDetailsDeps) {
  const { repo, policy, audit, clock } = deps;
  const creditor = operatorCreditor(deps.creditorId);

  async function activeMandate(idClientBscs: number): Promise<MandateRow> {
    const mandate = await repo.activeMandate(idClientBscs);
    if (!mandate) throw fail('SEPA_MANDATE_NOT_FOUND');
    return mandate;
  }

  return {
    async bankDetails(userId: number, idClientBscs: number): Promise<BankDetails> {
      await policy.assertAccount(userId, idClientBscs);
      return toBankDetails(await repo.settings(idClientBscs));
    },

    async save(actor: Actor, idClientBscs: number, change: BankDetailsChangeValues): Promise<BankDetailsSaved> {
      await policy.assertAccount(actor.userId, idClientBscs);
      const quota = await deps.limits.quota(`bank-details:${idClientBscs}`, BANK_DETAILS_QUOTA.max, BANK_DETAILS_QUOTA.windowMs);
      if (!quota.allowed) {
        const minutes = Math.max(1, Math.ceil(quota.retryAfterSeconds / 60));
        throw fail('BANK_DETAILS_TOO_MANY', { values: { minutes }, retryAfterSeconds: quota.retryAfterSeconds });
      }
      const now = clock.now();
      const { titulaire, iban, bic } = change;
      const { settings, mandate } = await deps.transaction(async (tx) => {
        const account = await repo.lockAccount(idClientBscs, tx);
        // Checked again behind the lock: another manager may have removed this one a moment ago.
        if (!account || !(await repo.isManager(actor.userId, idClientBscs, tx))) throw fail('FORBIDDEN_ACCOUNT');
        const modePaiement = change.modePaiement ?? (await repo.settings(idClientBscs, tx))?.modePaiement ?? DEFAULT_PAYMENT_MODE;
        const saved = await repo.saveSettings({ idClientBscs, modePaiement, titulaire, iban, bic, updatedAt: now, updatedBy: actor.userId }, tx);
        const replaced = await repo.activeMandate(idClientBscs, tx);
        await repo.revokeActiveMandate(idClientBscs, now, tx);
        const issued =
          modePaiement === 'PRELEVEMENT'
            ? await repo.insertMandate(
                {
                  idClientBscs,
                  rum: mandateReference(account, parisDay(now), (await repo.mandateCount(idClientBscs, tx)) + 1),
                  type: MANDATE_TYPE,
                  titulaire,
                  iban,
                  bic,
                  lieuSignature: account.adresseVille,
                  signedAt: now,
                },
                tx,
              )
            : null;
        const content = bankDetailsChangedMail(
          deps.brandName,
          {
            raisonSociale: account.raisonSociale,
            codeClientBscs: account.codeClientBscs,
            author: actor.name,
            at: parisMoment(now),
            titulaire,
            iban,
            bic,
            modePaiement,
            mandate: issued ? { rum: issued.rum, type: issued.type, replaced: replaced?.rum ?? null } : null,
            revoked: issued ? null : (replaced?.rum ?? null),
          },
          `${deps.publicUrl}/ecare/mon-compte/coordonnees-bancaires`,
        );
        for (const to of await policy.managerEmails(idClientBscs, tx)) await deps.mail.send(to, content, { tx });
        await audit.record({ userId: actor.userId, sourceAddress: actor.sourceAddress, action: 'MODIFICATION_COORDONNEES_BANCAIRES', idClientBscs }, { tx });
        return { settings: saved, mandate: issued };
      });
      return { ...toBankDetails(settings), mandat: mandate ? toMandate(mandate, creditor) : null };
    },

    async mandate(userId: number, idClientBscs: number): Promise<SepaMandate> {
      await policy.assertAccount(userId, idClientBscs);
      return toMandate(await activeMandate(idClientBscs), creditor);
    },

    /** The mandate in force as a PDF; the download is audited (the whole IBAN leaves the portal in it). */
    async mandatePdf(actor: Omit<Actor, 'name'>, idClientBscs: number): Promise<MandateFile> {
      await policy.assertAccount(actor.userId, idClientBscs);
      const mandate = await activeMandate(idClientBscs);
      const account = await repo.account(idClientBscs);
      if (!account) throw fail('FORBIDDEN_ACCOUNT');
      const bytes = await renderMandatePdf({ mandate, account, creditor, brandName: deps.brandName, issuedAt: clock.now() });
      await audit.record({ ...actor, action: 'TELECHARGEMENT_MANDAT_SEPA', idClientBscs });
      return { filename: `mandat-sepa-${mandate.rum}.pdf`, bytes };
    },
  };
}
export type BankDetailsService = ReturnType<typeof createBankDetailsService>;

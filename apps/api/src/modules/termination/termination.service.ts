import {
  effectiveDateBounds,
  commitmentMonths,
  monthsRemaining,
  terminationFees,
  TERMINATION_MAX_ATTACHMENTS,
  TERMINATION_VAT_PERCENT,
  type terminationRequestSchema,
  terminationUploadFieldsSchema,
  type TerminationAttachment,
  type TerminationCommitment,
  type TerminationDraft,
  type TerminationDraftSave,
  type TerminationFeesAnswer,
  type TerminationFeesRequest,
  type TerminationObstacle,
  type TerminationReason,
  type TerminationStatusAnswer,
} from '@ecare/shared';
import { errorMessage } from '@ecare/shared';
import { parisDay } from '@ecare/shared/paris-time';
import type { z } from 'zod';
import type { ServiceCore } from '../../core/core.ts';
import type { MultipartUpload } from '../../lib/attachments/multipart.ts';
import { invalidBody } from '../../lib/attachments/multipart.ts';
import type { AttachmentStore } from '../../lib/attachments/store.ts';
import { fail } from '../../lib/errors.ts';
import { actingAgent } from '../../policy/acting-agent.ts';
import { assertMayTerminate, assertProofOfAccount, type ContractAccess } from '../../policy/access-policy.ts';
import { renderTerminationRecap, type TerminationRecap } from './termination.document.ts';
import { cancellationMail, confirmationMail } from './termination.mails.ts';
import type { Transaction } from '../../db/transaction.ts';
import type { WebhooksModule } from '../webhooks/index.ts';
import type { AttachmentRow, CompletedTermination, ReasonRow, TerminationLine, TerminationRepository, TerminationRow } from './termination.repository.ts';
import { isUniqueViolation } from '../../db/unique-violation.ts';

/** Who acts: the signed-in user (a manager, or the customer an agent acts for), and from where. */
export interface Actor {
  userId: number;
  email: string;
  prenom: string;
  nom: string;
  sourceAddress: string;
}

export interface TerminationDeps extends ServiceCore {
  repo: TerminationRepository;
  store: AttachmentStore;
  /** Tells the account's webhooks of the line ended (`ligne.statut`) and of its closing invoice (`facture.emise`). */
  webhooks: Pick<WebhooksModule, 'emit'>;
}

/** Abuse limits, per signed-in user: proofs uploaded, requests sent, recaps e-mailed again. */
export const TERMINATION_QUOTAS = {
  uploads: { max: 20, windowMs: 60 * 60_000 },
  submits: { max: 30, windowMs: 60 * 60_000 },
  confirmations: { max: 5, windowMs: 60 * 60_000 },
} as const;

/** A reason as chosen: the top-level one, its sub-reason, and what they ask together. */
interface ChosenReason {
  reason: ReasonRow;
  sub: ReasonRow | null;
  /** The waiver's wording on the fees, null when the fees are due. */
  exoneration: string | null;
  justificatif: string | null;
}

interface StatusParts {
  line: TerminationLine | undefined;
  reason: ReasonRow | undefined;
  sub: ReasonRow | undefined;
  attachments: readonly AttachmentRow[];
}

const toAttachment = (row: AttachmentRow): TerminationAttachment => ({ cle: row.cle, nom: row.nom, type: row.type, taille: row.taille });

export function createTerminationService(deps: TerminationDeps) {
  const { repo, policy, audit } = deps;

  /** The webhooks' news of a termination done: the line ended, and its closing invoice. */
  async function announce(tx: Transaction, { idClientBscs, idContrat, numeroLigne, statutPrecedent, closingInvoice }: CompletedTermination): Promise<void> {
    if (statutPrecedent !== 'RESILIE') await deps.webhooks.emit(tx, { idClientBscs, type: 'ligne.statut', data: { idContrat, numeroLigne, statut: 'RESILIE', statutPrecedent, cause: 'RESILIATION' } });
    if (closingInvoice) await deps.webhooks.emit(tx, { idClientBscs, type: 'facture.emise', data: closingInvoice });
  }
  const today = () => parisDay(deps.clock.now());

  async function quota(kind: keyof typeof TERMINATION_QUOTAS, userId: number): Promise<void> {
    const { max, windowMs } = TERMINATION_QUOTAS[kind];
    const verdict = await deps.limits.quota(`termination-${kind}:user:${userId}`, max, windowMs);
    if (!verdict.allowed) {
      throw fail('TERMINATION_TOO_MANY', { values: { minutes: Math.max(1, Math.ceil(verdict.retryAfterSeconds / 60)) }, retryAfterSeconds: verdict.retryAfterSeconds });
    }
  }

  /** The line, once the caller is known to reach it (FORBIDDEN_CONTRACT otherwise, unknown ids alike). */
  async function reachedLine(userId: number, idContrat: number): Promise<{ access: ContractAccess; line: TerminationLine }> {
    const access = await policy.contractAccess(userId, idContrat);
    const line = await repo.line(idContrat);
    if (!line) throw fail('FORBIDDEN_CONTRACT');
    return { access, line };
  }

  async function toReasons(rows: readonly ReasonRow[]): Promise<TerminationReason[]> {
    const all = await repo.reasons();
    const parents = new Set(all.map((row) => row.idMotifParent).filter((id) => id !== null));
    return rows.map(({ idMotif, idMotifParent, libelle, pro, exonerationFrais, justificatif, portabilite, ordre }) => ({
      idMotif,
      idMotifParent,
      libelle,
      pro,
      exonerationFrais,
      justificatif,
      portabilite,
      aSousMotifs: parents.has(idMotif),
      ordre,
    }));
  }

  /** Top-level business reasons offered for the line: the portability one only while the number is leaving. */
  const proReasonsFor = (all: readonly ReasonRow[], line: TerminationLine) =>
    all.filter((row) => row.pro && row.idMotifParent === null && (!row.portabilite || line.datePortabiliteSortante !== null));

  /** What keeps the line from being terminated here, first one found. */
  async function obstacle(line: TerminationLine): Promise<TerminationObstacle | null> {
    if (line.codeStatut === 'RESILIE') return 'LIGNE_RESILIEE';
    if (line.codeStatut === 'EN_COURS') return 'COMMANDE_EN_COURS';
    if (await repo.scheduledFor(line.idContrat)) return 'DEJA_PROGRAMMEE';
    if ((await repo.otherLinesStaying(line.idClientBscs, line.idContrat)) === 0) return 'DERNIERE_LIGNE';
    return null;
  }

  const OBSTACLE_ERRORS = {
    LIGNE_RESILIEE: 'LINE_TERMINATED',
    COMMANDE_EN_COURS: 'TERMINATION_ORDER_IN_PROGRESS',
    DEJA_PROGRAMMEE: 'TERMINATION_ALREADY_SCHEDULED',
    DERNIERE_LIGNE: 'TERMINATION_LAST_LINE',
  } as const satisfies Record<TerminationObstacle, string>;

  /** The reason chosen for a submission: a top-level reason offered for the line, and its sub-reason when it has some. */
  async function chosenReason(line: TerminationLine, idMotif: number, idSousMotif: number | null): Promise<ChosenReason> {
    const all = await repo.reasons();
    const reason = all.find((row) => row.idMotif === idMotif && row.idMotifParent === null);
    if (!reason) throw fail('TERMINATION_REASON_UNKNOWN');
    if (reason.pro && !proReasonsFor(all, line).includes(reason)) {
      if (reason.portabilite) throw fail('TERMINATION_PORTABILITY_NOT_REQUESTED');
      throw fail('TERMINATION_REASON_UNKNOWN');
    }
    const subs = all.filter((row) => row.idMotifParent === idMotif);
    let sub: ReasonRow | null = null;
    if (subs.length === 0) {
      if (idSousMotif !== null) throw fail('TERMINATION_SUB_REASON_INVALID');
    } else {
      if (idSousMotif === null) throw fail('TERMINATION_SUB_REASON_REQUIRED');
      sub = subs.find((row) => row.idMotif === idSousMotif) ?? null;
      if (!sub) throw fail('TERMINATION_SUB_REASON_INVALID');
    }
    return describe(reason, sub);
  }

  function describe(reason: ReasonRow, sub: ReasonRow | null): ChosenReason {
    const waived = reason.exonerationFrais || sub?.exonerationFrais === true;
    const label = sub ? `${reason.libelle} – ${sub.libelle}` : reason.libelle;
    return { reason, sub, exoneration: waived ? `${label}, sur justificatif` : null, justificatif: sub?.justificatif ?? reason.justificatif };
  }

  /** The reason named by `/frais`: a top-level reason or a sub-reason, as offered for the line. */
  async function reasonForFees(line: TerminationLine, idMotif: number): Promise<ChosenReason> {
    const all = await repo.reasons();
    const named = all.find((row) => row.idMotif === idMotif);
    if (!named) throw fail('TERMINATION_REASON_UNKNOWN');
    const reason = named.idMotifParent === null ? named : all.find((row) => row.idMotif === named.idMotifParent);
    if (!reason) throw fail('TERMINATION_REASON_UNKNOWN');
    if (reason.pro && !proReasonsFor(all, line).includes(reason)) {
      if (reason.portabilite) throw fail('TERMINATION_PORTABILITY_NOT_REQUESTED');
      throw fail('TERMINATION_REASON_UNKNOWN');
    }
    return describe(reason, named === reason ? null : named);
  }

  /** The effective date must be in the window, or the porting date for a line whose number leaves. */
  function assertEffectiveDate(line: TerminationLine, dateEffet: string): void {
    if (line.datePortabiliteSortante) {
      if (dateEffet !== line.datePortabiliteSortante) throw fail('TERMINATION_DATE_PORTING', { values: { date: line.datePortabiliteSortante } });
      return;
    }
    const { min, max } = effectiveDateBounds(today());
    if (dateEffet < min || dateEffet > max) throw fail('TERMINATION_DATE_OUT_OF_RANGE', { values: { min, max } });
  }

  function feesOf(line: TerminationLine, dateEffet: string, chosen: ChosenReason) {
    const months = monthsRemaining(dateEffet, line.dateFinEngagement);
    return terminationFees({
      moisRestants: months,
      dureeEngagementMois: commitmentMonths(line.dureeEngagementMois, months),
      mensualiteHtCentimes: line.mensualiteHtCentimes,
      exoneration: chosen.exoneration,
    });
  }

  /** What a request's status shows besides its own row, read before any transaction. */
  async function statusParts(row: TerminationRow): Promise<StatusParts> {
    const [line, reason, sub, attachments] = await Promise.all([
      repo.line(row.idContrat),
      repo.reason(row.idMotif),
      row.idSousMotif === null ? Promise.resolve(undefined) : repo.reason(row.idSousMotif),
      repo.attachmentsOf(row.idResiliation),
    ]);
    return { line, reason, sub, attachments };
  }

  function buildStatus(row: TerminationRow, parts: StatusParts, access: ContractAccess): TerminationStatusAnswer {
    const detail = row.detailFrais as { moisRestants?: number; exonere?: boolean; lignes?: TerminationFeesAnswer['lignes']; calcul?: string | null };
    return {
      idResiliation: row.idResiliation,
      idContrat: row.idContrat,
      numeroLigne: parts.line?.numeroLigne ?? '',
      statut: row.statut,
      dateEffet: row.dateEffet,
      motif: parts.reason?.libelle ?? '',
      sousMotif: parts.sub?.libelle ?? null,
      commentaire: row.commentaire,
      frais: {
        moisRestants: detail.moisRestants ?? 0,
        exonere: detail.exonere ?? false,
        lignes: detail.lignes ?? [],
        // Requests made before the arithmetic was stored have none.
        calcul: detail.calcul ?? null,
        totalHtCentimes: row.fraisHtCentimes,
        totalTvaCentimes: row.fraisTvaCentimes,
        totalTtcCentimes: row.fraisHtCentimes + row.fraisTvaCentimes,
        tauxTva: TERMINATION_VAT_PERCENT,
      },
      piecesJointes: parts.attachments.map(toAttachment),
      dateDemande: row.createdAt.toISOString(),
      dateAnnulation: row.cancelledAt?.toISOString() ?? null,
      annulable: access.role === 'GESTIONNAIRE' && row.statut === 'PROGRAMMEE' && today() < row.dateEffet,
    };
  }

  const statusOf = async (row: TerminationRow, access: ContractAccess) => buildStatus(row, await statusParts(row), access);

  function recapOf(status: TerminationStatusAnswer, line: TerminationLine | undefined, actor: Actor): TerminationRecap {
    return {
      resiliation: status,
      raisonSociale: line?.raisonSociale ?? '',
      codeClientBscs: line?.codeClientBscs ?? '',
      libelleOffre: line?.libelleOffre ?? '',
      demandeur: `${actor.prenom} ${actor.nom} (${actor.email})`,
    };
  }

  const followLink = (idContrat: number) => `${deps.publicUrl}/ecare/ligne-mobile/${idContrat}/resiliation`;
  const lineLink = (idContrat: number) => `${deps.publicUrl}/ecare/ligne-mobile/${idContrat}`;

  /** A request the caller reaches, with their standing on its line. */
  async function reachedTermination(userId: number, idResiliation: number): Promise<{ row: TerminationRow; access: ContractAccess }> {
    const row = await repo.find(idResiliation);
    if (!row) throw fail('TERMINATION_NOT_FOUND');
    // Another customer's request answers as their line does.
    const access = await policy.contractAccess(userId, row.idContrat);
    return { row, access };
  }

  return {
    /** General reasons (`/api/resiliation/motifs`). */
    async reasons(): Promise<TerminationReason[]> {
      const all = await repo.reasons();
      return toReasons(all.filter((row) => !row.pro && row.idMotifParent === null));
    },

    async proReasons(userId: number, idContrat: number): Promise<TerminationReason[]> {
      const { line } = await reachedLine(userId, idContrat);
      return toReasons(proReasonsFor(await repo.reasons(), line));
    },

    async subReasons(idMotifParent: number): Promise<TerminationReason[]> {
      const all = await repo.reasons();
      if (!all.some((row) => row.idMotif === idMotifParent && row.idMotifParent === null)) throw fail('TERMINATION_REASON_NOT_FOUND');
      return toReasons(all.filter((row) => row.idMotifParent === idMotifParent));
    },

    async commitment(userId: number, idContrat: number): Promise<TerminationCommitment> {
      const { access, line } = await reachedLine(userId, idContrat);
      const bounds = line.datePortabiliteSortante
        ? { min: line.datePortabiliteSortante, max: line.datePortabiliteSortante }
        : effectiveDateBounds(today());
      const blocked = await obstacle(line);
      return {
        idContrat,
        numeroLigne: line.numeroLigne,
        libelleOffre: line.libelleOffre,
        mensualiteHtCentimes: line.mensualiteHtCentimes,
        dureeEngagementMois: commitmentMonths(line.dureeEngagementMois, monthsRemaining(bounds.min, line.dateFinEngagement)),
        dateFinEngagement: line.dateFinEngagement,
        moisRestants: monthsRemaining(bounds.min, line.dateFinEngagement),
        datePortabiliteSortante: line.datePortabiliteSortante,
        dateEffetMin: bounds.min,
        dateEffetMax: bounds.max,
        empechement: blocked ? { code: blocked, message: errorMessage(OBSTACLE_ERRORS[blocked]) } : null,
        peutResilier: access.role === 'GESTIONNAIRE',
      };
    },

    async fees(userId: number, request: TerminationFeesRequest): Promise<TerminationFeesAnswer> {
      const { line } = await reachedLine(userId, request.idContrat);
      const chosen = await reasonForFees(line, request.idMotif);
      assertEffectiveDate(line, request.dateEffet);
      const fees = feesOf(line, request.dateEffet, chosen);
      return {
        idContrat: line.idContrat,
        idMotif: request.idMotif,
        dateEffet: request.dateEffet,
        dateFinEngagement: line.dateFinEngagement,
        ...fees,
        tauxTva: TERMINATION_VAT_PERCENT,
      };
    },

    /**
     * Before a proof's bytes are written: the line named first in the body is one the caller
     * manages, it can still be terminated, and it has room for one more proof.
     */
    async assertUpload(actor: Actor, fields: Readonly<Record<string, string>>): Promise<{ line: TerminationLine }> {
      const parsed = terminationUploadFieldsSchema.safeParse(fields);
      if (!parsed.success) throw invalidBody(parsed.error.issues);
      const { access, line } = await reachedLine(actor.userId, parsed.data.idContrat);
      assertMayTerminate(access);
      await quota('uploads', actor.userId);
      if (line.codeStatut === 'RESILIE') throw fail('LINE_TERMINATED');
      if ((await repo.pendingAttachments(line.idContrat)) >= TERMINATION_MAX_ATTACHMENTS) {
        throw fail('TERMINATION_ATTACHMENTS_TOO_MANY', { values: { max: TERMINATION_MAX_ATTACHMENTS } });
      }
      return { line };
    },

    /** Records a proof received (checked by `assertUpload` before it came) and keeps its file. */
    async recordUpload(actor: Actor, upload: MultipartUpload): Promise<TerminationAttachment> {
      const { attachment } = upload;
      try {
        // The body's fields as a whole: the hook saw only those before the file, and none came without one.
        const parsed = terminationUploadFieldsSchema.safeParse(upload.fields);
        if (!parsed.success) throw invalidBody(parsed.error.issues);
        const { access, line } = await reachedLine(actor.userId, parsed.data.idContrat);
        assertMayTerminate(access);
        if (!attachment) throw invalidBody([{ path: ['pieceJointe'], message: 'Veuillez joindre le justificatif (PDF, JPEG ou PNG, 5 Mo au plus).' }]);
        const row = await deps.transaction(async (tx) => {
          // Checked again under the line's lock: uploads sent together were all counted before any
          // was recorded, and could go past the limit.
          await repo.lockLine(line.idContrat, tx);
          if ((await repo.pendingAttachments(line.idContrat, tx)) >= TERMINATION_MAX_ATTACHMENTS) {
            throw fail('TERMINATION_ATTACHMENTS_TOO_MANY', { values: { max: TERMINATION_MAX_ATTACHMENTS } });
          }
          const created = await repo.insertAttachment(
            {
              cle: attachment.key,
              idClientBscs: line.idClientBscs,
              idContrat: line.idContrat,
              uploadedBy: actor.userId,
              nom: attachment.name,
              type: attachment.type,
              taille: attachment.size,
              createdAt: deps.clock.now(),
            },
            tx,
          );
          await audit.record(
            { userId: actor.userId, action: 'AJOUT_JUSTIFICATIF_RESILIATION', idClientBscs: line.idClientBscs, idContrat: line.idContrat, sourceAddress: actor.sourceAddress },
            { tx },
          );
          // Last: a file kept under its final name belongs to a row about to commit (kept after
          // the commit, a failed write to the bucket would leave a row naming no file).
          await deps.store.keep(attachment.key);
          return created;
        });
        return toAttachment(row);
      } catch (error) {
        if (attachment) await deps.store.discard(attachment.key);
        throw error;
      }
    },

    /** Deletes a proof not yet sent, from the account that uploaded it. */
    async deleteUpload(actor: Actor, cle: string): Promise<void> {
      const proof = await repo.attachment(cle);
      if (!proof) throw fail('TERMINATION_ATTACHMENT_NOT_FOUND');
      const { access } = await reachedLine(actor.userId, proof.idContrat);
      assertProofOfAccount(proof, access.idClientBscs);
      assertMayTerminate(access);
      if (proof.idResiliation !== null) throw fail('TERMINATION_ATTACHMENT_SUBMITTED');
      await deps.transaction(async (tx) => {
        if (!(await repo.deleteAttachment(cle, tx))) throw fail('TERMINATION_ATTACHMENT_SUBMITTED');
        await audit.record({ userId: actor.userId, action: 'SUPPRESSION_JUSTIFICATIF_RESILIATION', idClientBscs: proof.idClientBscs, idContrat: proof.idContrat, sourceAddress: actor.sourceAddress }, { tx });
      });
      await deps.store.discard(cle);
    },

    /**
     * Records the request with its fees and proofs, and e-mails its recap (PDF) to the caller, in
     * one transaction with the audit entry. The same idempotency key from the same caller gives
     * back the first request, whatever happened in between.
     */
    /** The caller's answers so far on the line's termination, with the proofs they sent for it (empty when none). */
    async draft(userId: number, idContrat: number): Promise<TerminationDraft> {
      await reachedLine(userId, idContrat);
      const { draft, proofs } = await repo.draft(userId, idContrat);
      return {
        idMotif: draft?.idMotif ?? null,
        idSousMotif: draft?.idSousMotif ?? null,
        dateEffet: draft?.dateEffet ?? null,
        commentaire: draft?.commentaire ?? '',
        piecesJointes: proofs.map(toAttachment),
      };
    },

    /** Keeps the answers so far: a reload, another tab or a new session shows them again. */
    async saveDraft(userId: number, idContrat: number, answers: TerminationDraftSave): Promise<TerminationDraft> {
      await reachedLine(userId, idContrat);
      await repo.saveDraft({ userId, idContrat, ...answers, updatedAt: deps.clock.now() });
      return this.draft(userId, idContrat);
    },

    async submit(actor: Actor, idempotencyKey: string, body: z.output<typeof terminationRequestSchema>): Promise<TerminationStatusAnswer> {
      const { access, line } = await reachedLine(actor.userId, body.idContrat);
      assertMayTerminate(access);
      const earlier = await repo.findByIdempotencyKey(actor.userId, idempotencyKey);
      if (earlier) {
        if (earlier.idContrat !== body.idContrat) throw fail('TERMINATION_IDEMPOTENCY_CONFLICT');
        return statusOf(earlier, access);
      }
      const blocked = await obstacle(line);
      if (blocked) throw fail(OBSTACLE_ERRORS[blocked]);
      const chosen = await chosenReason(line, body.idMotif, body.idSousMotif ?? null);
      assertEffectiveDate(line, body.dateEffet);
      const cles = [...new Set(body.piecesJointes)];
      const proofs: AttachmentRow[] = [];
      for (const cle of cles) {
        const proof = await repo.attachment(cle);
        if (!proof || proof.idContrat !== line.idContrat || proof.idClientBscs !== line.idClientBscs || proof.idResiliation !== null) {
          throw fail('TERMINATION_ATTACHMENT_UNKNOWN');
        }
        proofs.push(proof);
      }
      if (chosen.justificatif && cles.length === 0) throw fail('TERMINATION_PROOF_REQUIRED', { values: { justificatif: chosen.justificatif } });
      const fees = feesOf(line, body.dateEffet, chosen);
      // Counted once a request is complete: a refused one writes nothing.
      await quota('submits', actor.userId);
      const now = deps.clock.now();

      let created: TerminationRow;
      try {
        created = await deps.transaction(async (tx) => {
          const row = await repo.insert(
            {
              idContrat: line.idContrat,
              idClientBscs: line.idClientBscs,
              idMotif: chosen.reason.idMotif,
              idSousMotif: chosen.sub?.idMotif ?? null,
              dateEffet: body.dateEffet,
              statut: 'PROGRAMMEE',
              fraisHtCentimes: fees.totalHtCentimes,
              fraisTvaCentimes: fees.totalTvaCentimes,
              detailFrais: { moisRestants: fees.moisRestants, exonere: fees.exonere, lignes: fees.lignes, calcul: fees.calcul },
              commentaire: body.commentaire ? body.commentaire : null,
              demandePar: actor.userId,
              agentId: actingAgent()?.agentId ?? null,
              idempotencyKey,
              createdAt: now,
            },
            tx,
          );
          if ((await repo.attach(cles, line, row.idResiliation, tx)) !== cles.length) throw fail('TERMINATION_ATTACHMENT_UNKNOWN');
          await repo.deleteDraft(actor.userId, line.idContrat, tx);
          await audit.record(
            { userId: actor.userId, action: 'DEMANDE_RESILIATION', idClientBscs: line.idClientBscs, idContrat: line.idContrat, sourceAddress: actor.sourceAddress },
            { tx },
          );
          // Built from what is already read: inside the transaction only `tx` may query.
          const status = buildStatus(row, { line, reason: chosen.reason, sub: chosen.sub ?? undefined, attachments: proofs }, access);
          const recap = recapOf(status, line, actor);
          const pdf = await renderTerminationRecap(recap, deps.brandName, now);
          await deps.mail.send(actor.email, confirmationMail(deps.brandName, recap, pdf, followLink(line.idContrat)), { tx });
          return row;
        });
      } catch (error) {
        if (!isUniqueViolation(error)) throw error;
        // A double submit racing this one: the same key gives back its request; another key met a scheduled one.
        const raced = await repo.findByIdempotencyKey(actor.userId, idempotencyKey);
        if (raced) return statusOf(raced, access);
        throw fail('TERMINATION_ALREADY_SCHEDULED');
      }
      return statusOf(created, access);
    },

    /** E-mails the recap of a request again to the caller (a manager of its line). */
    async sendConfirmation(actor: Actor, idResiliation: number): Promise<{ email: string }> {
      const { row, access } = await reachedTermination(actor.userId, idResiliation);
      assertMayTerminate(access);
      await quota('confirmations', actor.userId);
      const parts = await statusParts(row);
      const recap = recapOf(buildStatus(row, parts, access), parts.line, actor);
      const pdf = await renderTerminationRecap(recap, deps.brandName, deps.clock.now());
      await deps.transaction(async (tx) => {
        await deps.mail.send(actor.email, confirmationMail(deps.brandName, recap, pdf, followLink(row.idContrat)), { tx });
        await audit.record({ userId: actor.userId, action: 'ENVOI_RECAPITULATIF_RESILIATION', idClientBscs: row.idClientBscs, idContrat: row.idContrat, sourceAddress: actor.sourceAddress }, { tx });
      });
      return { email: actor.email };
    },

    async inProgress(userId: number, idContrat: number): Promise<{ resiliation: TerminationStatusAnswer | null }> {
      const { access } = await reachedLine(userId, idContrat);
      const row = await repo.scheduledFor(idContrat);
      return { resiliation: row ? await statusOf(row, access) : null };
    },

    async status(userId: number, idResiliation: number): Promise<TerminationStatusAnswer> {
      const { row, access } = await reachedTermination(userId, idResiliation);
      return statusOf(row, access);
    },

    /** Cancels a scheduled request before its effective date, and says so by e-mail. */
    async cancel(actor: Actor, idResiliation: number): Promise<TerminationStatusAnswer> {
      const { row, access } = await reachedTermination(actor.userId, idResiliation);
      assertMayTerminate(access);
      if (row.statut !== 'PROGRAMMEE') throw fail('TERMINATION_NOT_CANCELLABLE');
      if (today() >= row.dateEffet) throw fail('TERMINATION_CANCEL_TOO_LATE');
      const now = deps.clock.now();
      const parts = await statusParts(row);
      const cancelled = buildStatus({ ...row, statut: 'ANNULEE', cancelledAt: now, cancelledBy: actor.userId }, parts, access);
      await deps.transaction(async (tx) => {
        if (!(await repo.cancel(idResiliation, actor.userId, now, tx))) throw fail('TERMINATION_NOT_CANCELLABLE');
        await audit.record({ userId: actor.userId, action: 'ANNULATION_RESILIATION', idClientBscs: row.idClientBscs, idContrat: row.idContrat, sourceAddress: actor.sourceAddress }, { tx });
        await deps.mail.send(actor.email, cancellationMail(deps.brandName, recapOf(cancelled, parts.line, actor), lineLink(row.idContrat)), { tx });
      });
      const after = await repo.find(idResiliation);
      return statusOf(after ?? row, access);
    },

    /**
     * The scheduled job: ends every line whose termination takes effect today or earlier (in
     * France), each in its own transaction. Returns how many it ended.
     */
    async runDue(now: Date): Promise<number> {
      const day = parisDay(now);
      let done = 0;
      for (;;) {
        const due = await repo.due(day);
        if (due.length === 0) return done;
        let progressed = 0;
        for (const { idResiliation } of due) {
          const completed = await deps.transaction(async (tx) => {
            const ended = await repo.complete(idResiliation, day, now, tx);
            if (ended) await announce(tx, ended);
            return ended;
          });
          if (completed) progressed += 1;
        }
        done += progressed;
        if (progressed === 0) return done;
      }
    },
  };
}
export type TerminationService = ReturnType<typeof createTerminationService>;

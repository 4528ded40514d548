import { PIECE_MAX_BYTES, SUBSCRIPTION_STATUS, pieceUploadFieldsSchema, type Piece, type PieceType, type Subscription } from '@ecare/shared';
import type { ServiceCore } from '../../core/core.ts';
import type { MultipartUpload } from '../../lib/attachments/multipart.ts';
import { invalidBody } from '../../lib/attachments/multipart.ts';
import type { AttachmentStore } from '../../lib/attachments/store.ts';
import { AppError, fail } from '../../lib/errors.ts';
import type { OrdersRepository } from './orders.repository.ts';
import { actorOfCaller, pieceOf, type OrdersCaller, type OrdersService } from './orders.service.ts';

/** Uploads per user and hour: enough for a file of pieces and a few retries, not for filling the storage. */
export const PIECE_UPLOAD_QUOTA = { max: 30, windowMs: 3_600_000 } as const;

export interface PiecesDeps extends Pick<ServiceCore, 'policy' | 'audit' | 'transaction' | 'limits' | 'clock'> {
  repo: OrdersRepository;
  store: AttachmentStore;
  orders: Pick<OrdersService, 'moveSubscription' | 'subscriptionView'>;
}

/** The size refusal of the shared upload code, in the pieces' own words (10 MB, not 5). */
export function pieceUploadError(error: unknown): unknown {
  if (error instanceof AppError && error.code === 'ATTACHMENT_TOO_LARGE') return fail('PIECE_TOO_LARGE', { values: { mo: PIECE_MAX_BYTES / 1024 / 1024 } });
  return error;
}

/**
 * Supporting documents of a billing account (decision 036): stored under random names behind the
 * attachment store, searched, downloaded as attachments and deleted while their subscription is
 * not yet under validation. The upload that completes an incomplete subscription sends it for
 * validation.
 */
export function createPiecesService(deps: PiecesDeps) {
  const { repo, store, policy, audit, transaction } = deps;

  /** A subscription named with an upload must be of the account: another's answers 403, as an unknown one. */
  async function assertSubscriptionOf(idClientBscs: number, idSouscription: number | undefined) {
    if (idSouscription === undefined) return;
    const found = await repo.subscription(idSouscription);
    if (found?.idClientBscs !== idClientBscs) throw fail('FORBIDDEN_ACCOUNT');
  }

  async function subscriptionField(caller: OrdersCaller, idClientBscs: number, fields: Readonly<Record<string, string>>): Promise<number | undefined> {
    await policy.assertAccount(caller.userId, idClientBscs);
    const parsed = pieceUploadFieldsSchema.safeParse(fields);
    if (!parsed.success) throw invalidBody(parsed.error.issues);
    await assertSubscriptionOf(idClientBscs, parsed.data.idSouscription);
    return parsed.data.idSouscription;
  }

  return {
    /** Checked before the body is read at all. */
    assertAccount: (caller: OrdersCaller, idClientBscs: number) => policy.assertAccount(caller.userId, idClientBscs),

    /** Checked before a byte of the file is stored: access, the subscription named, the quota. */
    async assertUpload(caller: OrdersCaller, idClientBscs: number, fields: Readonly<Record<string, string>>): Promise<void> {
      await subscriptionField(caller, idClientBscs, fields);
      const verdict = await deps.limits.quota(`pieces-upload:user:${caller.userId}`, PIECE_UPLOAD_QUOTA.max, PIECE_UPLOAD_QUOTA.windowMs);
      if (!verdict.allowed) throw fail('PIECE_UPLOAD_TOO_MANY', { retryAfterSeconds: verdict.retryAfterSeconds });
    },

    async recordUpload(
      caller: OrdersCaller,
      idClientBscs: number,
      type: PieceType,
      upload: MultipartUpload,
    ): Promise<{ piece: Piece; souscription: Subscription | null }> {
      const { attachment } = upload;
      if (!attachment) throw fail('PIECE_FILE_MISSING');
      try {
        // Fields sent after the file were not checked before it: checked now.
        const idSouscription = await subscriptionField(caller, idClientBscs, upload.fields);
        return await transaction(async (tx) => {
          // The subscription first, then its piece: one lock order for every upload (see lockSubscription).
          const locked = idSouscription === undefined ? undefined : await repo.lockSubscription(idSouscription, tx);
          const row = await repo.insertPiece(tx, {
            idClientBscs,
            idSouscription: idSouscription ?? null,
            type,
            nomFichier: attachment.name,
            cleStockage: attachment.key,
            typeMime: attachment.type,
            taille: attachment.size,
            userId: caller.agent ? caller.agent.customerUserId : caller.userId,
            agentId: caller.agent?.agentId ?? null,
            createdAt: deps.clock.now(),
          });
          await audit.record(
            {
              userId: caller.userId,
              action: 'AJOUT_PIECE',
              idClientBscs,
              sourceAddress: caller.sourceAddress,
              details: { apres: { idCtrlPiece: row.idCtrlPiece, type, idSouscription: row.idSouscription, nomFichier: row.nomFichier, taille: row.taille } },
            },
            { tx },
          );
          let souscription: Subscription | null = null;
          if (idSouscription !== undefined) {
            if (locked?.statut === SUBSCRIPTION_STATUS.Incomplet) {
              const view = await deps.orders.subscriptionView(locked, 'SYSTEME', tx);
              if (view.piecesManquantes === null) {
                await deps.orders.moveSubscription(tx, idSouscription, SUBSCRIPTION_STATUS.EnCoursValidation, 'SYSTEME', 'Pièces justificatives reçues : dossier en cours de validation');
              }
            }
            const after = await repo.subscription(idSouscription, tx);
            souscription = after ? await deps.orders.subscriptionView(after, actorOfCaller(caller), tx) : null;
          }
          await store.keep(attachment.key);
          return { piece: pieceOf(row), souscription };
        });
      } catch (error) {
        await store.discard(attachment.key);
        throw error;
      }
    },

    async search(caller: OrdersCaller, idClientBscs: number, filters: { idSouscription?: number | undefined; type?: PieceType | undefined }): Promise<Piece[]> {
      await policy.assertAccount(caller.userId, idClientBscs);
      return (await repo.pieces(idClientBscs, filters)).map(pieceOf);
    },

    async download(caller: OrdersCaller, idClientBscs: number, idCtrlPiece: number) {
      await policy.assertAccount(caller.userId, idClientBscs);
      const row = await repo.piece(idClientBscs, idCtrlPiece);
      if (!row) throw fail('PIECE_NOT_FOUND');
      let bytes: Buffer;
      try {
        bytes = await store.read(row.cleStockage);
      } catch {
        throw fail('PIECE_NOT_FOUND');
      }
      await audit.record({
        userId: caller.userId,
        action: 'TELECHARGEMENT_PIECE',
        idClientBscs,
        sourceAddress: caller.sourceAddress,
        details: { idCtrlPiece, type: row.type },
      });
      return { bytes, typeMime: row.typeMime, nomFichier: row.nomFichier };
    },

    /** A piece of a subscription already under validation or validated stays (409). */
    async remove(caller: OrdersCaller, idClientBscs: number, idCtrlPiece: number): Promise<void> {
      await policy.assertAccount(caller.userId, idClientBscs);
      const key = await transaction(async (tx) => {
        const row = await repo.piece(idClientBscs, idCtrlPiece, tx);
        if (!row) throw fail('PIECE_NOT_FOUND');
        if (row.idSouscription !== null) {
          // Locked: a subscription sent for validation meanwhile keeps its pieces.
          const subscription = await repo.lockSubscription(row.idSouscription, tx);
          if (subscription && (subscription.statut === SUBSCRIPTION_STATUS.EnCoursValidation || subscription.statut === SUBSCRIPTION_STATUS.Ok)) {
            throw fail('PIECE_FORBIDDEN');
          }
        }
        await repo.deletePiece(tx, idCtrlPiece);
        await audit.record(
          {
            userId: caller.userId,
            action: 'SUPPRESSION_PIECE',
            idClientBscs,
            sourceAddress: caller.sourceAddress,
            details: { avant: { idCtrlPiece, type: row.type, idSouscription: row.idSouscription, nomFichier: row.nomFichier, taille: row.taille } },
          },
          { tx },
        );
        return row.cleStockage;
      });
      await store.discard(key);
    },
  };
}
export type PiecesService = ReturnType<typeof createPiecesService>;

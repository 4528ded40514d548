import {
  ADDRESS_TYPE,
  amountsOf,
  orderMoneyTotalsSchema,
  orderRecapLineSchema,
  type OrderMoneyTotals,
  type OrderTotals,
  ORDER_PAYMENT_MODE_LABELS,
  ORDER_STATUS_LABELS,
  ORDER_TYPE_LABELS,
  PIECE_TYPES,
  PIECE_TYPE_LABELS,
  SUBSCRIPTION_STATUS,
  SUBSCRIPTION_STATUS_LABELS,
  SUBSCRIPTION_STATUS_VALUES,
  euros,
  missingPieces,
  orderStepLabel,
  pointOfSalePlace,
  subscriptionStatusName,
  subscriptionTransition,
  vatCentimes,
  type FlowStep,
  type OrderDetail,
  type OrderExportQuery,
  type OrderListQuery,
  type OrderPage,
  type OrderPaymentMode,
  type OrderStatus,
  type OrderSummary,
  type OrderType,
  type Piece,
  type PieceType,
  type Subscription,
  type SubscriptionActor,
  type SubscriptionStatus,
} from '@ecare/shared';
import { z } from 'zod';
import type { ServiceCore } from '../../core/core.ts';
import type { Transaction } from '../../db/transaction.ts';
import { CSV_BOM, csvRow } from '../../lib/csv.ts';
import { fail } from '../../lib/errors.ts';
import type { ActingAgent } from '../../policy/acting-agent.ts';
import { recordOrderEvent, setSubscriptionStatus } from './order-writes.repository.ts';
import type { OrderRow, OrdersRepository, PieceRow, SubscriptionRow } from './orders.repository.ts';

/** Who asks, and from where (for the audit log and the transitions they may make). */
export interface OrdersCaller {
  userId: number;
  agent: ActingAgent | null;
  sourceAddress: string;
}

export const actorOfCaller = (caller: Pick<OrdersCaller, 'agent'>): SubscriptionActor => (caller.agent ? 'SERVICE_CLIENT' : 'CLIENT');

const recapSchema = z.object({
  lignes: z.array(z.unknown()).default([]),
  piecesAttendues: z.array(z.unknown()).default([]),
  totaux: z.unknown().optional(),
});

/** What an order keeps of its content (decision 036): its lines (entries of another shape skipped, never a 500), pieces awaited, totals. */
function recapOf(recapitulatif: unknown) {
  const parsed = recapSchema.safeParse(recapitulatif ?? {});
  if (!parsed.success) return { lignes: [], piecesAttendues: [] as PieceType[], totaux: undefined };
  const lignes = parsed.data.lignes.flatMap((line) => {
    const one = orderRecapLineSchema.safeParse(line);
    return one.success ? [one.data] : [];
  });
  const piecesAttendues = parsed.data.piecesAttendues.filter((type): type is PieceType => (PIECE_TYPES as readonly unknown[]).includes(type));
  const totaux = orderMoneyTotalsSchema.safeParse(parsed.data.totaux);
  return { lignes, piecesAttendues, totaux: totaux.success ? totaux.data : undefined };
}

/** An order's totals: those its content froze, or, for an order kept without them, its columns (no promotion). */
function totalsOf(row: OrderRow, kept: OrderMoneyTotals | undefined): OrderTotals {
  const discounted = (amount: { avantPromotionsCentimes: number; remisesCentimes: number; htCentimes: number; tvaCentimes: number; ttcCentimes: number }) => ({
    avantPromotionsHt: euros(amount.avantPromotionsCentimes),
    remisesHt: euros(amount.remisesCentimes),
    ht: euros(amount.htCentimes),
    tva: euros(amount.tvaCentimes),
    ttc: euros(amount.ttcCentimes),
  });
  const monthly = amountsOf(row.totalMensuelHtCentimes);
  const totals: OrderMoneyTotals = kept ?? {
    commande: { avantPromotionsCentimes: row.totalUniqueHtCentimes, remisesCentimes: 0, htCentimes: row.totalUniqueHtCentimes, tvaCentimes: row.tvaUniqueCentimes, ttcCentimes: row.totalUniqueHtCentimes + row.tvaUniqueCentimes },
    mensuel: { avantPromotionsCentimes: monthly.htCentimes, remisesCentimes: 0, ...monthly },
    mensuelFinPromotions: monthly,
  };
  const end = totals.mensuelFinPromotions;
  return { commande: discounted(totals.commande), mensuel: discounted(totals.mensuel), mensuelFinPromotions: { ht: euros(end.htCentimes), tva: euros(end.tvaCentimes), ttc: euros(end.ttcCentimes) } };
}

export const ttcCentimes = (htCentimes: number) => htCentimes + vatCentimes(htCentimes);

export function summaryOf(row: OrderRow): OrderSummary {
  return {
    numero: row.numero,
    idClientBscs: row.idClientBscs,
    date: row.createdAt.toISOString(),
    type: row.type,
    typeLibelle: ORDER_TYPE_LABELS[row.type as OrderType] ?? String(row.type),
    statut: row.statut,
    statutLibelle: ORDER_STATUS_LABELS[row.statut as OrderStatus] ?? String(row.statut),
    etape: row.etape,
    etapeLibelle: orderStepLabel(row.etape, row.statut),
    totalTtc: euros(row.totalUniqueHtCentimes + row.tvaUniqueCentimes),
    totalMensuelTtc: euros(ttcCentimes(row.totalMensuelHtCentimes)),
  };
}

export function pieceOf(row: PieceRow): Piece {
  return {
    idCtrlPiece: row.idCtrlPiece,
    type: row.type,
    typeLibelle: PIECE_TYPE_LABELS[row.type],
    idSouscription: row.idSouscription,
    nomFichier: row.nomFichier,
    typeMime: row.typeMime,
    taille: row.taille,
    date: row.createdAt.toISOString(),
  };
}

const ADDRESS_LABELS: Record<number, string> = {
  [ADDRESS_TYPE.INSTALLATION]: 'Adresse d’installation',
  [ADDRESS_TYPE.ELIGIBILITE]: 'Adresse d’éligibilité',
  [ADDRESS_TYPE.LIVRAISON]: 'Adresse de livraison',
};

export interface OrdersDeps extends Pick<ServiceCore, 'policy' | 'audit' | 'transaction' | 'limits' | 'clock'> {
  repo: OrdersRepository;
}

export function createOrdersService(deps: OrdersDeps) {
  const { repo, policy, audit, transaction } = deps;

  /** The pieces a subscription waits for: those its orders' recaps list. */
  async function awaitedPieces(idSouscription: number, tx?: Transaction): Promise<PieceType[]> {
    const owned = await repo.ordersOfSubscription(idSouscription, tx);
    return [...new Set(owned.flatMap((order) => recapOf(order.recapitulatif).piecesAttendues))];
  }

  async function subscriptionView(row: SubscriptionRow, actor: SubscriptionActor, tx?: Transaction): Promise<Subscription> {
    const statut = row.statut as SubscriptionStatus;
    const piecesAttendues = await awaitedPieces(row.idSouscription, tx);
    const recues = await repo.pieceTypesOf(row.idSouscription, tx);
    const missing = missingPieces(piecesAttendues, recues);
    const transitionsPossibles = SUBSCRIPTION_STATUS_VALUES.filter((to) => {
      if (subscriptionTransition(statut, to, actor) !== 'ALLOWED') return false;
      return !(actor === 'CLIENT' && to === SUBSCRIPTION_STATUS.EnCoursValidation && missing !== null);
    });
    return {
      idSouscription: row.idSouscription,
      idClientBscs: row.idClientBscs,
      statut,
      statutNom: subscriptionStatusName(statut),
      statutLibelle: SUBSCRIPTION_STATUS_LABELS[statut],
      piecesAttendues,
      piecesManquantes: missing === null ? null : missing === 'UNE_PIECE' ? [] : missing,
      transitionsPossibles,
      misAJourLe: row.updatedAt.toISOString(),
    };
  }

  /**
   * Moves a subscription in the caller's transaction and writes it on the timeline of the orders
   * it carries; the customer sends it for validation only once its pieces are there.
   */
  async function moveSubscription(tx: Transaction, idSouscription: number, to: SubscriptionStatus, actor: SubscriptionActor, libelle?: string) {
    const current = await repo.subscription(idSouscription, tx);
    if (!current) throw fail('SUBSCRIPTION_NOT_FOUND');
    if (
      actor === 'CLIENT' &&
      to === SUBSCRIPTION_STATUS.EnCoursValidation &&
      subscriptionTransition(current.statut as SubscriptionStatus, to, actor) === 'ALLOWED'
    ) {
      const missing = missingPieces(await awaitedPieces(idSouscription, tx), await repo.pieceTypesOf(idSouscription, tx));
      if (missing !== null) {
        const pieces = missing === 'UNE_PIECE' ? 'au moins un document' : missing.map((type) => PIECE_TYPE_LABELS[type]).join(', ');
        throw fail('SUBSCRIPTION_PIECES_MISSING', { values: { pieces } });
      }
    }
    const now = deps.clock.now();
    const change = await setSubscriptionStatus(tx, idSouscription, to, { actor, now });
    if (change.changed) {
      for (const order of await repo.ordersOfSubscription(idSouscription, tx)) {
        await recordOrderEvent(
          tx,
          order.id,
          { statut: order.statut as OrderStatus, etape: order.etape as FlowStep, libelle: libelle ?? `Souscription : ${SUBSCRIPTION_STATUS_LABELS[to].toLowerCase()}` },
          now,
        );
      }
    }
    return change;
  }

  async function detailOf(row: OrderRow, actor: SubscriptionActor): Promise<OrderDetail> {
    const recap = recapOf(row.recapitulatif);
    const [events, addresses, pointOfSale, subscription, pieces] = await Promise.all([
      repo.events(row.id),
      repo.addresses(row.id),
      row.idPointDeVente === null ? undefined : repo.pointOfSale(row.idPointDeVente),
      row.idSouscription === null ? undefined : repo.subscription(row.idSouscription),
      row.idSouscription === null ? [] : repo.piecesOfSubscriptions([row.idSouscription]),
    ]);
    return {
      ...summaryOf(row),
      modePaiement: row.modePaiement,
      modePaiementLibelle: row.modePaiement === null ? null : (ORDER_PAYMENT_MODE_LABELS[row.modePaiement as OrderPaymentMode] ?? null),
      referenceVirement: row.referenceVirement,
      acompteTtc: euros(row.acompteCentimes),
      totalHt: euros(row.totalUniqueHtCentimes),
      tva: euros(row.tvaUniqueCentimes),
      totalMensuelHt: euros(row.totalMensuelHtCentimes),
      lignes: recap.lignes.map((line) => ({
        libelle: line.libelle,
        quantite: line.quantite,
        prixUniqueTtc: euros(ttcCentimes(line.prixUniqueHtCentimes)),
        prixMensuelTtc: euros(ttcCentimes(line.prixMensuelHtCentimes)),
        prixUniqueHt: euros(line.prixUniqueHtCentimes),
        prixMensuelHt: euros(line.prixMensuelHtCentimes),
        details: line.details,
        elements: line.elements.map((charge) => ({
          nature: charge.nature,
          moment: charge.moment,
          libelle: charge.libelle,
          quantite: charge.quantite,
          montantHt: euros(charge.montantCentimes),
          dureeMois: charge.dureeMois,
          franchiseHt: charge.franchiseCentimes === null ? null : euros(charge.franchiseCentimes),
        })),
      })),
      totaux: totalsOf(row, recap.totaux),
      adresses: addresses.map((address) => ({
        type: address.type,
        typeLibelle: ADDRESS_LABELS[address.type] ?? 'Adresse',
        destinataire: address.destinataire,
        numero: address.numero,
        voie: address.voie,
        complement: address.complement,
        codePostal: address.codePostal,
        ville: address.ville,
      })),
      pointDeVente: pointOfSale ? pointOfSalePlace(pointOfSale) : null,
      historique: events.map((event) => ({
        statut: event.statut,
        statutLibelle: ORDER_STATUS_LABELS[event.statut as OrderStatus] ?? String(event.statut),
        etape: event.etape,
        etapeLibelle: orderStepLabel(event.etape, event.statut),
        libelle: event.libelle,
        at: event.at.toISOString(),
      })),
      souscription: subscription ? await subscriptionView(subscription, actor) : null,
      pieces: pieces.map(pieceOf),
    };
  }

  return {
    subscriptionView,
    moveSubscription,

    async list(userId: number, idClientBscs: number, query: OrderListQuery): Promise<OrderPage> {
      await policy.assertAccount(userId, idClientBscs);
      const { page, taille, ...filters } = query;
      const result = await repo.page(idClientBscs, filters, page, taille);
      return { commandes: result.rows.map(summaryOf), total: result.total, page: result.page, taille };
    },

    async exportCsv(caller: OrdersCaller, idClientBscs: number, query: OrderExportQuery) {
      await policy.assertAccount(caller.userId, idClientBscs);
      const rows = await repo.all(idClientBscs, query);
      await audit.record({ userId: caller.userId, action: 'EXPORT_COMMANDES', idClientBscs, sourceAddress: caller.sourceAddress, details: { nombre: rows.length } });
      const lines = [CSV_BOM, csvRow(['Numéro', 'Date', 'Type', 'Statut', 'Étape', 'Total TTC (€)', 'Mensuel TTC (€)'])];
      for (const row of rows) {
        const summary = summaryOf(row);
        lines.push(csvRow([summary.numero, summary.date.slice(0, 10), summary.typeLibelle, summary.statutLibelle, summary.etapeLibelle, summary.totalTtc, summary.totalMensuelTtc]));
      }
      const day = deps.clock.now().toISOString().slice(0, 10);
      return { body: lines.join(''), count: rows.length, filename: `commandes-${idClientBscs}-${day}.csv` };
    },

    /** An order by its number among the caller's accounts: another's answers like an unknown one. */
    async search(caller: OrdersCaller, numero: string): Promise<OrderSummary> {
      const row = await repo.byNumero(numero);
      if (!row) throw fail('ORDER_NOT_FOUND');
      try {
        await policy.assertAccount(caller.userId, row.idClientBscs);
      } catch {
        throw fail('ORDER_NOT_FOUND');
      }
      return summaryOf(row);
    },

    async detail(caller: OrdersCaller, idClientBscs: number, numero: string): Promise<OrderDetail> {
      await policy.assertAccount(caller.userId, idClientBscs);
      const row = await repo.byNumero(numero);
      if (row?.idClientBscs !== idClientBscs) throw fail('ORDER_NOT_FOUND');
      return detailOf(row, actorOfCaller(caller));
    },

    async pending(userId: number, idClientBscs: number): Promise<OrderSummary | null> {
      await policy.assertAccount(userId, idClientBscs);
      const row = await repo.pending(idClientBscs);
      return row ? summaryOf(row) : null;
    },

    async total(userId: number, idClientBscs: number) {
      await policy.assertAccount(userId, idClientBscs);
      const totals = await repo.totals(idClientBscs);
      return { nombre: totals.nombre, enCours: totals.enCours, totalTtc: euros(totals.totalTtcCentimes) };
    },

    async subscriptions(caller: OrdersCaller, idClientBscs: number): Promise<Subscription[]> {
      await policy.assertAccount(caller.userId, idClientBscs);
      const rows = await repo.subscriptionsOf(idClientBscs);
      const actor = actorOfCaller(caller);
      return Promise.all(rows.map((row) => subscriptionView(row, actor)));
    },

    /** `PUT /api/souscriptions/statut`: an unknown subscription answers like another customer's (403). */
    async updateSubscriptionStatus(caller: OrdersCaller, idSouscription: number, to: SubscriptionStatus): Promise<Subscription> {
      const found = await repo.subscription(idSouscription);
      if (!found) throw fail('FORBIDDEN_ACCOUNT');
      await policy.assertAccount(caller.userId, found.idClientBscs);
      const actor = actorOfCaller(caller);
      return transaction(async (tx) => {
        const change = await moveSubscription(tx, idSouscription, to, actor);
        if (change.changed) {
          await audit.record(
            {
              userId: caller.userId,
              action: 'STATUT_SOUSCRIPTION',
              idClientBscs: found.idClientBscs,
              sourceAddress: caller.sourceAddress,
              details: { idSouscription, avant: subscriptionStatusName(change.avant), apres: subscriptionStatusName(change.apres) },
            },
            { tx },
          );
        }
        const after = await repo.subscription(idSouscription, tx);
        if (!after) throw fail('SUBSCRIPTION_NOT_FOUND');
        return subscriptionView(after, actor, tx);
      });
    },
  };
}
export type OrdersService = ReturnType<typeof createOrdersService>;

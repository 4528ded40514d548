import {
  ORDER_STATUS,
  ORDER_STATUS_LABELS,
  ORDER_TYPE,
  ORDER_TYPE_LABELS,
  orderRecapLineSchema,
  productOrderQuerySchema,
  productOrderSchema,
  tmfErrorSchema,
  tmfIdParamSchema,
  tmfItemQuerySchema,
  type OrderStatus,
  type OrderType,
  type TmfProductOrder,
} from '@ecare/shared';
import { parisInstant } from '@ecare/shared/paris-time';
import { z } from 'zod';
import type { ModuleApp } from '../../core/module.ts';
import { fail } from '../../lib/errors.ts';
import type { ProductOrderEventRow, ProductOrderRow, ProductOrdersRepository } from './product-orders.repository.ts';
import { apiClientOf } from './public-api.scope.ts';
import { euros, hrefOf, selectFields, sendPage } from './tmf.ts';

const PATH = '/productOrderingManagement/productOrder';
const PRODUCT_PATH = '/productInventory/product';
type OrderState = NonNullable<TmfProductOrder['state']>;
type OrderItem = NonNullable<TmfProductOrder['productOrderItem']>[number];

/**
 * The portal's order statuses as TMF622 states, as the customer reads them: a cart or its options
 * chosen, acknowledged; recorded and waiting for its payment (card under way, transfer awaited,
 * card to be checked), pending; waiting for a second manager's approval, held; paid (card
 * accepted, transfer received), completed, the order being placed and paid for; a card refused,
 * failed; refused by the second manager, rejected; approval never given in time, cancelled.
 */
const STATES: Record<OrderStatus, OrderState> = {
  [ORDER_STATUS.Choisie]: 'acknowledged',
  [ORDER_STATUS.AssuranceAccessoires]: 'acknowledged',
  [ORDER_STATUS.Validee]: 'pending',
  [ORDER_STATUS.PaiementSurFactureAttenteValidation]: 'pending',
  [ORDER_STATUS.PaiementCbClientRisque]: 'pending',
  [ORDER_STATUS.EnAttenteValidation]: 'held',
  [ORDER_STATUS.CbAtosAcceptee]: 'completed',
  [ORDER_STATUS.PaiementSurFactureConfirmee]: 'completed',
  [ORDER_STATUS.CbOfficeServerAcceptee]: 'completed',
  [ORDER_STATUS.CbAtosRefusee]: 'failed',
  [ORDER_STATUS.CbOfficeServerRefusee]: 'failed',
  [ORDER_STATUS.ValidationRefusee]: 'rejected',
  [ORDER_STATUS.ValidationExpiree]: 'cancelled',
};
const stateOf = (statut: number): OrderState => STATES[statut as OrderStatus] ?? 'pending';
const statutsOf = (state: OrderState) => (Object.entries(STATES) as [string, OrderState][]).filter(([, mapped]) => mapped === state).map(([statut]) => Number(statut));

/** New lines are added to the fleet; a SIM, a phone or an exchange changes a line already there. */
const ADDING: readonly number[] = [ORDER_TYPE.ExtensionParc, ORDER_TYPE.Souscription];

const prices = (oneTimeCentimes: number, recurringCentimes: number) => [
  { priceType: 'oneTime' as const, price: { taxExcludedAmount: euros(oneTimeCentimes) } },
  { priceType: 'recurring' as const, price: { taxExcludedAmount: euros(recurringCentimes) } },
];

/** The items the order froze when it was placed (its recap's lines); one item of its type for an order kept without them. */
function itemsOf(row: ProductOrderRow, state: OrderState): OrderItem[] {
  const recap = z.object({ lignes: z.array(z.unknown()) }).safeParse(row.recapitulatif);
  const lines = (recap.success ? recap.data.lignes : []).flatMap((line) => {
    const parsed = orderRecapLineSchema.safeParse(line);
    return parsed.success ? [parsed.data] : [];
  });
  const action = ADDING.includes(row.type) ? 'add' : 'modify';
  const line = row.idContrat === null ? {} : { id: String(row.idContrat), href: hrefOf(PRODUCT_PATH, row.idContrat) };
  const typeLabel = ORDER_TYPE_LABELS[row.type as OrderType] ?? String(row.type);
  if (lines.length === 0) {
    return [{ id: '1', action, quantity: 1, state, product: { ...line, name: typeLabel, '@referredType': 'Product' }, itemTotalPrice: prices(row.totalUniqueHtCentimes, row.totalMensuelHtCentimes) }];
  }
  return lines.map((recapLine, index) => ({
    id: String(index + 1),
    action,
    quantity: recapLine.quantite,
    state,
    product: {
      ...line,
      name: recapLine.libelle,
      ...(recapLine.details.length > 0 ? { description: recapLine.details.join(' ; ') } : {}),
      '@referredType': 'Product',
    },
    itemTotalPrice: prices(recapLine.prixUniqueHtCentimes * recapLine.quantite, recapLine.prixMensuelHtCentimes * recapLine.quantite),
  }));
}

/**
 * An order as a TMF622 ProductOrder: its number, type and portal status in words, its totals HT
 * (one-off and monthly), its items and its timeline. A completed order was completed when it
 * reached its status (its first event with it), or else when it was confirmed.
 */
function productOrder(row: ProductOrderRow, events: readonly ProductOrderEventRow[]): TmfProductOrder {
  const state = stateOf(row.statut);
  const reached = events.find((event) => event.statut === row.statut)?.at ?? row.valideeLe;
  return {
    id: String(row.id),
    href: hrefOf(PATH, row.id),
    '@type': 'ProductOrder',
    externalId: row.numero,
    category: ORDER_TYPE_LABELS[row.type as OrderType] ?? String(row.type),
    description: ORDER_STATUS_LABELS[row.statut as OrderStatus] ?? String(row.statut),
    orderDate: row.createdAt.toISOString(),
    completionDate: state === 'completed' && reached ? reached.toISOString() : null,
    state,
    orderTotalPrice: prices(row.totalUniqueHtCentimes, row.totalMensuelHtCentimes),
    productOrderItem: itemsOf(row, state),
    note: events.map((event) => ({ date: event.at.toISOString(), text: event.libelle })),
  };
}

/** TMF622 Product Ordering: the account's orders (scope commandes:lecture). */
export async function productOrdersRoutes(scope: ModuleApp, repo: ProductOrdersRepository) {
  const tags = ['v1 commandes'];
  const errors = { 400: tmfErrorSchema, 401: tmfErrorSchema, 403: tmfErrorSchema, 404: tmfErrorSchema, 429: tmfErrorSchema };
  const config = { portee: 'commandes:lecture' } as const;

  const withEvents = async (rows: ProductOrderRow[]) => {
    const events = await repo.events(rows.map((row) => row.id));
    return rows.map((row) => productOrder(row, events.filter((event) => event.orderId === row.id)));
  };

  scope.get(
    PATH,
    {
      config,
      schema: {
        tags,
        summary: 'Les commandes du compte (TMF622 ProductOrder), page par page',
        description:
          'Les plus récentes d’abord. Filtres : state, orderDate.gte et orderDate.lt (jours AAAA-MM-JJ, en France). États : acknowledged (panier), pending (paiement attendu), held (validation d’un second gestionnaire attendue), completed (payée), failed (paiement refusé), rejected (refusée par le second gestionnaire), cancelled (annulée faute de validation). note donne l’historique de la commande.',
        querystring: productOrderQuerySchema,
        response: { 200: z.array(productOrderSchema), ...errors },
      },
    },
    async (request, reply) => {
      const { offset, limit, fields, state, ...dates } = request.query;
      const from = dates['orderDate.gte'];
      const before = dates['orderDate.lt'];
      const page = await repo.page(
        apiClientOf(request).idClientBscs,
        {
          ...(state !== undefined ? { statuts: statutsOf(state) } : {}),
          ...(from !== undefined ? { from: parisInstant(from, 0) } : {}),
          ...(before !== undefined ? { before: parisInstant(before, 0) } : {}),
        },
        offset,
        limit,
      );
      return sendPage(reply, { total: page.total, items: await withEvents(page.rows) }, fields);
    },
  );

  scope.get(
    `${PATH}/:id`,
    {
      config,
      schema: { tags, summary: 'Une commande du compte (TMF622 ProductOrder)', params: tmfIdParamSchema, querystring: tmfItemQuerySchema, response: { 200: productOrderSchema, ...errors } },
    },
    async (request) => {
      const id = /^\d{1,9}$/.test(request.params.id) ? Number(request.params.id) : null;
      const row = id === null ? undefined : await repo.one(apiClientOf(request).idClientBscs, id);
      if (!row) throw fail('API_RESOURCE_UNKNOWN');
      const [resource] = await withEvents([row]);
      if (!resource) throw fail('API_RESOURCE_UNKNOWN');
      return selectFields(resource, request.query.fields);
    },
  );
}

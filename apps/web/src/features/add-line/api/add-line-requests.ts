import {
  cartSchema,
  orderValidationSchema,
  portingDateResponseSchema,
  submittedOrderSchema,
  type AccessoryRequest,
  type Cart,
  type CartAddressRequest,
  type CartAddressType,
  type InsuranceRequest,
  type OrderValidation,
  type NumberKeepingRequest,
  type OptionRequest,
  type PortabilityRequest,
  type PromotionRequest,
  type RecapDocument,
  type SaveLineRequest,
  type SubmitOrderRequest,
  type SubmittedOrder,
} from '@ecare/shared/add-line';
import { accessoryListSchema, insuranceListSchema, optionFamilyListSchema } from '@ecare/shared/catalogue';
import { IDEMPOTENCY_KEY_HEADER } from '@ecare/shared/termination';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';

const addLineKey = ['add-line'] as const;

/** `GET /api/ajout-lignes/panier/{idClientBscs}`: the account's cart, kept on the server (decision 038). */
export const cartQueryOptions = (idClientBscs: number) =>
  queryOptions({
    queryKey: [...addLineKey, 'panier', idClientBscs],
    queryFn: ({ signal }): Promise<Cart> => apiRequest(`/api/ajout-lignes/panier/${idClientBscs}`, { schema: cartSchema, signal }),
  });

export const useCart = (idClientBscs: number) => useQuery(cartQueryOptions(idClientBscs));

/** `GET /api/options`: the options sold, by family. */
export const optionFamiliesQueryOptions = () =>
  queryOptions({
    queryKey: [...addLineKey, 'options'],
    queryFn: ({ signal }) => apiRequest('/api/options', { schema: optionFamilyListSchema, signal }),
    staleTime: 5 * 60_000,
  });

/** `GET /api/accessoires?idArticle=`: the accessories that suit a phone (all of them for a SIM only). */
export const useAccessories = (idArticle: number | null) =>
  useQuery({
    queryKey: [...addLineKey, 'accessoires', idArticle],
    queryFn: ({ signal }) => apiRequest(`/api/accessoires${idArticle === null ? '' : `?idArticle=${idArticle}`}`, { schema: accessoryListSchema, signal }),
    staleTime: 5 * 60_000,
  });

/** `GET /api/assurances?idArticle=`: the insurances whose ceiling covers the phone's price alone. */
export const useInsurances = (idArticle: number) =>
  useQuery({
    queryKey: [...addLineKey, 'assurances', idArticle],
    queryFn: ({ signal }) => apiRequest(`/api/assurances?idArticle=${idArticle}`, { schema: insuranceListSchema, signal }),
    staleTime: 5 * 60_000,
  });

/** `GET /api/ajout-lignes/date-portage?date=`: the window of porting dates allowed today. */
export const usePortingWindow = (today: string) =>
  useQuery({
    queryKey: [...addLineKey, 'date-portage', today],
    queryFn: ({ signal }) => apiRequest(`/api/ajout-lignes/date-portage?date=${today}`, { schema: portingDateResponseSchema, signal }),
    staleTime: 10 * 60_000,
  });

/** Every change of the cart answers the whole cart: it replaces the one in the cache. */
function useCartWrite<V>(idClientBscs: number, send: (variables: V) => Promise<Cart>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: send,
    onSuccess: (cart) => client.setQueryData(cartQueryOptions(idClientBscs).queryKey, cart),
  });
}

const post = (path: string, json: unknown) => apiRequest(path, { method: 'POST', json, schema: cartSchema });

/** The cart's writes (decision 038), each refreshing the cart shown. */
export function useCartWrites(idClientBscs: number) {
  return {
    saveLine: useCartWrite(idClientBscs, (request: SaveLineRequest) => post('/api/ajout-lignes/enregistrer-ligne', request)),
    quantity: useCartWrite(idClientBscs, ({ idLigne, quantite }: { idLigne: number; quantite: number }) =>
      apiRequest(`/api/ajout-lignes/maj-quantite?idLigne=${idLigne}&quantite=${quantite}`, { schema: cartSchema }),
    ),
    accessory: useCartWrite(idClientBscs, (request: AccessoryRequest) => post('/api/ajout-lignes/accessoire', request)),
    option: useCartWrite(idClientBscs, (request: OptionRequest) => post('/api/ajout-lignes/option', request)),
    promotion: useCartWrite(idClientBscs, (request: PromotionRequest) => post('/api/ajout-lignes/promotion', request)),
    removePromotion: useCartWrite(idClientBscs, (request: { IdLigne: number; IdPromotion: number }) => post('/api/ajout-lignes/promotion/supprimer', request)),
    deleteLine: useCartWrite(idClientBscs, (IdLigne: number) => post('/api/ajout-lignes/supprimer-ligne', { IdLigne })),
    portability: useCartWrite(idClientBscs, (request: PortabilityRequest) => post('/api/ajout-lignes/portabilite', request)),
    numberKeeping: useCartWrite(idClientBscs, (request: NumberKeepingRequest) => post('/api/ajout-lignes/conservation-numero', request)),
    newNumber: useCartWrite(idClientBscs, (IdLigne: number) => post('/api/ajout-lignes/nouveau-numero', { IdLigne })),
    insurance: useCartWrite(idClientBscs, (request: InsuranceRequest) => post('/api/commande/assurance', request)),
    /** One address of the Coordonnées step, kept with the cart on the server. */
    address: useCartWrite(idClientBscs, ({ type, request }: { type: CartAddressType; request: CartAddressRequest }) =>
      post(`/api/commande/adresse/enregistrer/${type}`, request),
    ),
  };
}

/** Where a recap PDF of the cart is; opening it is recorded by the server. */
export const recapDocumentPath = (idSouscription: number, document: RecapDocument) => `/api/ajout-lignes/recapitulatif/${idSouscription}/${document}`;

/**
 * `POST /api/commande/enregistrer` with the attempt's `Idempotency-Key`: the same key sent twice
 * (a double click, a retry after a lost answer) gives back the same order.
 */
export function useSubmitOrder(idClientBscs: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ request, idempotencyKey }: { request: SubmitOrderRequest; idempotencyKey: string }): Promise<SubmittedOrder> =>
      apiRequest('/api/commande/enregistrer', {
        method: 'POST',
        json: request,
        headers: { [IDEMPOTENCY_KEY_HEADER]: idempotencyKey },
        schema: submittedOrderSchema,
      }),
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: cartQueryOptions(idClientBscs).queryKey });
      void client.invalidateQueries({ queryKey: ['lines'] });
      void client.invalidateQueries({ queryKey: ['orders'] });
    },
  });
}

/** `POST /api/commande/validee`: where an order stands (validated by the server only, never by the page). */
export const orderValidationQueryOptions = (numero: string) =>
  queryOptions({
    queryKey: [...addLineKey, 'validee', numero],
    queryFn: ({ signal }): Promise<OrderValidation> =>
      apiRequest('/api/commande/validee', { method: 'POST', json: { numero }, schema: orderValidationSchema, signal }),
    staleTime: 0,
  });

/** `POST /api/commande/modifiermodepaiement`: an order waiting for its card payment, paid by transfer instead. */
export function usePayByTransfer() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (numero: string): Promise<SubmittedOrder> =>
      apiRequest('/api/commande/modifiermodepaiement', { method: 'POST', json: { numero, ModePaiement: 6 }, schema: submittedOrderSchema }),
    onSuccess: (order) => {
      void client.invalidateQueries({ queryKey: orderValidationQueryOptions(order.numero).queryKey });
      void client.invalidateQueries({ queryKey: ['lines'] });
      void client.invalidateQueries({ queryKey: ['orders'] });
    },
  });
}

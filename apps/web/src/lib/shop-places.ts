import { communeListSchema, type Commune } from '@ecare/shared/add-line';
import { pointOfSaleListSchema } from '@ecare/shared/catalogue';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from './api-client.ts';

/**
 * The places the shop's journeys deliver to (adding lines, a new phone: decisions 038, 039): the
 * communes of a postal code and the shops where an order is collected. One cache for both.
 */
const placesKey = ['shop-places'] as const;

/** `GET /api/ajout-lignes/communes/{codePostal}`: the communes of a postal code (5 digits), else none asked. */
export const useCommunes = (codePostal: string) =>
  useQuery<Commune[]>({
    queryKey: [...placesKey, 'communes', codePostal],
    queryFn: ({ signal }) => apiRequest(`/api/ajout-lignes/communes/${codePostal}`, { schema: communeListSchema, signal }),
    enabled: /^\d{5}$/.test(codePostal),
    staleTime: 24 * 60 * 60_000,
  });

/**
 * `GET /api/points-de-vente[?idClientBscs=]`: the shops where an order may be collected (asked only
 * when `enabled`); for an account, nearest first from its address, each with its distance.
 */
export const usePointsOfSale = (enabled = true, idClientBscs?: number) =>
  useQuery({
    queryKey: [...placesKey, 'points-de-vente', idClientBscs ?? null],
    queryFn: ({ signal }) =>
      apiRequest(idClientBscs === undefined ? '/api/points-de-vente' : `/api/points-de-vente?idClientBscs=${idClientBscs}`, { schema: pointOfSaleListSchema, signal }),
    staleTime: 5 * 60_000,
    enabled,
  });

import type { PointOfSale } from '@ecare/shared';
import { distanceKm, type PlaceFinder } from '../../lib/addresses/commune-positions.ts';

type ShopRow = Omit<PointOfSale, 'distanceKm'>;

/**
 * The shops, nearest first from an address (decision 039): each with its distance in whole
 * kilometres as the crow flies between the communes' centres. A shop whose commune is not found
 * keeps its place after the others, by postal code; so do all of them when the address is not.
 */
export async function pointsOfSaleByDistance(shops: readonly ShopRow[], from: { codePostal: string; ville: string }, places: PlaceFinder): Promise<PointOfSale[]> {
  const origin = await places.positionOf(from.codePostal, from.ville);
  if (!origin) return [...shops];
  const measured = await Promise.all(
    shops.map(async (shop) => {
      const position = await places.positionOf(shop.codePostal, shop.ville);
      return position ? { ...shop, distanceKm: Math.round(distanceKm(origin, position)) } : shop;
    }),
  );
  const far = Number.POSITIVE_INFINITY;
  // A stable sort: shops as far away as each other keep the list's order (by postal code).
  return measured.sort((a, b) => ('distanceKm' in a ? a.distanceKm : far) - ('distanceKm' in b ? b.distanceKm : far));
}

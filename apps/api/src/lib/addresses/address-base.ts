import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { cityKey, type CheckedAddress, type Commune, type ShopAddress } from '@ecare/shared';
import { fail } from '../errors.ts';

/**
 * Where the shop (adding lines, a new phone) looks up French postal codes and communes (decision 038). The national
 * address base (BAN) cannot be reached from the portal's servers here, so the default is offline:
 * the communes of `@etalab/decoupage-administratif` (INSEE code, name, postal codes), loaded on the
 * first look-up only. An online implementation calls the BAN's search with the postal code and the
 * street, and answers the same shape; it is chosen where the modules are built, nothing else changes.
 */
export interface AddressBase {
  /** The communes a 5-digit postal code serves, by name. */
  communes(codePostal: string): Promise<Commune[]>;
}

/** The package's commune records, as far as they are read here. */
interface CommuneRecord {
  code: string;
  nom: string;
  type: string;
  codesPostaux?: string[];
}

/** Communes an address may name: current communes, and delegated or associated ones still written on letters. */
const ADDRESS_TYPES = new Set(['commune-actuelle', 'commune-deleguee', 'commune-associee']);

/** The offline table, read once per process whichever module asks first (12.7 MB on disk). */
let index: Promise<Map<string, Commune[]>> | undefined;

export function offlineAddressBase(): AddressBase {

  async function load(): Promise<Map<string, Commune[]>> {
    const require = createRequire(import.meta.url);
    const folder = path.dirname(require.resolve('@etalab/decoupage-administratif/package.json'));
    const records = JSON.parse(await readFile(path.join(folder, 'data', 'communes.json'), 'utf8')) as CommuneRecord[];
    const byCode = new Map<string, Commune[]>();
    for (const record of records) {
      if (!ADDRESS_TYPES.has(record.type)) continue;
      for (const codePostal of record.codesPostaux ?? []) {
        const list = byCode.get(codePostal) ?? [];
        if (!list.some((commune) => commune.nom === record.nom)) list.push({ codeInsee: record.code, nom: record.nom, codePostal });
        byCode.set(codePostal, list);
      }
    }
    for (const list of byCode.values()) list.sort((a, b) => a.nom.localeCompare(b.nom, 'fr'));
    return byCode;
  }

  return {
    async communes(codePostal) {
      index ??= load().catch((error: unknown) => {
        index = undefined;
        throw error;
      });
      return (await index).get(codePostal) ?? [];
    },
  };
}

/**
 * An address checked against its postal code's communes (decision 038): the city compared without
 * accents, case, punctuation or "St"/"Saint", answered as the commune is named, with its INSEE code.
 */
export async function checkedAddress(base: AddressBase, address: ShopAddress): Promise<CheckedAddress> {
  const communes = await base.communes(address.codePostal);
  if (communes.length === 0) throw fail('ADDRESS_POSTCODE_UNKNOWN');
  const wanted = cityKey(address.ville);
  const commune = communes.find((candidate) => cityKey(candidate.nom) === wanted);
  if (!commune) throw fail('ADDRESS_CITY_MISMATCH');
  return { ...address, ville: commune.nom, codeInsee: commune.codeInsee };
}

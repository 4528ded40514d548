import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { Commune } from '@ecare/shared';

/**
 * Where the add-line flow looks up French postal codes and communes (decision 038). The national
 * address base (BAN) cannot be reached from the portal's servers here, so the default is offline:
 * the communes of `@etalab/decoupage-administratif` (INSEE code, name, postal codes), loaded on the
 * first look-up only. An online implementation calls the BAN's search with the postal code and the
 * street, and answers the same shape; it is chosen in index.ts, nothing else changes.
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

export function offlineAddressBase(): AddressBase {
  let index: Promise<Map<string, Commune[]>> | undefined;

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

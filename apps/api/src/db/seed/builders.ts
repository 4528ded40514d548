import type { billingAccounts, companies, contracts } from '../schema.ts';
import { MOBILE_OFFER_IDS } from '../reference/index.ts';
import { CITIES, COMPANY_FORMS, COMPANY_STEMS, FIRST_NAMES, LAST_NAMES, STREETS } from './data.ts';
import { luhnCheckDigit, type Random } from './random.ts';

export const FIRST_ACCOUNT_ID = 1_000_001;
export const FIRST_CONTRACT_ID = 5_000_001;

export function siren(rng: Random): string {
  const partial = `${rng.int(1, 9)}${rng.digits(7)}`;
  return partial + luhnCheckDigit(partial);
}

export function siret(sirenNumber: string, rng: Random): string {
  return siretOf(sirenNumber, rng.digits(4));
}

/** The SIRET of an establishment: SIREN, four-digit establishment number, check digit. */
export function siretOf(sirenNumber: string, establishment: string): string {
  const partial = `${sirenNumber}${establishment}`;
  return partial + luhnCheckDigit(partial);
}

/** Client account number: digit 1-9, then one or two dot-number groups (spec §5). */
export function codeClientBscs(idClientBscs: number, rng: Random): string {
  const head = rng.int(1, 9);
  return rng.next() < 0.8 ? `${head}.${idClientBscs}` : `${head}.${rng.int(10, 9999)}.${idClientBscs}`;
}

/**
 * A distinct French mobile number (06/07) for each sequence number: multiplying by a number
 * prime to 2·10⁸ is a bijection modulo 2·10⁸, and a large one keeps neighbours far apart.
 */
const SPREAD = 104_729 * 7_919;
export function mobileNumber(sequence: number): string {
  const n = Number((BigInt(sequence) * BigInt(SPREAD) + 12_345_678n) % 200_000_000n);
  return `0${n < 100_000_000 ? 6 : 7}${String(n % 100_000_000).padStart(8, '0')}`;
}

export function person(rng: Random): { prenom: string; nom: string } {
  return { prenom: rng.pick(FIRST_NAMES), nom: rng.pick(LAST_NAMES) };
}

export function buildCompany(rng: Random): Omit<typeof companies.$inferInsert, 'id'> {
  const { nom } = person(rng);
  return { raisonSociale: `${rng.pick(COMPANY_STEMS)} ${nom} ${rng.pick(COMPANY_FORMS)}`, siren: siren(rng) };
}

export function buildBillingAccount(
  rng: Random,
  idClientBscs: number,
  company: { id: number; raisonSociale: string; siren: string },
): typeof billingAccounts.$inferInsert {
  const contact = person(rng);
  const city = rng.pick(CITIES);
  const slug = `${contact.prenom}.${contact.nom}`.normalize('NFD').replace(/[^A-Za-z.]/g, '').toLowerCase();
  return {
    idClientBscs,
    codeClientBscs: codeClientBscs(idClientBscs, rng),
    companyId: company.id,
    statut: rng.next() < 0.92 ? 'ACTIF' : 'SUSPENDU',
    statutContratFixe: rng.next() < 0.3 ? 'ACTIF' : null,
    sirenSiret: siret(company.siren, rng),
    raisonSociale: company.raisonSociale,
    ...contact,
    email: `${slug}@entreprise-${idClientBscs}.example`,
    telephone: `01${rng.digits(8)}`,
    adresseNumero: String(rng.int(1, 180)),
    adresseVoie: rng.pick(STREETS),
    adresseCodePostal: city.codePostal,
    adresseVille: city.ville,
  };
}

export function buildContract(
  rng: Random,
  idContrat: number,
  idClientBscs: number,
): typeof contracts.$inferInsert {
  const roll = rng.next();
  return {
    idContrat,
    idClientBscs,
    numeroLigne: mobileNumber(idContrat),
    codeStatut: roll < 0.88 ? 'ACTIF' : roll < 0.95 ? 'SUSPENDU' : 'EN_COURS',
    idGamme: 1,
    idOffreEngagement: rng.pick(MOBILE_OFFER_IDS),
    dateActivation: new Date(Date.UTC(2019 + rng.int(0, 6), rng.int(0, 11), rng.int(1, 28))),
  };
}

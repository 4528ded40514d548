import type { billingAccounts, companies, contracts } from '../schema.ts';
import { MOBILE_OFFER_IDS, OFFERS } from '../reference/index.ts';
import { CITIES, COMPANY_FORMS, COMPANY_STEMS, FIRST_NAMES, LAST_NAMES, STREETS } from './data.ts';
import { luhnCheckDigit, Random } from './random.ts';

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

/**
 * The ICCID of a contract's demo SIM card: 8933 (telecom, France), a fictitious issuer code, the
 * contract id on 12 digits (so no two lines share a card), and the Luhn key: 19 digits.
 */
export function demoIccid(idContrat: number): string {
  const partial = `893301${String(idContrat).padStart(12, '0')}`;
  return partial + luhnCheckDigit(partial);
}

/** SM-DP+ server of the demo eSIM profiles (a reserved example domain). */
export const DEMO_SMDP_ADDRESS = 'smdp.telora.example';

const LINE_OPTIONS = [
  'Europe et DOM 5 Go',
  'International 2 h',
  'Roaming Monde 1 Go',
  'Blocage des numéros surtaxés',
  'Messagerie vocale visuelle',
  'Multi-SIM data',
] as const;

const LISTINGS = ['LISTE_ROUGE', 'LISTE_ROUGE', 'LISTE_ORANGE', 'PARUTION'] as const;

/** An eSIM activation code, as the SM-DP+ issues them: four groups of four. */
function activationCode(rng: Random): string {
  const alphabet = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
  return Array.from({ length: 4 }, () => Array.from({ length: 4 }, () => rng.pick([...alphabet])).join('')).join('-');
}

/** Months a plan commits its lines for (0: without commitment). */
function commitmentMonths(idOffreEngagement: number): number {
  return OFFERS.find((offer) => offer.idOffreEngagement === idOffreEngagement)?.engagementMois ?? 0;
}

/**
 * What the line page shows of a contract: SIM card (or eSIM profile) and its PUK codes, options,
 * commitment, line user and directory listing. Drawn from a sequence of the contract's own, so
 * that adding these fields left every other demo value as it was. A line is committed for its
 * plan's months from its activation, or not at all on a plan without commitment.
 */
export function buildLineDetails(
  idContrat: number,
  idClientBscs: number,
  dateActivation: Date,
  typeSim: 'SIM' | 'ESIM' | undefined,
  idOffreEngagement: number,
): Partial<typeof contracts.$inferInsert> {
  const rng = new Random(Math.imul(idContrat, 0x9e3779b1));
  const kind = typeSim ?? (rng.next() < 0.15 ? 'ESIM' : 'SIM');
  const user = person(rng);
  const slug = `${user.prenom}.${user.nom}`.normalize('NFD').replace(/[^A-Za-z.]/g, '').toLowerCase();
  const options = LINE_OPTIONS.filter(() => rng.next() < 0.25);
  const months = commitmentMonths(idOffreEngagement);
  // Drawn whatever the plan, so that the values drawn after it stay as they were.
  const committed = rng.next() < 0.7 && months > 0;
  const end = new Date(dateActivation);
  end.setUTCMonth(end.getUTCMonth() + months);
  return {
    typeSim: kind,
    iccid: demoIccid(idContrat),
    puk: rng.digits(8),
    puk2: rng.digits(8),
    esimCodeActivation: kind === 'ESIM' ? activationCode(rng) : null,
    esimAdresseSmdp: kind === 'ESIM' ? DEMO_SMDP_ADDRESS : null,
    options,
    dateFinEngagement: committed ? end.toISOString().slice(0, 10) : null,
    utilisateurPrenom: user.prenom,
    utilisateurNom: user.nom,
    utilisateurEmail: `${slug}@entreprise-${idClientBscs}.example`,
    inscriptionAnnuaire: rng.pick(LISTINGS),
  };
}

/** A contract; `plan` chooses its plan (drawn otherwise), and so its commitment. */
export function buildContract(
  rng: Random,
  idContrat: number,
  idClientBscs: number,
  typeSim?: 'SIM' | 'ESIM',
  plan?: number,
): typeof contracts.$inferInsert {
  const roll = rng.next();
  // Drawn even when chosen, so that the values drawn after it stay as they were.
  const drawn = rng.pick(MOBILE_OFFER_IDS);
  const idOffreEngagement = plan ?? drawn;
  const dateActivation = new Date(Date.UTC(2019 + rng.int(0, 6), rng.int(0, 11), rng.int(1, 28)));
  return {
    idContrat,
    idClientBscs,
    numeroLigne: mobileNumber(idContrat),
    codeStatut: roll < 0.88 ? 'ACTIF' : roll < 0.95 ? 'SUSPENDU' : 'EN_COURS',
    idGamme: 1,
    idOffreEngagement,
    dateActivation,
    ...buildLineDetails(idContrat, idClientBscs, dateActivation, typeSim, idOffreEngagement),
  };
}

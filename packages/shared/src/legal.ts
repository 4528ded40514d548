import { z } from 'zod';
import { lazySchema } from './lazy-schema.ts';

/**
 * Legal and information pages (spec §3 "Legal notice by page code", §7
 * `GET /api/mentions-legales/{pageCode}`): the codes every installation has. An operator may add
 * others in the reference table; these are the ones the portal's routes show.
 */
export const LEGAL_PAGE_CODES = ['MENTIONS_LEGALES', 'CONDITIONS_TARIFS', 'ENVIRONNEMENT', 'DONNEES_PERSONNELLES', 'ACCESSIBILITE'] as const;
export type LegalPageCode = (typeof LEGAL_PAGE_CODES)[number];

/** Longest page code or document type looked up; anything longer is refused as malformed. */
export const LEGAL_CODE_MAX_LENGTH = 64;

const code = lazySchema(() => z.string().min(1).max(LEGAL_CODE_MAX_LENGTH));

/** `/api/mentions-legales/{pageCode}`: any text of a sane length; an unknown one answers LEGAL_PAGE_NOT_FOUND (404). */
export const legalPageCodeParamSchema = lazySchema(() => z.object({ pageCode: code }));

/** A calendar date, `YYYY-MM-DD`. */
const isoDate = lazySchema(() => z.string().regex(/^\d{4}-\d{2}-\d{2}$/));

export const legalPageSchema = lazySchema(() =>
  z.object({
    pageCode: z.string(),
    titre: z.string(),
    /** HTML reduced to LEGAL_HTML_RULES (legal-html.ts) by the server; the page reduces it again. */
    contenuHtml: z.string(),
    /** Date of the text's last change. */
    miseAJour: isoDate,
  }),
);
export type LegalPage = z.infer<typeof legalPageSchema>;

/**
 * Static documents (spec §1, §7 "documentstatique types (CGV, CGA, GT)"): conditions générales
 * de vente, conditions générales d'abonnement, guide tarifaire.
 */
export const STATIC_DOCUMENT_TYPES = ['CGV', 'CGA', 'GT'] as const;
export type StaticDocumentType = (typeof STATIC_DOCUMENT_TYPES)[number];

/** `/api/documentstatique/{type}`: an unknown type answers STATIC_DOCUMENT_NOT_FOUND (404). */
export const staticDocumentTypeParamSchema = lazySchema(() => z.object({ type: code }));

/** A document as `GET /api/documentstatique` lists it: what the download button needs to say. */
export const staticDocumentSchema = lazySchema(() =>
  z.object({
    type: z.string(),
    titre: z.string(),
    version: z.string(),
    /** Date from which this version applies. */
    dateVersion: isoDate,
    /** The name `GET /api/documentstatique/{type}` gives the PDF (Content-Disposition). */
    nomFichier: z.string(),
  }),
);
export type StaticDocument = z.infer<typeof staticDocumentSchema>;
export const staticDocumentListSchema = lazySchema(() => z.array(staticDocumentSchema));

/**
 * Greenhouse-gas equivalent of data consumption (loi AGEC art. 13, décret n° 2021-1732): the
 * factors of ADEME's methodology the operator applies, shown on the environment page and
 * meant for the monthly figure of each line.
 */
export const DATA_CARBON_FACTORS = {
  /** Mobile network: grams CO2e per gigabyte consumed ("ratio moyen majorant" of the French mobile network). */
  mobileGrammesParGo: 49.4,
  /** Fixed internet: kilograms CO2e per subscription and month, whatever the volume. */
  fixeKilogrammesParMois: 4.1,
} as const;

/** Grams CO2e of a month's mobile data, rounded to the gram as the decree asks. */
export function mobileDataCarbonGrams(gigabytes: number): number {
  return Math.round(gigabytes * DATA_CARBON_FACTORS.mobileGrammesParGo);
}

/**
 * The company behind the brand, as legal texts and documents name it (decision 019). Fictional,
 * like the brand; the SIREN has a valid check digit and the VAT number the key computed from it.
 */
export const OPERATOR_COMPANY = {
  denomination: 'Telora SAS',
  formeJuridique: 'société par actions simplifiée',
  capitalEuros: 25_000_000,
  rcsVille: 'Nanterre',
  siren: '512345679',
  tvaIntracommunautaire: 'FR75512345679',
  siegeSocial: '18 rue des Quatre-Vents, 92100 Boulogne-Billancourt',
  /** The head office, as structured documents (e-invoices) write an address. */
  adresse: { ligne: '18 rue des Quatre-Vents', codePostal: '92100', ville: 'Boulogne-Billancourt', pays: 'FR' },
  /** The account invoices paid by transfer are paid into (a valid IBAN and BIC, fictional like the company). */
  compteBancaire: { iban: 'FR7630004000310001234567865', bic: 'BNPAFRPPXXX' },
} as const;

/**
 * The legal mention at the foot of every page of the documents the portal issues (contracts,
 * CGV, CGA, GT). No-break spaces are written by hand rather than by Intl, so that the text, and
 * a document's bytes, are the same on every machine.
 */
export function operatorLegalMention(brandName: string): string {
  const company = OPERATOR_COMPANY;
  const capital = String(company.capitalEuros).replace(/\B(?=(\d{3})+(?!\d))/g, '\u00a0');
  const siren = company.siren.replace(/^(\d{3})(\d{3})(\d{3})$/, '$1\u00a0$2\u00a0$3');
  return (
    `${brandName} est une marque de ${company.denomination}, ${company.formeJuridique} au capital de ${capital}\u00a0€, ` +
    `immatriculée au RCS de ${company.rcsVille} sous le numéro ${siren}, dont le siège social est situé ${company.siegeSocial}. ` +
    `N° de TVA intracommunautaire\u00a0: ${company.tvaIntracommunautaire}. ` +
    'Opérateur de communications électroniques déclaré auprès de l’Arcep.'
  );
}

/**
 * Theme of the contact form for after-sales questions (repair, replacement, warranty, insurance
 * claims): `/assistance/formulaire-contact?idTheme=…` from the after-sales page (decision 022).
 */
export const AFTER_SALES_CONTACT_THEME_ID = 7;

import type { PgTable } from 'drizzle-orm/pg-core';
import {
  catalogAccessories,
  catalogInsurances,
  catalogOptions,
  catalogPhones,
  catalogPromotions,
  contactSubThemes,
  contactThemes,
  faqQuestions,
  faqThemes,
  legalPages,
  menuItems,
  offers,
  pointsOfSale,
  serverParameters,
  staticDocuments,
  terminationReasons,
} from '../schema.ts';
import { CATALOG_ACCESSORIES, CATALOG_INSURANCES, CATALOG_OPTIONS, CATALOG_PHONES, CATALOG_PROMOTIONS, POINTS_OF_SALE } from './catalogue.ts';
import { FAQ_QUESTIONS, FAQ_THEMES } from './faq.ts';
import { CONTACT_SUB_THEMES, CONTACT_THEMES } from './contact-themes.ts';
import { LEGAL_PAGES } from './legal-pages.ts';
import { REFERENCE_MENU } from './menu.ts';
import { OFFERS } from './offers.ts';
import { PARAMETER_ROWS } from './parameters.ts';
import { STATIC_DOCUMENTS } from './static-documents.ts';
import { TERMINATION_REASONS } from './termination-reasons.ts';

export { REFERENCE_MENU } from './menu.ts';
export { MOBILE_OFFER_IDS, OFFERS } from './offers.ts';
export { DEFAULT_PARAMETERS } from './parameters.ts';
export { LEGAL_PAGES } from './legal-pages.ts';
export { STATIC_DOCUMENTS } from './static-documents.ts';
export { FAQ_QUESTIONS, FAQ_THEMES } from './faq.ts';
export { CONTACT_SUB_THEMES, CONTACT_THEMES } from './contact-themes.ts';
export { TERMINATION_REASONS } from './termination-reasons.ts';
export { CATALOG_ACCESSORIES, CATALOG_INSURANCES, CATALOG_OPTIONS, CATALOG_PHONES, CATALOG_PROMOTIONS, POINTS_OF_SALE } from './catalogue.ts';

/** Rows of one table that every installation has, keyed by the table's primary key. */
export interface ReferenceSet {
  table: PgTable;
  rows: readonly Record<string, unknown>[];
}

function referenceSet<T extends PgTable>(table: T, rows: readonly T['$inferInsert'][]): ReferenceSet {
  return { table, rows };
}

/**
 * The declared state of the reference data: what a database holds once every data migration
 * has run (checked by reference.test.ts). Data migrations bring existing databases there; the
 * demo reset keeps these tables. A new kind of reference data is added to this list.
 */
export const REFERENCE_DATA: readonly ReferenceSet[] = [
  referenceSet(offers, OFFERS),
  referenceSet(menuItems, REFERENCE_MENU),
  referenceSet(serverParameters, PARAMETER_ROWS),
  referenceSet(legalPages, LEGAL_PAGES),
  referenceSet(staticDocuments, STATIC_DOCUMENTS),
  referenceSet(faqThemes, FAQ_THEMES),
  referenceSet(faqQuestions, FAQ_QUESTIONS),
  referenceSet(contactThemes, CONTACT_THEMES),
  referenceSet(contactSubThemes, CONTACT_SUB_THEMES),
  referenceSet(terminationReasons, TERMINATION_REASONS),
  referenceSet(catalogPhones, CATALOG_PHONES),
  referenceSet(catalogOptions, CATALOG_OPTIONS),
  referenceSet(catalogAccessories, CATALOG_ACCESSORIES),
  referenceSet(catalogInsurances, CATALOG_INSURANCES),
  referenceSet(catalogPromotions, CATALOG_PROMOTIONS),
  referenceSet(pointsOfSale, POINTS_OF_SALE),
];

export const REFERENCE_TABLES: readonly PgTable[] = REFERENCE_DATA.map((set) => set.table);

import type { billingAccounts } from '../schema.ts';
import { siretOf } from './builders.ts';

/**
 * The companies of the demo customers, one per billing account, each with its own name, SIREN
 * (valid check digit), establishment and address. Telephone numbers are in the ranges ARCEP
 * keeps for fiction (01 99 00, 03 53 01, 04 65 71), so none rings a real subscriber.
 */
export interface DemoCompany {
  raisonSociale: string;
  siren: string;
  /** Establishment number within the SIREN (the SIRET's digits 10 to 13). */
  establishment: string;
  contact: { prenom: string; nom: string; email: string; telephone: string };
  adresse: { numero: string; voie: string; codePostal: string; ville: string };
  /** Status of the fixed-line (box) contract, null when the company has none. */
  statutContratFixe: 'ACTIF' | null;
}

export const DEMO_COMPANIES = {
  bakery: {
    raisonSociale: 'Boulangerie Lemoine SARL',
    siren: '732829320',
    establishment: '0001',
    contact: { prenom: 'Sophie', nom: 'Lemoine', email: 'contact@boulangerie-lemoine.example', telephone: '0353014127' },
    adresse: { numero: '27', voie: 'rue Monge', codePostal: '21000', ville: 'Dijon' },
    statutContratFixe: 'ACTIF',
  },
  transport: {
    raisonSociale: 'Transports Girard SAS',
    siren: '841293756',
    establishment: '0001',
    contact: { prenom: 'Marc', nom: 'Girard', email: 'exploitation@transports-girard.example', telephone: '0465710418' },
    adresse: { numero: '118', voie: 'avenue Jean Mermoz', codePostal: '69008', ville: 'Lyon' },
    statutContratFixe: null,
  },
  publicWorks: {
    raisonSociale: 'Travaux Publics Girard SARL',
    siren: '790462188',
    establishment: '0002',
    contact: { prenom: 'Marc', nom: 'Girard', email: 'chantiers@tp-girard.example', telephone: '0465712693' },
    adresse: { numero: '6', voie: 'rue des Artisans', codePostal: '69200', ville: 'Vénissieux' },
    statutContratFixe: 'ACTIF',
  },
  accounting: {
    raisonSociale: 'Cabinet Girard Conseil EURL',
    siren: '403052111',
    establishment: '0001',
    contact: { prenom: 'Anne', nom: 'Girard', email: 'anne.girard@girard-conseil.example', telephone: '0465715830' },
    adresse: { numero: '3', voie: 'place Bellecour', codePostal: '69002', ville: 'Lyon' },
    statutContratFixe: null,
  },
  studio: {
    raisonSociale: 'Atelier Vincent Design SASU',
    siren: '813524063',
    establishment: '0001',
    contact: { prenom: 'Claire', nom: 'Vincent', email: 'claire@atelier-vincent-design.example', telephone: '0199003352' },
    adresse: { numero: '45', voie: 'rue de la Roquette', codePostal: '75011', ville: 'Paris' },
    statutContratFixe: null,
  },
} as const satisfies Record<string, DemoCompany>;

/** The billing-account columns that describe the company (the factory draws the rest). */
export function demoAccountFields(company: DemoCompany): Partial<typeof billingAccounts.$inferInsert> {
  return {
    statut: 'ACTIF',
    statutContratFixe: company.statutContratFixe,
    raisonSociale: company.raisonSociale,
    sirenSiret: siretOf(company.siren, company.establishment),
    ...company.contact,
    adresseNumero: company.adresse.numero,
    adresseVoie: company.adresse.voie,
    adresseCodePostal: company.adresse.codePostal,
    adresseVille: company.adresse.ville,
  };
}

import type { InvoiceCustomerSnapshot } from '../db/schema.ts';

/**
 * The customer an invoice a test inserts by hand was issued to: tests of balances and payments
 * read amounts and dates, never this (the invoices module's tests issue theirs from the demo).
 */
export const TEST_INVOICE_CUSTOMER: InvoiceCustomerSnapshot = {
  codeClientBscs: '9.999999',
  raisonSociale: 'Entreprise de test SAS',
  sirenSiret: '73282932000074',
  adresse: { numero: '1', voie: 'rue des Essais', codePostal: '75001', ville: 'Paris' },
};

import { plural, type CatalogueEntry } from './error-entries.ts';

/** Error codes of the invoices, their files and the complaint memo. */
export const INVOICE_ERRORS = {
  INVOICE_NOT_FOUND: { status: 404, message: 'Cette facture n’existe pas ou n’appartient pas à ce compte de facturation.' },
  INVOICE_YEAR_EMPTY: { status: 404, message: 'Aucune facture n’a été émise cette année-là pour ce compte de facturation.' },
  INVOICE_PERIOD_EMPTY: { status: 404, message: 'Aucune facture ni aucun avoir n’a été émis sur cette période pour ce compte de facturation.' },
  INVOICE_FILES_TOO_MANY: {
    status: 429,
    message: ({ minutes }: { minutes: number }) =>
      `Vous avez demandé de nombreux fichiers de factures en peu de temps. Veuillez réessayer dans ${plural(minutes, 'minute')}.`,
  },
  INVOICE_COMPLAINT_LINES: { status: 400, message: 'Les lignes choisies doivent toutes figurer sur cette facture.' },
  INVOICE_COMPLAINT_OPEN: {
    status: 409,
    message: ({ reference }: { reference: string }) =>
      `Une réclamation est déjà en cours sur cette facture (référence ${reference}). Complétez-la en répondant à l’e-mail d’accusé de réception.`,
  },
  INVOICE_COMPLAINT_TOO_MANY: {
    status: 429,
    message: ({ minutes }: { minutes: number }) =>
      `Vous avez déposé plusieurs réclamations en peu de temps. Veuillez réessayer dans ${plural(minutes, 'minute')}.`,
  },
  COMPLAINT_ALREADY_DECIDED: {
    status: 409,
    message: ({ decision }: { decision: string }) => `Cette réclamation a déjà été tranchée («\u00a0${decision}\u00a0»)\u00a0: une réclamation ne reçoit qu’une décision.`,
  },
  CREDIT_NOTE_TOO_HIGH: {
    status: 409,
    message: ({ reste }: { reste: string }) => `L’avoir ne peut dépasser ce qui reste à créditer sur la facture\u00a0: ${reste} HT.`,
  },
} as const satisfies Record<string, CatalogueEntry>;

import type { CatalogueEntry } from './error-entries.ts';

/** Error codes of the scheduled reports (decision 052). */
export const SCHEDULED_REPORTS_ERRORS = {
  SCHEDULED_REPORTS_MANAGER_ONLY: { status: 403, message: 'Seul un gestionnaire du compte de facturation peut programmer ou supprimer un rapport.' },
  SCHEDULED_REPORT_NOT_FOUND: { status: 404, message: 'Ce rapport programmé n’existe pas ou ne concerne pas ce compte de facturation.' },
  REPORT_SENDING_NOT_FOUND: { status: 404, message: 'Cet envoi de rapport n’existe pas, n’est plus conservé ou ne concerne pas ce compte de facturation.' },
  SCHEDULED_REPORT_DUPLICATE: { status: 409, message: 'Un rapport de ce contenu et de cette fréquence est déjà programmé : modifiez ses destinataires en le supprimant puis en le programmant de nouveau.' },
  SCHEDULED_REPORT_OUTSIDE_DOMAIN: {
    status: 400,
    message: 'Un rapport ne peut être envoyé qu’à des adresses du domaine de votre entreprise (celui des adresses de ses gestionnaires).',
  },
} as const satisfies Record<string, CatalogueEntry>;

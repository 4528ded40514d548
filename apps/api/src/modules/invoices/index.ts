import { serviceCore } from '../../core/core.ts';
import { invoiceStatus } from '@ecare/shared';
import { defineModule } from '../../core/module.ts';
import { invoiceCentresRoutes } from './invoice-centres.routes.ts';
import { createInvoiceCentresService } from './invoice-centres.service.ts';
import { INVOICES_AUDIT_ACTIONS } from './invoices.audit.ts';
import { createInvoicesRepository, type InvoicesRepository } from './invoices.repository.ts';
import { invoicesRoutes } from './invoices.routes.ts';
import { createInvoicesService, type InvoicesService } from './invoices.service.ts';
import { createCreditNotesRepository } from './credit-notes.repository.ts';
import { createCreditNotesService, type CreditNotesService } from './credit-notes.service.ts';

export { invoiceStatus };
export { createInvoicesRepository, type InvoiceRow, type InvoicesRepository } from './invoices.repository.ts';
export { invoiceOf } from './invoices.service.ts';
/** Issues an invoice with what it shows frozen (the termination's closing invoice). */
export { issueInvoice } from './invoice-issue.repository.ts';

/** What other modules may use of invoices (card payment, unpaid-balance checks). */
export interface InvoicesModule {
  /** The invoices of these accounts with something left to pay, oldest due date first (no access check: callers check first). */
  unpaidInvoices: InvoicesRepository['unpaidInvoices'];
  /** What is left to pay, in cents, on these accounts' invoices due before `today` (`YYYY-MM-DD`, France). */
  overdueTotalForAccounts: InvoicesRepository['overdueTotalForAccounts'];
  /** The status of an invoice on a day (`PAYEE`, `A_PAYER`, `EN_RETARD`, `PRELEVEMENT_A_VENIR`). */
  invoiceStatus: typeof invoiceStatus;
  /** The invoices of the last twelve months by cost centre, as the export's workbook (no access check: callers check first). */
  centresWorkbook(idClientBscs: number, now: Date): AsyncIterable<Buffer>;
  /** An issued invoice's or credit note's Factur-X PDF, CII or UBL; undefined for none (no access check: callers check first). */
  document: InvoicesService['document'];
  /** Issues the credit note a complaint's decision grants, in the caller's transaction (the back office); its reference. */
  issueCreditNote: CreditNotesService['issue'];
}

declare module 'fastify' {
  interface FastifyInstance {
    invoices: InvoicesModule;
  }
}

/**
 * The invoices of a billing account (decision 025): the list, the detail per line and its
 * comparison with the previous invoice, the PDF, a year's PDFs as a ZIP, the lines as CSV or XLSX,
 * the complaint memo, and the invoices by cost centre (decision 049).
 */
export const invoicesModule = defineModule(
  'invoices',
  async (app, core) => {
    const repo = createInvoicesRepository(core.db, core.reads);
    const centres = createInvoiceCentresService({ repo, ...serviceCore(core) });
    const creditNotes = createCreditNotesService({ repo: createCreditNotesRepository(core.db), ...serviceCore(core), webhooks: app.webhooks });
    const service = createInvoicesService({
      repo,
      ...serviceCore(core),
      creditorId: core.config.sepaCreditorId,
      creditNotes,
    });
    app.decorate('invoices', {
      unpaidInvoices: repo.unpaidInvoices,
      overdueTotalForAccounts: repo.overdueTotalForAccounts,
      invoiceStatus,
      centresWorkbook: centres.lastYearWorkbook,
      document: service.document,
      issueCreditNote: creditNotes.issue,
    } satisfies InvoicesModule);
    await invoicesRoutes(app, service, creditNotes);
    await invoiceCentresRoutes(app, centres);
  },
  { dependencies: ['auth', 'webhooks'], auditActions: INVOICES_AUDIT_ACTIONS },
);

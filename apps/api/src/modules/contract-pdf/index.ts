import { defineModule } from '../../core/module.ts';
import { CONTRACT_PDF_AUDIT_ACTIONS } from './contract-pdf.audit.ts';
import { createContractPdfRepository } from './contract-pdf.repository.ts';
import { contractPdfRoutes } from './contract-pdf.routes.ts';
import { createContractPdfService } from './contract-pdf.service.ts';

/** The contract of a line as a PDF document. */
export const contractPdfModule = defineModule(
  'contract-pdf',
  async (app, core) => {
    const service = createContractPdfService({
      repo: createContractPdfRepository(core.db),
      policy: core.policy,
      audit: core.audit,
      clock: core.clock,
      brandName: core.config.brandName,
    });
    await contractPdfRoutes(app, service);
  },
  { dependencies: ['auth'], auditActions: CONTRACT_PDF_AUDIT_ACTIONS },
);

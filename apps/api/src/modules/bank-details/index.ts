import { serviceCore } from '../../core/core.ts';
import { defineModule } from '../../core/module.ts';
import { BANK_DETAILS_AUDIT_ACTIONS } from './bank-details.audit.ts';
import { createBankDetailsRepository } from './bank-details.repository.ts';
import { bankDetailsRoutes } from './bank-details.routes.ts';
import { createBankDetailsService } from './bank-details.service.ts';

/** A billing account's bank details, payment mode and SEPA direct-debit mandate (decision 026). */
export const bankDetailsModule = defineModule(
  'bank-details',
  async (app, core) => {
    const service = createBankDetailsService({
      repo: createBankDetailsRepository(core.db),
      ...serviceCore(core),
      creditorId: core.config.sepaCreditorId,
    });
    await bankDetailsRoutes(app, service);
  },
  { dependencies: ['auth'], auditActions: BANK_DETAILS_AUDIT_ACTIONS },
);

import { defineModule } from '../../core/module.ts';
import { ADMIN_AUDIT_ACTIONS } from './admin.audit.ts';
import { createAdminRepository } from './admin.repository.ts';
import { adminRoutes } from './admin.routes.ts';
import { createAdminService } from './admin.service.ts';
import { createAdminContentRepository } from './admin-content.repository.ts';
import { adminContentRoutes } from './admin-content.routes.ts';
import { createAdminContentService } from './admin-content.service.ts';
import { createAdminComplaintsRepository } from './admin-complaints.repository.ts';
import { adminComplaintsRoutes } from './admin-complaints.routes.ts';
import { createAdminComplaintsService } from './admin-complaints.service.ts';
import { createAdminTicketsRepository } from './admin-tickets.repository.ts';
import { adminTicketsRoutes } from './admin-tickets.routes.ts';
import { createAdminTicketsService } from './admin-tickets.service.ts';

/**
 * The administration back office (decision 030), under /api/admin/…: server parameters, legal
 * texts, the FAQ, the menu tree, the contact themes, the static documents, the support tickets
 * and the invoice complaints.
 */
export const adminModule = defineModule(
  'admin',
  async (app, core) => {
    const service = createAdminService({
      repo: createAdminRepository(core.db),
      parameters: app.parameters,
      audit: core.audit,
      transaction: core.transaction,
      clock: core.clock,
    });
    await adminRoutes(app, service);
    const { audit, transaction, clock } = core;
    await adminContentRoutes(
      app,
      createAdminContentService({ repo: createAdminContentRepository(core.db), audit, transaction, clock, brandName: core.config.brandName }),
    );
    const requestDeps = { audit, transaction, mail: core.mail, clock, brandName: core.config.brandName, publicUrl: core.config.publicUrl };
    await adminTicketsRoutes(app, createAdminTicketsService({ repo: createAdminTicketsRepository(core.db), ...requestDeps }));
    await adminComplaintsRoutes(
      app,
      createAdminComplaintsService({ repo: createAdminComplaintsRepository(core.db), ...requestDeps, issueCreditNote: app.invoices.issueCreditNote }),
    );
  },
  { dependencies: ['parameters', 'auth', 'invoices'], auditActions: ADMIN_AUDIT_ACTIONS },
);

import { defineModule } from '../../core/module.ts';
import { createAdminRepository } from './admin.repository.ts';
import { adminRoutes } from './admin.routes.ts';
import { createAdminService } from './admin.service.ts';

/** The administration back office (decision 030): server parameters, legal texts and the FAQ, under /api/admin/…. */
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
  },
  { dependencies: ['parameters', 'auth'] },
);

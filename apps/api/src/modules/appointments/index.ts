import { serviceCore } from '../../core/core.ts';
import { defineModule } from '../../core/module.ts';
import { APPOINTMENTS_AUDIT_ACTIONS } from './appointments.audit.ts';
import { createAppointmentsRepository } from './appointments.repository.ts';
import { appointmentsRoutes } from './appointments.routes.ts';
import { createAppointmentsService } from './appointments.service.ts';

/** Telephone appointments with an adviser about a line: free slots, booking, moving, cancelling (decision 029). */
export const appointmentsModule = defineModule(
  'appointments',
  async (app, core) => {
    const service = createAppointmentsService({
      repo: createAppointmentsRepository(core.db),
      ...serviceCore(core),
    });
    await appointmentsRoutes(app, service);
  },
  { dependencies: ['auth'], auditActions: APPOINTMENTS_AUDIT_ACTIONS },
);

import fastifyMultipart from '@fastify/multipart';
import { defineModule } from '../../core/module.ts';
import { SUPPORT_AUDIT_ACTIONS } from './support.audit.ts';
import { createSupportRequestsRepository } from './support-requests.repository.ts';
import { createSupportRequests } from './support-requests.ts';
import { createSupportRepository } from './support.repository.ts';
import { supportRoutes } from './support.routes.ts';
import { createSupportService } from './support.service.ts';

/** The mail a ticket's sender gets when its status changes (the back office changes it, decision 030). */
export { ticketStatusMail, type TicketStatusChange } from './support.mails.ts';
/** A ticket as its sender reads it (the back office adds what only it reads). */
export { toTicket as customerTicket } from './support.service.ts';

/**
 * The contact form (themes, sub-themes, the multipart message with its attachment) and the
 * support tickets it creates, and « Mes demandes »: every request a signed-in customer made
 * (messages, invoice complaints, terminations, appointments), followed from their account (decision 024).
 */
export const supportModule = defineModule(
  'support',
  async (app, core) => {
    const store = core.files.contact;
    const service = createSupportService({
      repo: createSupportRepository(core.db),
      store,
      policy: core.policy,
      audit: core.audit,
      transaction: core.transaction,
      mail: core.mail,
      limits: core.limits,
      captcha: core.captcha,
      clock: core.clock,
      brandName: core.config.brandName,
      publicUrl: core.config.publicUrl,
      supportEmail: core.config.supportEmail,
    });
    // The multipart parser in a scope of its own: only this module's routes accept such bodies.
    await app.register(async (scope) => {
      await scope.register(fastifyMultipart);
      await supportRoutes(scope, { service, requests: createSupportRequests({ repo: createSupportRequestsRepository(core.db), clock: core.clock }), store });
    });
  },
  { dependencies: ['auth'], auditActions: SUPPORT_AUDIT_ACTIONS },
);

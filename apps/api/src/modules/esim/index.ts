import { defineModule } from '../../core/module.ts';
import { ESIM_AUDIT_ACTIONS } from './esim.audit.ts';
import { createEsimLinkCodec } from './esim-link.ts';
import { createEsimRepository } from './esim.repository.ts';
import { esimRoutes } from './esim.routes.ts';
import { createEsimService } from './esim.service.ts';

/** The eSIM installation page: for a signed-in caller, through an e-mailed link, and the sending of that link. */
export const esimModule = defineModule(
  'esim',
  async (app, core) => {
    const { esimLink } = core.config;
    if (!esimLink.secretConfigured && core.config.env === 'production') {
      core.log.warn('ESIM_LINK_SECRET is not set: e-mailed eSIM links stop working when this process restarts and on any other instance');
    }
    const service = createEsimService({
      repo: createEsimRepository(core.db),
      policy: core.policy,
      audit: core.audit,
      transaction: core.transaction,
      mail: core.mail,
      clock: core.clock,
      limits: core.limits,
      codec: createEsimLinkCodec(esimLink.secret),
      linkValidityMs: esimLink.validityMs,
      brandName: core.config.brandName,
      publicUrl: core.config.publicUrl,
    });
    await esimRoutes(app, { service, limits: core.limits });
  },
  { dependencies: ['auth'], auditActions: ESIM_AUDIT_ACTIONS },
);

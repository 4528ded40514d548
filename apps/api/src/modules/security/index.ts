import { defineModule } from '../../core/module.ts';
import { serviceCore } from '../../core/core.ts';
import { createRecoveryRepository } from './recovery.repository.ts';
import { recoveryRoutes } from './recovery.routes.ts';
import { createRecoveryService } from './recovery.service.ts';
import { agentFactorsRoutes } from './agent-factors.routes.ts';
import { createEnrolmentRepository } from './enrolment.repository.ts';
import { createSecretBox } from './secret-box.ts';
import { SECURITY_AUDIT_ACTIONS } from './security.audit.ts';
import { createSecurityRepository } from './security.repository.ts';
import { securityRoutes } from './security.routes.ts';
import { createSecurityService } from './security.service.ts';

/**
 * The second factor (decision 054): the signed-in user's authenticator app and recovery codes,
 * and the second step of POST /api/token, which the auth module hands to this module.
 */
export const securityModule = defineModule(
  'security',
  async (app, core) => {
    const { mfa } = core.config;
    if (!mfa.secretKeyConfigured && core.config.env !== 'test') {
      core.log.warn('MFA_SECRET_KEY is not set: enrolled authenticator apps stop working when this process restarts and on any other instance (recovery codes still work)');
    }
    const repo = createSecurityRepository(core.db);
    const service = createSecurityService({ ...serviceCore(core), repo, enrolment: createEnrolmentRepository(core.db), box: createSecretBox(mfa.secretKey) });
    app.auth.useSecondFactor({ challenge: service.challenge, agentChallenge: service.agentChallenge, verify: service.verifySecondStep });
    await securityRoutes(app, { service });
    await agentFactorsRoutes(app, { service });
    const recovery = createRecoveryService({ ...serviceCore(core), repo, accounts: createRecoveryRepository(core.db), auth: app.auth });
    await recoveryRoutes(app, { service: recovery });
  },
  { dependencies: ['auth'], auditActions: SECURITY_AUDIT_ACTIONS },
);

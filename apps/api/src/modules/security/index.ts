import { defineModule } from '../../core/module.ts';
import { serviceCore } from '../../core/core.ts';
import { createRecoveryRepository } from './recovery.repository.ts';
import { recoveryRoutes } from './recovery.routes.ts';
import { createRecoveryService } from './recovery.service.ts';
import { agentFactorsRoutes } from './agent-factors.routes.ts';
import { createEnrolmentRepository } from './enrolment.repository.ts';
import { createPasskeysRepository } from './passkeys.repository.ts';
import { passkeysRoutes } from './passkeys.routes.ts';
import { createPasskeysService } from './passkeys.service.ts';
import { createSecretBox } from '../../lib/secret-box.ts';
import { SECURITY_AUDIT_ACTIONS } from './security.audit.ts';
import { createSecurityRepository } from './security.repository.ts';
import { securityRoutes } from './security.routes.ts';
import { createSecurityService } from './security.service.ts';

/**
 * The second factor (decision 054): the signed-in user's authenticator app and recovery codes,
 * and the second step of POST /api/token, which the auth module hands to this module; passkeys
 * (decision 056), a second factor and a sign-in by themselves.
 */
export const securityModule = defineModule(
  'security',
  async (app, core) => {
    const { mfa } = core.config;
    if (!mfa.secretKeyConfigured && core.config.env !== 'test') {
      core.log.warn('MFA_SECRET_KEY is not set: enrolled authenticator apps stop working when this process restarts and on any other instance (recovery codes still work)');
    }
    const repo = createSecurityRepository(core.db);
    const enrolment = createEnrolmentRepository(core.db);
    const passkeys = createPasskeysService({
      ...serviceCore(core),
      repo: createPasskeysRepository(core.db),
      security: repo,
      webauthn: core.config.webauthn,
      mustHaveFactor: enrolment.userMustHaveFactor,
    });
    const service = createSecurityService({ ...serviceCore(core), repo, enrolment, box: createSecretBox(mfa.secretKey), passkeys });
    app.auth.useSecondFactor({ challenge: service.challenge, agentChallenge: service.agentChallenge, verify: service.verifySecondStep });
    app.auth.usePasskeyLogin({ verify: passkeys.verifySignIn });
    await securityRoutes(app, { service });
    await agentFactorsRoutes(app, { service });
    await passkeysRoutes(app, { passkeys, limits: core.limits });
    const recovery = createRecoveryService({ ...serviceCore(core), repo, accounts: createRecoveryRepository(core.db), auth: app.auth });
    await recoveryRoutes(app, { service: recovery });
  },
  { dependencies: ['auth'], auditActions: SECURITY_AUDIT_ACTIONS },
);

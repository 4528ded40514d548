import { serviceCore } from '../../core/core.ts';
import { defineModule } from '../../core/module.ts';
import { SECURITY_POLICY_AUDIT_ACTIONS } from './security-policy.audit.ts';
import { createSecurityPolicyRepository } from './security-policy.repository.ts';
import { securityPolicyRoutes } from './security-policy.routes.ts';
import { createSecurityPolicyService } from './security-policy.service.ts';

/**
 * A company's security policy (decision 057): second factor required for every user of the account.
 * The security module reads the column when a user signs in; this module reads and changes it.
 */
export const securityPolicyModule = defineModule(
  'security-policy',
  async (app, core) => {
    const service = createSecurityPolicyService({ ...serviceCore(core), repo: createSecurityPolicyRepository(core.db) });
    await securityPolicyRoutes(app, service);
  },
  { dependencies: ['auth'], auditActions: SECURITY_POLICY_AUDIT_ACTIONS },
);

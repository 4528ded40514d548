import { serviceCore } from '../../core/core.ts';
import { defineModule } from '../../core/module.ts';
import { FLEET_POLICY_AUDIT_ACTIONS } from './fleet-policy.audit.ts';
import { createFleetPolicyMails } from './fleet-policy.mails.ts';
import { createFleetPolicyRepository } from './fleet-policy.repository.ts';
import { fleetPolicyRoutes } from './fleet-policy.routes.ts';
import { createFleetPolicyService, type FleetPolicyService } from './fleet-policy.service.ts';

export type { ApprovalHandler, HeldOrder } from './fleet-policy.service.ts';

/** How often orders waiting past their 7 days are cancelled. */
const EXPIRE_CRON = '17 * * * *';
export const EXPIRE_APPROVALS_SCHEDULE = 'fleet-policy.expire-approvals';

/** What the modules that take orders use: the policy, the required centre, holding an order, their approval handler. */
export type FleetPolicyModule = Pick<FleetPolicyService, 'policyOf' | 'assertCentre' | 'hold' | 'handle'>;

declare module 'fastify' {
  interface FastifyInstance {
    fleetPolicy: FleetPolicyModule;
  }
}

/** A company's fleet policy (decision 051): a required cost centre on new lines, approval of orders above a threshold. */
export const fleetPolicyModule = defineModule(
  'fleet-policy',
  async (app, core) => {
    const base = serviceCore(core);
    const service = createFleetPolicyService({
      ...base,
      repo: createFleetPolicyRepository(core.db),
      orders: app.orders,
      mails: createFleetPolicyMails({ mail: core.mail, brandName: base.brandName, publicUrl: base.publicUrl }),
    });
    app.decorate('fleetPolicy', {
      policyOf: service.policyOf,
      assertCentre: service.assertCentre,
      hold: service.hold,
      handle: service.handle,
    } satisfies FleetPolicyModule);
    await core.jobs.schedule(EXPIRE_APPROVALS_SCHEDULE, EXPIRE_CRON, async () => void (await service.expireWaiting()));
    await fleetPolicyRoutes(app, service);
  },
  { dependencies: ['auth', 'orders'], auditActions: FLEET_POLICY_AUDIT_ACTIONS },
);

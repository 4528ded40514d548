import { ORDER_TYPE } from '@ecare/shared';
import { serviceCore } from '../../core/core.ts';
import { defineModule } from '../../core/module.ts';
import { NEW_PHONE_AUDIT_ACTIONS } from './new-phone.audit.ts';
import { offlineAddressBase } from '../../lib/addresses/address-base.ts';
import { createNewPhoneCardPayments } from './new-phone-card-payment.ts';
import { createNewPhoneRepository } from './new-phone.repository.ts';
import { newPhoneRoutes } from './new-phone.routes.ts';
import { createNewPhoneService } from './new-phone.service.ts';

/** A new phone for a line (order type RM, decision 039): eligibility, renewal price, the order and its payment. */
export const newPhoneModule = defineModule(
  'new-phone',
  async (app, core) => {
    const shared = serviceCore(core);
    const service = createNewPhoneService({
      repo: createNewPhoneRepository(core.db),
      addressBase: offlineAddressBase(),
      orders: app.orders,
      unpaid: app.unpaid,
      fleetPolicy: app.fleetPolicy,
      ...shared,
    });
    // An order held for approval proceeds, once approved, as its submission would have (decision 051).
    app.fleetPolicy.handle(ORDER_TYPE.RM, {
      approved: (tx, order, requester, now) => service.approvedOrder(tx, order, requester?.email, now),
      cancelled: (tx, order) => service.cancelledOrder(tx, order),
    });
    await newPhoneRoutes(app, service);
    // Its orders paid by card: the payment module's link, notifications and return page (decision 039).
    app.payment.useOrderPayments(
      createNewPhoneCardPayments({ db: core.db, orders: app.orders, mail: shared.mail, log: core.log, brandName: shared.brandName, publicUrl: shared.publicUrl }),
    );
  },
  { dependencies: ['auth', 'orders', 'unpaid', 'payment', 'fleet-policy'], auditActions: NEW_PHONE_AUDIT_ACTIONS },
);

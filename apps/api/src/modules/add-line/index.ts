import { ORDER_TYPE } from '@ecare/shared';
import { serviceCore } from '../../core/core.ts';
import { defineModule } from '../../core/module.ts';
import { ADD_LINE_AUDIT_ACTIONS } from './add-line.audit.ts';
import { offlineAddressBase } from '../../lib/addresses/address-base.ts';
import { createAddLineCardPayments } from './add-line-card-payment.ts';
import { createAddLineRepository } from './add-line.repository.ts';
import { addLineRoutes } from './add-line.routes.ts';
import { createAddLineService } from './add-line.service.ts';

/** Adding lines (decision 038): the cart of new lines of a billing account, their numbers and prices. */
export const addLineModule = defineModule(
  'add-line',
  async (app, core) => {
    const service = createAddLineService({
      repo: createAddLineRepository(core.db),
      addressBase: offlineAddressBase(),
      orders: app.orders,
      unpaid: app.unpaid,
      payment: app.payment,
      fleetPolicy: app.fleetPolicy,
      ...serviceCore(core),
    });
    // An order held for approval proceeds, once approved, as its submission would have (decision 051).
    app.fleetPolicy.handle(ORDER_TYPE.ExtensionParc, { approved: (tx, order, requester, now) => service.approvedOrder(tx, order, requester?.email, now) });
    await addLineRoutes(app, service);
    // Its orders paid by card: the payment module's link, notifications and return page (decision 038).
    const { mail, brandName, publicUrl } = serviceCore(core);
    app.payment.useOrderPayments(createAddLineCardPayments({ db: core.db, orders: app.orders, mail, log: core.log, brandName, publicUrl }));
  },
  { dependencies: ['auth', 'orders', 'unpaid', 'payment', 'fleet-policy'], auditActions: ADD_LINE_AUDIT_ACTIONS },
);

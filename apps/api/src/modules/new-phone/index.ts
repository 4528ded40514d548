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
      ...shared,
    });
    await newPhoneRoutes(app, service);
    // Its orders paid by card: the payment module's link, notifications and return page (decision 039).
    app.payment.useOrderPayments(
      createNewPhoneCardPayments({ db: core.db, orders: app.orders, mail: shared.mail, log: core.log, brandName: shared.brandName, publicUrl: shared.publicUrl }),
    );
  },
  { dependencies: ['auth', 'orders', 'unpaid', 'payment'], auditActions: NEW_PHONE_AUDIT_ACTIONS },
);

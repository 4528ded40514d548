/**
 * The feature modules, in registration order: a module comes after every module it names in its
 * `dependencies` (Fastify refuses to start otherwise), and the OpenAPI document lists routes in
 * this order. Registering a feature is its one line here; app.ts registers the list as a whole,
 * between the platform's plugins (src/platform/) and knowing nothing of the features' insides.
 */
export const FEATURE_MODULES = [
  (await import('./parameters/index.ts')).parametersModule,
  (await import('./auth/index.ts')).authModule,
  (await import('./agents/index.ts')).agentsModule,
  (await import('./accounts/index.ts')).accountsModule,
  (await import('./lines/index.ts')).linesModule,
  (await import('./esim/index.ts')).esimModule,
  (await import('./consumption/index.ts')).consumptionModule,
  (await import('./contract-pdf/index.ts')).contractPdfModule,
  (await import('./offers/index.ts')).offersModule,
  (await import('./session/index.ts')).sessionModule,
  (await import('./menu/index.ts')).menuModule,
  (await import('./password/index.ts')).passwordModule,
  (await import('./email-change/index.ts')).emailChangeModule,
  (await import('./optins/index.ts')).optinsModule,
  (await import('./account-users/index.ts')).accountUsersModule,
  (await import('./legal/index.ts')).legalModule,
  (await import('./faq/index.ts')).faqModule,
  (await import('./admin/index.ts')).adminModule,
  (await import('./support/index.ts')).supportModule,
  (await import('./termination/index.ts')).terminationModule,
  (await import('./invoices/index.ts')).invoicesModule,
  (await import('./payment/index.ts')).paymentModule,
  (await import('./bank-details/index.ts')).bankDetailsModule,
  (await import('./unpaid/index.ts')).unpaidModule,
  (await import('./tariff-change/index.ts')).tariffChangeModule,
  (await import('./orders/index.ts')).ordersModule,
  (await import('./add-line/index.ts')).addLineModule,
  (await import('./new-phone/index.ts')).newPhoneModule,
  (await import('./appointments/index.ts')).appointmentsModule,
  (await import('./catalogue/index.ts')).catalogueModule,
  (await import('./usage-feed/index.ts')).usageFeedModule,
];

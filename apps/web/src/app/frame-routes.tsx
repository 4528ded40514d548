import type { LegalPageCode } from '@ecare/shared/legal';
import { redirect, type RouteObject } from 'react-router';
import { PATHS } from '../lib/routes.ts';
import { requireSession } from './guards.ts';
import { RedirectOnly, title, withoutSession } from './route-handles.ts';

const toHome = () => redirect(PATHS.home);

const legalPage = (pageCode: LegalPageCode) => () => import('./routes/legal-page-route.tsx').then((m) => m.legalPageRoute(pageCode));
const notFoundPage = () => import('./routes/not-found-route.tsx').then((m) => ({ Component: m.NotFoundRoute }));

/**
 * The pages inside the page frame (spec §2): added under the frame's route by the router the
 * first time it needs them (`discoverRoutes` in routes.tsx), with the frame's own code.
 */
export const frameRoutes: RouteObject[] = [
  {
    path: 'identification/recuperer-code-confidentiel',
    handle: title('Code confidentiel oublié ou première connexion'),
    lazy: () => import('./routes/recover-code-route.tsx').then((m) => ({ Component: m.RecoverCodeRoute })),
  },
  { path: 'identification/creer-code-confidentiel', loader: toHome, Component: RedirectOnly },
  {
    path: 'identification/creer-code-confidentiel/:guid',
    handle: withoutSession('Création du code confidentiel'),
    lazy: () =>
      import('./routes/create-code-route.tsx').then((m) => ({ Component: m.CreateCodeRoute, loader: m.createCodeLoader })),
  },
  {
    path: 'identification/deverrouiller/:token',
    handle: withoutSession('Déverrouillage de la connexion'),
    lazy: () => import('./routes/unlock-route.tsx').then((m) => ({ Component: m.UnlockRoute })),
  },
  {
    path: 'identification/qrcode/:id',
    handle: withoutSession('Installation de votre eSIM'),
    lazy: () => import('./routes/esim-route.tsx').then((m) => ({ Component: m.EsimLinkRoute, loader: m.esimLinkLoader })),
  },
  {
    path: 'identification/confirmationmodificationemail',
    handle: withoutSession('Confirmation de votre nouvelle adresse e-mail'),
    lazy: () => import('./routes/email-link-route.tsx').then((m) => ({ Component: m.ConfirmEmailChangeRoute })),
  },
  {
    path: 'identification/confirmationannulationemail',
    handle: withoutSession('Annulation du changement d’adresse e-mail'),
    lazy: () => import('./routes/email-link-route.tsx').then((m) => ({ Component: m.CancelEmailChangeRoute })),
  },
  {
    path: 'mon-compte',
    children: [
      {
        index: true,
        handle: title('Mon compte'),
        lazy: () =>
          import('./routes/mon-compte/account-home-route.tsx').then((m) => ({
            Component: m.AccountHomeRoute,
            loader: m.accountHomeLoader,
          })),
      },
      {
        path: 'profil',
        handle: title('Mon profil'),
        lazy: () =>
          import('./routes/mon-compte/profile-route.tsx').then((m) => ({ Component: m.ProfileRoute, loader: m.profileLoader })),
      },
      {
        path: 'code-confidentiel',
        handle: title('Changer mon code confidentiel'),
        lazy: () =>
          import('./routes/mon-compte/code-route.tsx').then((m) => ({ Component: m.CodeRoute, loader: m.codeLoader })),
      },
      {
        path: 'securite',
        handle: title('Sécurité'),
        lazy: () =>
          import('./routes/mon-compte/security-route.tsx').then((m) => ({ Component: m.SecurityRoute, loader: m.securityLoader })),
      },
      {
        path: 'utilisateurs',
        handle: title('Utilisateurs du compte'),
        lazy: () =>
          import('./routes/mon-compte/users-route.tsx').then((m) => ({ Component: m.UsersRoute, loader: m.usersLoader })),
      },
      {
        path: 'preferences',
        handle: title('Préférences de contact'),
        lazy: () =>
          import('./routes/mon-compte/optins-route.tsx').then((m) => ({ Component: m.OptinsRoute, loader: m.optinsLoader })),
      },
      {
        path: 'alertes',
        handle: title('Alertes de consommation'),
        lazy: () => import('./routes/mon-compte/alerts-route.tsx').then((m) => ({ Component: m.AlertsRoute, loader: m.alertsLoader })),
      },
      {
        path: 'rapports',
        handle: title('Rapports programmés'),
        lazy: () => import('./routes/mon-compte/reports-route.tsx').then((m) => ({ Component: m.ReportsRoute, loader: m.reportsLoader })),
      },
      {
        path: 'api',
        handle: title('API et webhooks'),
        lazy: () => import('./routes/mon-compte/api-route.tsx').then((m) => ({ Component: m.ApiRoute, loader: m.apiLoader })),
      },
      {
        path: 'centres-de-cout',
        handle: title('Centres de coût'),
        lazy: () =>
          import('./routes/mon-compte/cost-centres-route.tsx').then((m) => ({ Component: m.CostCentresRoute, loader: m.costCentresLoader })),
      },
      {
        path: 'traitements',
        handle: title('Actions groupées'),
        lazy: () => import('./routes/mon-compte/bulk-jobs-route.tsx').then((m) => ({ Component: m.BulkJobsRoute, loader: m.bulkJobsLoader })),
      },
      {
        path: 'traitements/:idTraitement',
        handle: title('Traitement'),
        lazy: () => import('./routes/mon-compte/bulk-job-route.tsx').then((m) => ({ Component: m.BulkJobRoute, loader: m.bulkJobLoader })),
      },
      {
        path: 'actions-service-client',
        handle: title('Actions du service client'),
        lazy: () =>
          import('./routes/mon-compte/agent-actions-route.tsx').then((m) => ({ Component: m.AgentActionsRoute, loader: m.agentActionsLoader })),
      },
      {
        path: 'demandes',
        handle: title('Mes demandes'),
        lazy: () =>
          import('./routes/mon-compte/tickets-route.tsx').then((m) => ({ Component: m.TicketsRoute, loader: m.ticketsLoader })),
      },
      {
        path: 'demandes/:reference',
        handle: title('Ma demande'),
        lazy: () => import('./routes/mon-compte/ticket-route.tsx').then((m) => ({ Component: m.TicketRoute, loader: m.ticketLoader })),
      },
      {
        path: 'factures',
        handle: title('Mes factures'),
        lazy: () => import('./routes/mon-compte/invoices-route.tsx').then((m) => ({ Component: m.InvoicesRoute, loader: m.invoicesLoader })),
      },
      {
        path: 'factures/:referenceNumber',
        handle: title('Détail de la facture'),
        lazy: () => import('./routes/mon-compte/invoice-route.tsx').then((m) => ({ Component: m.InvoiceRoute, loader: m.invoiceLoader })),
      },
      {
        path: 'commandes',
        handle: title('Mes commandes'),
        lazy: () => import('./routes/mon-compte/orders-route.tsx').then((m) => ({ Component: m.OrdersRoute, loader: m.ordersLoader })),
      },
      {
        path: 'commandes/:numero',
        handle: title('Détail de la commande'),
        lazy: () => import('./routes/mon-compte/order-route.tsx').then((m) => ({ Component: m.OrderRoute, loader: m.orderLoader })),
      },
      {
        path: 'paiement',
        handle: title('Payer mes factures'),
        lazy: () => import('./routes/mon-compte/payment-route.tsx').then((m) => ({ Component: m.PaymentRoute, loader: m.paymentLoader })),
      },
      {
        path: 'paiement/retour',
        handle: title('Résultat de votre paiement'),
        lazy: () =>
          import('./routes/mon-compte/payment-return-route.tsx').then((m) => ({ Component: m.PaymentReturnRoute, loader: m.paymentReturnLoader })),
      },
      {
        path: 'coordonnees-bancaires',
        handle: title('Coordonnées bancaires'),
        lazy: () =>
          import('./routes/mon-compte/bank-details-route.tsx').then((m) => ({ Component: m.BankDetailsRoute, loader: m.bankDetailsLoader })),
      },
      {
        path: 'mandat-sepa',
        handle: title('Mandat de prélèvement SEPA'),
        lazy: () =>
          import('./routes/mon-compte/bank-details-route.tsx').then((m) => ({ Component: m.SepaMandateRoute, loader: m.sepaMandateLoader })),
      },
    ],
  },
  {
    path: 'pages',
    children: [
      {
        id: 'protected',
        loader: requireSession,
        children: [
          {
            path: 'accueil',
            handle: title('Accueil'),
            lazy: () =>
              import('./routes/home-route.tsx').then((m) => ({ Component: m.HomeRoute, loader: m.homeLoader })),
          },
          {
            path: 'accueil-utilisateur',
            handle: title('Accueil utilisateur'),
            lazy: () =>
              import('./routes/user-home-route.tsx').then((m) => ({
                Component: m.UserHomeRoute,
                loader: m.userHomeLoader,
              })),
          },
          {
            path: 'choix-compte-facturation',
            handle: title('Choix du compte de facturation'),
            lazy: () =>
              import('./routes/account-choice-route.tsx').then((m) => ({
                Component: m.AccountChoiceRoute,
                loader: m.accountChoiceLoader,
              })),
          },
          {
            path: 'mes-lignes-mobiles',
            handle: title('Mes lignes mobiles'),
            lazy: () =>
              import('./routes/mobile-lines-route.tsx').then((m) => ({
                Component: m.MobileLinesRoute,
                loader: m.mobileLinesLoader,
              })),
          },
        ],
      },
      {
        path: '500',
        handle: title('Erreur technique'),
        lazy: () => import('./routes/server-error-route.tsx').then((m) => ({ Component: m.ServerErrorRoute })),
      },
      { path: 'mentions-legales', handle: title('Mentions légales'), lazy: legalPage('MENTIONS_LEGALES') },
      { path: 'conditions-et-tarifs', handle: title('Conditions et tarifs'), lazy: legalPage('CONDITIONS_TARIFS') },
      { path: 'environnement', handle: title('Environnement'), lazy: legalPage('ENVIRONNEMENT') },
      { path: 'donnees-personnelles', handle: title('Données personnelles'), lazy: legalPage('DONNEES_PERSONNELLES') },
      { path: 'accessibilite', handle: title('Déclaration d’accessibilité'), lazy: legalPage('ACCESSIBILITE') },
    ],
  },
  {
    // The menu's "Suivi conso": a line's consumption, or which line first for an account of several.
    path: 'ligne-mobile/consommation',
    handle: title('Suivi conso\u00a0: choix de la ligne'),
    lazy: () => import('./routes/consumption-route.tsx').then((m) => ({ loader: m.consumptionMenuLoader, Component: m.ConsumptionChoiceRoute })),
  },
  {
    path: 'ligne-mobile/:idContrat/consommation',
    handle: title('Consommation de la ligne'),
    lazy: () => import('./routes/consumption-route.tsx').then((m) => ({ Component: m.ConsumptionRoute, loader: m.consumptionLoader })),
  },
  {
    path: 'ligne-mobile/:idContrat',
    handle: title('Ligne mobile'),
    lazy: () => import('./routes/line-route.tsx').then((m) => ({ Component: m.LineRoute, loader: m.lineLoader })),
  },
  {
    path: 'ligne-mobile/:idContrat/resiliation',
    handle: title('Résiliation de la ligne'),
    lazy: () => import('./routes/termination-route.tsx').then((m) => ({ Component: m.TerminationRoute, loader: m.terminationLoader })),
  },
  {
    // Lazy area mon-forfait (plan shop): a line's tariff change (decision 037).
    path: 'mon-forfait',
    children: [
      {
        // The menu's "Changer de forfait": a line's change, or which line first for an account of several.
        path: 'changer-de-forfait',
        handle: title('Changer de forfait\u00a0: choix de la ligne'),
        lazy: () => import('./routes/tariff-change-route.tsx').then((m) => ({ loader: m.tariffChangeMenuLoader, Component: m.TariffChangeChoiceRoute })),
      },
      {
        // The plan catalogue (decision 035).
        path: 'forfaits',
        handle: title('Nos forfaits mobiles'),
        lazy: () => import('./routes/catalogue-route.tsx').then((m) => ({ Component: m.PlanCatalogueRoute, loader: m.planCatalogueLoader })),
      },
      {
        path: 'changer-de-forfait/:idContrat',
        handle: title('Changer de forfait'),
        lazy: () => import('./routes/tariff-change-route.tsx').then((m) => ({ Component: m.TariffChangeRoute, loader: m.tariffChangeLoader })),
      },
    ],
  },
  {
    // Lazy area ajout-ligne (add-line shop): the cart of new lines and its order (decision 038).
    path: 'ajout-ligne',
    children: [
      {
        path: 'ajouter-une-ligne-mobile',
        handle: title('Ajouter une ligne mobile'),
        lazy: () => import('./routes/add-line-route.tsx').then((m) => ({ Component: m.AddLineRoute, loader: m.addLineLoader })),
      },
    ],
  },
  {
    // Lazy area mon-telephone (phone and SIM): the phone catalogue and a phone's page (decision 035), a new phone, SIM activation.
    path: 'mon-telephone',
    children: [
      {
        path: 'catalogue',
        handle: title('Catalogue des téléphones'),
        lazy: () =>
          import('./routes/catalogue-route.tsx').then((m) => ({
            Component: m.PhoneCatalogueRoute,
            loader: m.phoneCatalogueLoader,
            shouldRevalidate: m.phoneCatalogueShouldRevalidate,
          })),
      },
      {
        path: 'catalogue/:idArticle',
        handle: title('Téléphone'),
        lazy: () => import('./routes/catalogue-route.tsx').then((m) => ({ Component: m.PhoneRoute, loader: m.phoneLoader })),
      },
      {
        // The menu's "Nouveau téléphone": a line's new phone, or which line first for an account of several (decision 039).
        path: 'nouveau-telephone',
        handle: title('Nouveau téléphone\u00a0: choix de la ligne'),
        lazy: () => import('./routes/new-phone-route.tsx').then((m) => ({ loader: m.newPhoneMenuLoader, Component: m.NewPhoneChoiceRoute })),
      },
      {
        // The menu's "Activer une carte SIM": a redirection to the lines awaiting their SIM, or to the one there is (decision 016).
        path: 'activation-sim',
        lazy: () => import('./routes/sim-activation-route.ts').then((m) => ({ loader: m.simActivationMenuLoader, Component: RedirectOnly })),
      },
      {
        path: 'nouveau-telephone/:idContrat',
        handle: title('Nouveau téléphone'),
        lazy: () => import('./routes/new-phone-route.tsx').then((m) => ({ Component: m.NewPhoneRoute, loader: m.newPhoneLoader })),
      },
    ],
  },
  {
    path: 'ligne-mobile/:idContrat/esim',
    handle: title('Installation de votre eSIM'),
    lazy: () => import('./routes/esim-route.tsx').then((m) => ({ Component: m.LineEsimRoute, loader: m.lineEsimLoader })),
  },
  {
    path: 'assistance',
    children: [
      {
        path: 'faq',
        handle: title('Questions fréquentes'),
        lazy: () => import('./routes/faq-route.tsx').then((m) => ({ Component: m.FaqRoute, loader: m.faqLoader })),
      },
      {
        path: 'sav',
        handle: title('Service après-vente'),
        lazy: () => import('./routes/after-sales-route.tsx').then((m) => ({ Component: m.AfterSalesRoute })),
      },
      {
        path: 'rendez-vous',
        handle: title('Rendez-vous avec un conseiller'),
        lazy: () =>
          import('./routes/appointments-route.tsx').then((m) => ({
            Component: m.AppointmentsRoute,
            loader: m.appointmentsLoader,
            shouldRevalidate: m.appointmentsShouldRevalidate,
          })),
      },
      {
        path: 'formulaire-contact',
        handle: title('Formulaire de contact'),
        lazy: () => import('./routes/contact-route.tsx').then((m) => ({ Component: m.ContactRoute, loader: m.contactLoader })),
      },
    ],
  },
  {
    path: '498',
    handle: title('Lien ou jeton de sécurité invalide'),
    lazy: () => import('./routes/status-error-route.tsx').then((m) => ({ Component: m.TokenInvalidRoute })),
  },
  {
    path: '499',
    handle: title('Requête interrompue'),
    lazy: () => import('./routes/status-error-route.tsx').then((m) => ({ Component: m.RequestCancelledRoute })),
  },
  { path: '404', handle: title('Page non trouvée'), lazy: notFoundPage },
];

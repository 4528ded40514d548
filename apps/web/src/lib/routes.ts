/** In-app paths (without the /ecare base) that code outside the route table needs. */
export const PATHS = {
  login: '/identification/authentification',
  /** Agent login and client search (decision 032). */
  agentLogin: '/identification/authen-gc',
  clientSearch: '/recherche-client',
  recoverCode: '/identification/recuperer-code-confidentiel',
  createCode: '/identification/creer-code-confidentiel',
  confirmEmailChange: '/identification/confirmationmodificationemail',
  cancelEmailChange: '/identification/confirmationannulationemail',
  /** Followed by the e-mailed link's token: `/identification/qrcode/{cipher}` (eSIM page, no session). */
  esimLink: '/identification/qrcode',
  maintenance: '/maintenance',
  securityInfo: '/info-securite-ecare',
  home: '/pages/accueil',
  userHome: '/pages/accueil-utilisateur',
  accountChoice: '/pages/choix-compte-facturation',
  mobileLines: '/pages/mes-lignes-mobiles',
  /** Followed by the line's idContrat: `/ligne-mobile/{idContrat}`. */
  mobileLine: '/ligne-mobile',
  /** A line's termination: `/ligne-mobile/{idContrat}/resiliation` (the `resilie` login parameter leads there). */
  terminationSegment: 'resiliation',
  /** The menu's "Suivi conso" (a line's consumption is `/ligne-mobile/{idContrat}/consommation`). */
  consumption: '/ligne-mobile/consommation',
  /** The menu's "Changer de forfait"; a line's change is `/mon-forfait/changer-de-forfait/{idContrat}` (decision 037). */
  tariffChange: '/mon-forfait/changer-de-forfait',
  /** The menu's "Nouveau téléphone"; a line's new phone is `/mon-telephone/nouveau-telephone/{idContrat}` (decision 039). */
  newPhone: '/mon-telephone/nouveau-telephone',
  /** The menu's "Activer une carte SIM": the lines whose SIM awaits its activation (decision 016). */
  simActivation: '/mon-telephone/activation-sim',
  /** The phone catalogue (filters in the address); a phone is `/mon-telephone/catalogue/{idArticle}` (decision 035). */
  phoneCatalogue: '/mon-telephone/catalogue',
  /** The mobile plans sold (decision 035). */
  planCatalogue: '/mon-forfait/forfaits',
  /** The add-line flow (decision 038), its step in `?etape=`. */
  addLine: '/ajout-ligne/ajouter-une-ligne-mobile',
  serverError: '/pages/500',
  legalNotice: '/pages/mentions-legales',
  termsAndPrices: '/pages/conditions-et-tarifs',
  environment: '/pages/environnement',
  personalData: '/pages/donnees-personnelles',
  accessibility: '/pages/accessibilite',
  faq: '/assistance/faq',
  afterSales: '/assistance/sav',
  contactForm: '/assistance/formulaire-contact',
  appointments: '/assistance/rendez-vous',
  account: '/mon-compte',
  accountProfile: '/mon-compte/profil',
  accountCode: '/mon-compte/code-confidentiel',
  /** The user's own second factors and sessions (issue 29). */
  accountSecurity: '/mon-compte/securite',
  accountUsers: '/mon-compte/utilisateurs',
  accountOptins: '/mon-compte/preferences',
  accountRequests: '/mon-compte/demandes',
  accountAgentActions: '/mon-compte/actions-service-client',
  /** The account's consumption alerts and thresholds (decision 047). */
  accountAlerts: '/mon-compte/alertes',
  /** The account's scheduled reports and their sendings (decision 052). */
  accountReports: '/mon-compte/rapports',
  /** The account's tree of cost centres (decision 048). */
  accountCostCentres: '/mon-compte/centres-de-cout',
  /** The job centre of bulk actions; one job is `/mon-compte/traitements/{idTraitement}` (decision 050). */
  accountBulkJobs: '/mon-compte/traitements',
  /** The account's invoices; one of them is `/mon-compte/factures/{referenceNumber}`. */
  accountInvoices: '/mon-compte/factures',
  /** The account's orders; one of them is `/mon-compte/commandes/{numero}`. */
  accountOrders: '/mon-compte/commandes',
  accountBankDetails: '/mon-compte/coordonnees-bancaires',
  accountSepaMandate: '/mon-compte/mandat-sepa',
  accountPayment: '/mon-compte/paiement',
  /** Back from the payment provider's page: `?transactionReference=…`. */
  accountPaymentReturn: '/mon-compte/paiement/retour',
  notFound: '/404',
  tokenInvalid: '/498',
  requestCancelled: '/499',
  /** The back office (decision 030), with its sections below it. */
  administration: '/administration',
} as const;

export const RETURN_URL_PARAM = 'returnurl';

/**
 * Keeps a returnurl only when it is an in-app path, so the login page cannot be turned into
 * an open redirect ("//evil.example", "https://…", "/\\evil").
 */
export function safeReturnUrl(value: string | null | undefined): string | null {
  if (!value) return null;
  const trimmed = value.trim();
  if (!trimmed.startsWith('/') || trimmed.startsWith('//') || trimmed.startsWith('/\\')) return null;
  if (trimmed === PATHS.login || trimmed.startsWith(`${PATHS.login}?`)) return null;
  return trimmed;
}

export function withReturnUrl(path: string, returnUrl: string | null): string {
  const safe = safeReturnUrl(returnUrl);
  return safe ? `${path}?${RETURN_URL_PARAM}=${encodeURIComponent(safe)}` : path;
}

/** Router basename ('/ecare'), from Vite's `base`. */
export const BASENAME = import.meta.env.BASE_URL.replace(/\/$/, '');

/** Router locations and requests carry the basename; in-app paths do not. */
export function stripBasename(pathname: string, basename: string = BASENAME): string {
  if (basename === '' || !(pathname === basename || pathname.startsWith(`${basename}/`))) return pathname;
  return pathname.slice(basename.length) || '/';
}

/** In-app path and query of a loader request. */
export function inAppPathOf(url: string): string {
  const { pathname, search } = new URL(url, 'http://localhost');
  return `${stripBasename(pathname)}${search}`;
}

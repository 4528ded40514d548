/**
 * Every page of the web app, as its route table declares them (React Router patterns, without
 * the /ecare base): `:name` stands for one segment of the address. The server answers any other
 * page address, and /404 itself, with HTTP 404 (the app then shows its "page not found"); the
 * web app's route table is checked against this list (app/routes.test.tsx), and so is every
 * in-app link of the menu's reference data.
 */
export const PAGE_PATHS = [
  '/',
  '/sso',
  '/identification/authentification',
  '/identification/authen-gc',
  '/identification/recuperer-code-confidentiel',
  '/identification/creer-code-confidentiel',
  '/identification/creer-code-confidentiel/:guid',
  '/identification/deverrouiller/:token',
  '/identification/qrcode/:id',
  '/identification/confirmationmodificationemail',
  '/identification/confirmationannulationemail',
  '/maintenance',
  '/info-securite-ecare',
  '/recherche-client',
  '/gaia',
  '/profil-gaia',
  '/gaia-non-autorise',
  '/oneclic',
  '/administration',
  '/administration/parametres',
  '/administration/textes-legaux',
  '/administration/faq',
  '/administration/menu',
  '/administration/contact',
  '/administration/documents',
  '/administration/demandes',
  '/pages/accueil',
  '/pages/accueil-utilisateur',
  '/pages/choix-compte-facturation',
  '/pages/mes-lignes-mobiles',
  '/pages/500',
  '/pages/mentions-legales',
  '/pages/conditions-et-tarifs',
  '/pages/environnement',
  '/pages/donnees-personnelles',
  '/pages/accessibilite',
  '/mon-compte',
  '/mon-compte/profil',
  '/mon-compte/code-confidentiel',
  '/mon-compte/securite',
  '/mon-compte/utilisateurs',
  '/mon-compte/preferences',
  '/mon-compte/actions-service-client',
  '/mon-compte/alertes',
  '/mon-compte/rapports',
  '/mon-compte/api',
  '/mon-compte/centres-de-cout',
  '/mon-compte/traitements',
  '/mon-compte/traitements/:idTraitement',
  '/mon-compte/demandes',
  '/mon-compte/demandes/:reference',
  '/mon-compte/factures',
  '/mon-compte/factures/:referenceNumber',
  '/mon-compte/commandes',
  '/mon-compte/commandes/:numero',
  '/mon-compte/paiement',
  '/mon-compte/paiement/retour',
  '/mon-compte/coordonnees-bancaires',
  '/mon-compte/mandat-sepa',
  '/ligne-mobile/consommation',
  '/ligne-mobile/:idContrat',
  '/ligne-mobile/:idContrat/consommation',
  '/ligne-mobile/:idContrat/resiliation',
  '/ligne-mobile/:idContrat/esim',
  '/mon-forfait/changer-de-forfait',
  '/mon-forfait/changer-de-forfait/:idContrat',
  '/mon-forfait/forfaits',
  '/ajout-ligne/ajouter-une-ligne-mobile',
  '/mon-telephone/catalogue',
  '/mon-telephone/catalogue/:idArticle',
  '/mon-telephone/activation-sim',
  '/mon-telephone/nouveau-telephone',
  '/mon-telephone/nouveau-telephone/:idContrat',
  '/assistance/faq',
  '/assistance/sav',
  '/assistance/rendez-vous',
  '/assistance/formulaire-contact',
  '/498',
  '/499',
  '/404',
] as const;

/** The app's "page not found" (spec §2): where an unknown address leads. */
export const NOT_FOUND_PATH = '/404';

const segmentsOf = (path: string) => path.split('/').filter((segment) => segment !== '');

const PATTERNS = PAGE_PATHS.map(segmentsOf);

/**
 * Whether an app address (without /ecare, query or hash) is one of the app's pages, as the
 * router matches it: letter case and a trailing slash aside, each `:name` being any one segment.
 */
export function isPagePath(appPath: string): boolean {
  const segments = segmentsOf(appPath.toLowerCase());
  return PATTERNS.some(
    (pattern) => pattern.length === segments.length && pattern.every((part, index) => part.startsWith(':') || part === segments[index]),
  );
}

/** Whether an in-app link (path, maybe a query or hash) leads to one of the app's pages. */
export function isPageLink(url: string): boolean {
  const path = url.split(/[?#]/)[0] ?? '';
  return path.startsWith('/') && isPagePath(path);
}

/** Hosts this machine answers, never a visitor's destination. */
const LOCAL_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]', '0.0.0.0']);

/**
 * Whether an absolute address points at a host kept for examples and tests (example.com, .org,
 * .net and the .example, .test, .invalid, .localhost names: RFC 2606, 6761) or at the local
 * machine: a placeholder no link of the portal may lead to. In-app paths are not.
 */
export function isPlaceholderUrl(url: string): boolean {
  let host: string;
  try {
    host = new URL(url.trim()).hostname.toLowerCase();
  } catch {
    return false;
  }
  return /(^|\.)example\.(com|net|org)$/.test(host) || /\.(example|test|invalid|localhost)$/.test(host) || LOCAL_HOSTS.has(host);
}

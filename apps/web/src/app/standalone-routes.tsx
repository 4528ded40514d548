import type { RouteObject } from 'react-router';
import { title } from './route-handles.ts';

/**
 * The pages outside the page frame but the login page (spec §2): maintenance, security
 * information, the agents' pages (decision 032) and the back office (decision 030). Added under
 * the root route by the router the first time it needs them (`discoverRoutes` in routes.tsx).
 */
export const standaloneRoutes: RouteObject[] = [
  {
    path: 'maintenance',
    handle: title('Maintenance'),
    lazy: () => import('./routes/maintenance-route.tsx').then((m) => ({ Component: m.MaintenanceRoute })),
  },
  {
    path: 'info-securite-ecare',
    handle: title('Information sécurité'),
    lazy: () => import('./routes/security-info-route.tsx').then((m) => ({ Component: m.SecurityInfoRoute })),
  },
  { path: 'administration/*', lazy: () => import('./routes/admin/admin-area.tsx').then((m) => ({ Component: m.AdminArea })) },
  {
    // Agent pages (decision 032): without the site header, on demand, out of the login's download.
    path: 'identification/authen-gc',
    handle: title('Connexion conseiller'),
    lazy: () => import('./routes/agent-login-route.tsx').then((m) => ({ Component: m.AgentLoginRoute })),
  },
  {
    path: 'recherche-client',
    handle: title('Rechercher un client'),
    lazy: () => import('./routes/client-search-route.tsx').then((m) => ({ Component: m.ClientSearchRoute, loader: m.clientSearchLoader })),
  },
  // Single sign-on entries (decision 034).
  { path: 'gaia', handle: title('Connexion Gaia'), lazy: () => import('./routes/sso-routes.tsx').then((m) => ({ Component: m.GaiaRoute })) },
  { path: 'profil-gaia', handle: title('Profil Gaia'), lazy: () => import('./routes/sso-routes.tsx').then((m) => ({ Component: m.GaiaProfileRoute })) },
  { path: 'gaia-non-autorise', handle: title('Accès non autorisé'), lazy: () => import('./routes/sso-routes.tsx').then((m) => ({ Component: m.GaiaNotAllowedRoute })) },
  { path: 'oneclic', handle: title('Redirection en cours'), lazy: () => import('./routes/sso-routes.tsx').then((m) => ({ Component: m.OneclicRoute })) },
];

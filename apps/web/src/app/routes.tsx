import { redirect, replace, type PatchRoutesOnNavigationFunction, type RouteObject } from 'react-router';
import { PATHS } from '../lib/routes.ts';
import { redirectAuthenticated } from './guards.ts';
import { RedirectOnly, title } from './route-handles.ts';
import { RootError } from './root-error.tsx';
import { RootFallback, RootLayout } from './root-layout.tsx';
import { LoginRoute } from './routes/login-route.tsx';

const toLogin = () => redirect(PATHS.login);
/** Spec §2, §8: an unknown path goes to /404, replacing the unknown URL in the history. */
const toNotFound = () => replace(PATHS.notFound);

/** The id of the page frame's route, under which the signed-in pages' routes are added. */
const FRAME_ROUTE_ID = 'frame';

/**
 * Route table (spec §2). Everything but the root and the login page is loaded on demand; the
 * login page stays apart from the page frame so its first download stays small. So do the
 * routes of the pages inside the frame (`frame-routes.tsx`): every feature adds some, and the
 * table holding them would otherwise grow everyone's first download, the login page's too. The
 * router asks for them (`discoverRoutes`) the first time a path matches nothing more precise
 * than the catch-all.
 */
export const routes: RouteObject[] = [
  {
    id: 'root',
    path: '/',
    Component: RootLayout,
    HydrateFallback: RootFallback,
    ErrorBoundary: RootError,
    children: [
      { index: true, loader: toLogin, Component: RedirectOnly },
      { path: 'sso', loader: toLogin, Component: RedirectOnly },
      {
        path: 'identification/authentification',
        handle: title('Connexion'),
        loader: redirectAuthenticated,
        // In the first download: the page most visits start on, sent prerendered (decision 012).
        Component: LoginRoute,
      },
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
      {
        id: FRAME_ROUTE_ID,
        lazy: () => import('./routes/frame-route.tsx').then((m) => ({ Component: m.FrameRoute, loader: m.frameLoader })),
      },
      { path: '*', loader: toNotFound, Component: RedirectOnly },
    ],
  },
];

/**
 * The router's `patchRoutesOnNavigation`: adds the frame's routes, which travel with the page
 * frame's code, before the path is matched again. The router skips the routes it already has.
 */
export const discoverRoutes: PatchRoutesOnNavigationFunction = async ({ patch }) => {
  const { frameRoutes } = await import('./frame-routes.tsx');
  patch(FRAME_ROUTE_ID, frameRoutes);
};

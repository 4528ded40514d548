import { redirect, replace, type PatchRoutesOnNavigationFunction, type RouteObject } from 'react-router';
import { nextTask } from '../lib/after-paint.ts';
import { PATHS } from '../lib/routes.ts';
import { redirectAuthenticated } from './guards.ts';
import { RedirectOnly, title } from './route-handles.ts';
import { RootError } from './root-error.tsx';
import { RootFallback, RootLayout } from './root-layout.tsx';
import { LoginRoute } from './routes/login-route.tsx';

const toLogin = () => redirect(PATHS.login);
/** Spec §2, §8: an unknown path goes to /404, replacing the unknown URL in the history. */
const toNotFound = () => replace(PATHS.notFound);

/** The ids of the routes under which the pages outside the frame, and those inside it, are added. */
const ROOT_ROUTE_ID = 'root';
const FRAME_ROUTE_ID = 'frame';

/**
 * Route table (spec §2). Everything but the root and the login page is loaded on demand; the
 * login page stays apart from the page frame so its first download stays small. So do the
 * routes of the other pages, outside the frame (`standalone-routes.tsx`) and inside it
 * (`frame-routes.tsx`): every feature adds some, and the table holding them would otherwise grow
 * everyone's first download, the login page's too. The router asks for them (`discoverRoutes`)
 * the first time a path matches nothing more precise than the catch-all.
 */
export const routes: RouteObject[] = [
  {
    id: ROOT_ROUTE_ID,
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
        id: FRAME_ROUTE_ID,
        lazy: () => import('./routes/frame-route.tsx').then((m) => ({ Component: m.FrameRoute, loader: m.frameLoader })),
      },
      { path: '*', loader: toNotFound, Component: RedirectOnly },
    ],
  },
];

/**
 * The router's `patchRoutesOnNavigation`: adds the pages outside the frame (`standalone-routes.tsx`)
 * and the frame's routes, which travel with the page frame's code, before the path is matched
 * again. The router skips the routes it already has.
 */
export const discoverRoutes: PatchRoutesOnNavigationFunction = async ({ patch }) => {
  const [{ standaloneRoutes }, { frameRoutes }] = await Promise.all([import('./standalone-routes.tsx'), import('./frame-routes.tsx')]);
  // The frame's file takes tens of milliseconds to evaluate on a phone: matching and loading the
  // page start in a task of their own (decision 012).
  await nextTask();
  patch(ROOT_ROUTE_ID, standaloneRoutes);
  patch(FRAME_ROUTE_ID, frameRoutes);
};

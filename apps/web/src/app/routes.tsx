import { redirect, type RouteObject } from 'react-router';
import { PATHS } from '../lib/routes.ts';
import type { RouteHandle } from '../lib/use-document-title.ts';
import { redirectAuthenticated, requireSession } from './guards.ts';
import { RootError } from './root-error.tsx';
import { RootFallback, RootLayout } from './root-layout.tsx';

const title = (value: string): RouteHandle => ({ title: value });
const toLogin = () => redirect(PATHS.login);
/** Routes that only redirect still need an element, or the router warns about an empty leaf. */
const RedirectOnly = () => null;

const infoPage = () => import('./routes/info-page-route.tsx').then((m) => ({ Component: m.InfoPageRoute }));
const notFoundPage = () => import('./routes/not-found-route.tsx').then((m) => ({ Component: m.NotFoundRoute }));

/**
 * Route table (spec §2). Everything but the root is loaded on demand; the login route stays
 * apart from the page frame so its first download stays small.
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
        lazy: () => import('./routes/login-route.tsx').then((m) => ({ Component: m.LoginRoute })),
      },
      {
        id: 'frame',
        lazy: () => import('./routes/frame-route.tsx').then((m) => ({ Component: m.FrameRoute })),
        children: [
          {
            path: 'identification/recuperer-code-confidentiel',
            handle: title('Code confidentiel oublié ou première connexion'),
            lazy: infoPage,
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
              { path: 'mentions-legales', handle: title('Mentions légales'), lazy: infoPage },
              { path: 'conditions-et-tarifs', handle: title('Conditions et tarifs'), lazy: infoPage },
              { path: 'environnement', handle: title('Environnement'), lazy: infoPage },
            ],
          },
          {
            path: 'assistance',
            children: [
              { path: 'faq', handle: title('Questions fréquentes'), lazy: infoPage },
              { path: 'sav', handle: title('Service après-vente'), lazy: infoPage },
            ],
          },
          { path: '404', handle: title('Page non trouvée'), lazy: notFoundPage },
          { path: '*', handle: title('Page non trouvée'), lazy: notFoundPage },
        ],
      },
    ],
  },
];

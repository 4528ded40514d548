import { createBrowserRouter } from 'react-router';
import { onMaintenance, onStatusPage, onUnauthorized } from '../lib/api-client.ts';
import { BASENAME, PATHS, stripBasename, withReturnUrl } from '../lib/routes.ts';
import { discoverRoutes, routes } from './routes.tsx';

export type AppRouter = ReturnType<typeof createBrowserRouter>;

/**
 * The app's router, which starts matching the address and loading the page as soon as it is
 * created. Created once, by `mount`, in a task of its own after this file's evaluation (decision
 * 012): evaluating the file and starting the router are each long enough on a phone.
 */
export function createAppRouter(): AppRouter {
  const router = createBrowserRouter(routes, { basename: BASENAME, patchRoutesOnNavigation: discoverRoutes });
  const isAt = (path: string) => stripBasename(router.state.location.pathname) === path;

  // Spec §8: a 401 disconnects (the API client has cleared the storage) and opens the login
  // page, which brings the user back here after signing in again.
  onUnauthorized(() => {
    const { search } = router.state.location;
    const pathname = stripBasename(router.state.location.pathname);
    const back = pathname === PATHS.login ? null : `${pathname}${search}`;
    // An agent goes back to the agent login (spec §4 "Logout"), not to the customers' one; what
    // tells is loaded then, out of the login page's download.
    void import('../features/agents/api/agent-storage.ts').then(({ wasAgent }) =>
      router.navigate(wasAgent() ? PATHS.agentLogin : withReturnUrl(PATHS.login, back), { replace: true }),
    );
  });

  // Spec §8: the maintenance flag (storage already cleared) opens /maintenance.
  onMaintenance(() => {
    if (!isAt(PATHS.maintenance)) void router.navigate(PATHS.maintenance, { replace: true });
  });

  // Spec §8: 498 and 499 (loading overlay already stopped) open their error pages.
  onStatusPage((status) => {
    const page = status === 498 ? PATHS.tokenInvalid : PATHS.requestCancelled;
    if (!isAt(page)) void router.navigate(page);
  });
  return router;
}

import { createBrowserRouter } from 'react-router';
import { onUnauthorized } from '../lib/api-client.ts';
import { BASENAME, PATHS, stripBasename, withReturnUrl } from '../lib/routes.ts';
import { routes } from './routes.tsx';

export const router = createBrowserRouter(routes, { basename: BASENAME });

// Spec §8: a 401 disconnects (the API client has cleared the storage) and opens the login
// page, which brings the user back here after signing in again.
onUnauthorized(() => {
  const { search } = router.state.location;
  const pathname = stripBasename(router.state.location.pathname);
  const back = pathname === PATHS.login ? null : `${pathname}${search}`;
  void router.navigate(withReturnUrl(PATHS.login, back), { replace: true });
});

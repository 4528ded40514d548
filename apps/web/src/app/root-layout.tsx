import { lazy, Suspense } from 'react';
import { Outlet, useLocation } from 'react-router';
import { LoadingOverlay } from '../components/layout/loading-overlay.tsx';
import { useLoadingCount } from '../lib/loading-counter.ts';
import { PATHS } from '../lib/routes.ts';
import { isPortalOpen, useKnownParameters } from '../lib/server-parameters.ts';
import { useDocumentTitle } from '../lib/use-document-title.ts';

// Rarely shown: kept out of the first download.
const ServiceUnavailable = lazy(() =>
  import('../components/layout/service-unavailable.tsx').then((m) => ({ default: m.ServiceUnavailable })),
);

/**
 * Root of every route: document title, the global loading overlay and the route guard of
 * spec §2 (pages open while the parameters are unknown or when activer is True; the
 * maintenance page keeps its own message).
 */
export function RootLayout() {
  useDocumentTitle();
  const loading = useLoadingCount();
  const open = isPortalOpen(useKnownParameters());
  const { pathname } = useLocation();
  return (
    <>
      {open || pathname === PATHS.maintenance ? (
        <Outlet />
      ) : (
        <Suspense fallback={null}>
          <ServiceUnavailable />
        </Suspense>
      )}
      <LoadingOverlay active={loading > 0} />
    </>
  );
}

/** Shown while the first route's code and data load. */
export function RootFallback() {
  return <LoadingOverlay active />;
}

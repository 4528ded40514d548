import { Outlet } from 'react-router';
import { LoadingOverlay } from '../components/layout/loading-overlay.tsx';
import { useLoadingCount } from '../lib/loading-counter.ts';
import { useDocumentTitle } from '../lib/use-document-title.ts';

/** Root of every route: document title and the global loading overlay. */
export function RootLayout() {
  useDocumentTitle();
  const loading = useLoadingCount();
  return (
    <>
      <Outlet />
      <LoadingOverlay active={loading > 0} />
    </>
  );
}

/** Shown while the first route's code and data load. */
export function RootFallback() {
  return <LoadingOverlay active />;
}

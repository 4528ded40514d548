import { QueryClientProvider } from '@tanstack/react-query';
import { lazy, Suspense, useCallback, useState, type ReactNode } from 'react';
import { I18nProvider, RouterProvider } from 'react-aria-components';
import { Link, Navigate, NavLink, Route, Routes, useHref, useLocation, useNavigate } from 'react-router';
import { BrandLogo } from '../../../components/layout/brand-logo.tsx';
import { MAIN_CONTENT_ID, SkipLink } from '../../../components/layout/skip-link.tsx';
import { Alert } from '../../../components/ui/alert.tsx';
import { ReadFailed, WaitingText } from '../../../components/ui/query-states.tsx';
import { useAdminParameters } from '../../../features/admin/api/get-admin-parameters.ts';
import { hasErrorCode } from '../../../lib/api-error.ts';
import { PATHS, withReturnUrl } from '../../../lib/routes.ts';
import { clearSelection } from '../../../lib/selection-store.ts';
import { clearAllStorage, isSessionValid } from '../../../lib/session-storage.ts';
import { useScrollToTopOnNavigation } from '../../../lib/use-scroll-to-top.ts';
import { queryClient } from '../../query-client.ts';
import { forgetSessionData, signOut } from '../../session/sign-out.ts';
import { AdminSignIn } from './admin-sign-in.tsx';
import { AdminContactPage } from './admin-contact-page.tsx';
import { AdminDocumentsPage } from './admin-documents-page.tsx';
import { AdminFaqPage } from './admin-faq-page.tsx';
import { AdminLegalPage } from './admin-legal-page.tsx';
import { AdminMenuPage } from './admin-menu-page.tsx';
import { AdminParametersPage } from './admin-parameters-page.tsx';
import { AdminTicketsPage } from './admin-tickets-page.tsx';

// Shown two minutes before the idle limit at the earliest, as in the customer frame.
const SessionExpiryDialog = lazy(() => import('../../layout/session-expiry-dialog.tsx').then((m) => ({ default: m.SessionExpiryDialog })));

/** The back office's sections: each a page of its own under /administration. */
export const ADMIN_SECTIONS = [
  { path: 'parametres', label: 'Paramètres' },
  { path: 'textes-legaux', label: 'Textes légaux' },
  { path: 'faq', label: 'FAQ' },
  { path: 'menu', label: 'Menu' },
  { path: 'contact', label: 'Thèmes de contact' },
  { path: 'documents', label: 'Documents' },
  { path: 'demandes', label: 'Demandes' },
] as const;

function AdminNavigation() {
  return (
    <nav aria-label="Sections de l’administration" className="border-t border-line-soft">
      <ul className="page-container flex flex-wrap gap-1">
        {ADMIN_SECTIONS.map((section) => (
          <li key={section.path}>
            <NavLink
              to={`${PATHS.administration}/${section.path}`}
              className="-mb-px inline-flex min-h-11 items-center border-b-4 border-transparent px-4 font-semibold text-muted hover:text-primary aria-[current=page]:border-primary aria-[current=page]:text-primary-strong"
            >
              {section.label}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/** The sections, once the server has said the signed-in user is an administrator. */
function AdminSections() {
  // Every section needs the administration flag: the parameters' read says whether the user has it.
  const access = useAdminParameters();
  if (access.isPending) return <WaitingText>Vérification de vos droits…</WaitingText>;
  if (access.isError) {
    if (hasErrorCode(access.error, 'FORBIDDEN_ADMINISTRATION')) {
      return (
        <>
          <h1 className="mb-4 text-2xl font-bold text-primary-strong sm:text-3xl">Accès réservé</h1>
          <Alert tone="error">Cette partie du portail est réservée aux administrateurs.</Alert>
          <p className="mt-4">
            <Link to={PATHS.home} className="link">
              Retourner à votre espace client
            </Link>
          </p>
        </>
      );
    }
    return <ReadFailed error={access.error} onRetry={() => void access.refetch()} pending={access.isFetching} />;
  }
  return (
    <Routes>
      <Route index element={<Navigate to="parametres" replace />} />
      <Route path="parametres" element={<AdminParametersPage />} />
      <Route path="textes-legaux" element={<AdminLegalPage />} />
      <Route path="faq" element={<AdminFaqPage />} />
      <Route path="menu" element={<AdminMenuPage />} />
      <Route path="contact" element={<AdminContactPage />} />
      <Route path="documents" element={<AdminDocumentsPage />} />
      <Route path="demandes" element={<AdminTicketsPage />} />
      <Route path="*" element={<Navigate to={PATHS.notFound} replace />} />
    </Routes>
  );
}

function AdminFrame({ signedIn, onSignedIn, children }: { signedIn: boolean; onSignedIn: () => void; children: ReactNode }) {
  const navigate = useNavigate();
  // The sections are an administrator's: their tabs wait for the server to say the user is one
  // (the same read as the sections' own check, AdminSections).
  const isAdministrator = useAdminParameters(signedIn).isSuccess;
  const { pathname, search } = useLocation();
  useScrollToTopOnNavigation(pathname, MAIN_CONTENT_ID);

  const onLogout = async () => {
    await signOut();
    await navigate(PATHS.login, { replace: true });
    forgetSessionData();
  };

  const onIdleExpired = useCallback(async () => {
    clearAllStorage();
    clearSelection();
    await navigate(withReturnUrl(PATHS.login, `${pathname}${search}`), { replace: true });
    forgetSessionData();
  }, [navigate, pathname, search]);

  return (
    <div className="flex min-h-screen flex-col">
      <SkipLink />
      <header className="border-b border-line bg-surface">
        <div className="page-container flex flex-wrap items-center justify-between gap-3 py-3">
          <p className="flex flex-wrap items-baseline gap-3">
            <BrandLogo />
            <span className="font-semibold text-muted">Administration du portail</span>
          </p>
          {signedIn ? (
            <button type="button" className="btn-secondary" onClick={() => void onLogout()}>
              Se déconnecter
            </button>
          ) : null}
        </div>
        {signedIn && isAdministrator ? <AdminNavigation /> : null}
      </header>
      <main id={MAIN_CONTENT_ID} tabIndex={-1} className="page-container flex-1 py-8 outline-none">
        {signedIn ? children : <AdminSignIn onSignedIn={onSignedIn} />}
      </main>
      <footer className="border-t border-line-soft py-4 print:hidden">
        <p className="page-container text-sm">
          <Link to={PATHS.home} className="link">
            Espace client
          </Link>
        </p>
      </footer>
      {signedIn ? (
        <Suspense fallback={null}>
          <SessionExpiryDialog onLogout={() => void onLogout()} onExpired={() => void onIdleExpired()} />
        </Suspense>
      ) : null}
    </div>
  );
}

/**
 * `/administration/*` (decision 030): the back office, outside the customers' page frame (no
 * customer menu, account or banner to load) and in its own download. It signs in by itself and
 * reads only `/api/admin/…`, which stay open during a maintenance, so an administrator can end one.
 */
export function AdminArea() {
  const navigate = useNavigate();
  const [signedIn, setSignedIn] = useState(isSessionValid);
  return (
    <QueryClientProvider client={queryClient}>
      <I18nProvider locale="fr-FR">
        <RouterProvider navigate={(path) => void navigate(path)} useHref={useHref}>
          <AdminFrame signedIn={signedIn} onSignedIn={() => setSignedIn(true)}>
            <AdminSections />
          </AdminFrame>
        </RouterProvider>
      </I18nProvider>
    </QueryClientProvider>
  );
}

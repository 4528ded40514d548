import type { MenuItem } from '@ecare/shared/menu';
import { isParameterOn } from '@ecare/shared/parameters';
import { formatSirenSiret } from '@ecare/shared/siren-siret';
import type { UnpaidCheckAction } from '@ecare/shared/unpaid';
import { lazy, Suspense, useCallback, useDeferredValue, useEffect, useState } from 'react';
import { Outlet, useLocation, useNavigate } from 'react-router';
import { OrangeBanner } from '../../components/layout/orange-banner.tsx';
import { SiteFooter } from '../../components/layout/site-footer.tsx';
import { MAIN_CONTENT_ID, SkipLink } from '../../components/layout/skip-link.tsx';
import { useBillingAccounts } from '../../features/accounts/api/get-billing-accounts.ts';
import { manageableAccounts } from '../../features/accounts/utils/manageable-accounts.ts';
import { useMenu } from '../../features/menu/api/get-menu.ts';
import type { GuardedNavigate } from '../../features/menu/components/menu-entry-link.tsx';
import type { GuardedEntryName } from '../../features/menu/utils/menu-rules.ts';
import { MenuFooterColumns } from '../../features/menu/components/menu-footer-columns.tsx';
import { useParameters } from '../../features/parameters/api/get-parameters.ts';
import { useUnpaidGate } from '../../features/unpaid/hooks/use-unpaid-gate.tsx';
import { usePaintedOnce } from '../../lib/after-paint.ts';
import { setBannerHint } from '../../lib/banner-hint.ts';
import { PATHS, withReturnUrl } from '../../lib/routes.ts';
import { clearSelection } from '../../lib/selection-store.ts';
import { clearAllStorage } from '../../lib/session-storage.ts';
import { useSkipSession } from '../../lib/use-document-title.ts';
import { useScrollToTopOnNavigation } from '../../lib/use-scroll-to-top.ts';
import { menuParamsFor } from '../session/menu-context.ts';
import { forgetSessionData, signOut } from '../session/sign-out.ts';
import { leaveCustomer, signOutAgent } from '../session/agent-session.ts';
import { getActingFor } from '../../features/agents/api/agent-storage.ts';
import { AgentBanner } from '../../features/agents/components/agent-banner.tsx';
import type { AlertsOwner } from '../../features/usage-alerts/api/get-alerts.ts';
import { useSessionState } from '../session/use-session-state.ts';
import { bannerHtmlFor } from './banner-rule.ts';
import { customerLineNumber } from './customer-line.ts';
import { SiteHeader } from './site-header.tsx';

// Shown two minutes before the idle limit at the earliest: its code (React Aria's modal
// dialog) arrives after the frame's first paint rather than with it.
// The bell reads the alerts after the first paint: its code comes then, not with the frame.
const AlertsBell = lazy(() => import('../../features/usage-alerts/components/alerts-bell.tsx').then((m) => ({ default: m.AlertsBell })));
const SessionExpiryDialog = lazy(() => import('./session-expiry-dialog.tsx').then((m) => ({ default: m.SessionExpiryDialog })));

/** The unpaid-balance check's action of each guarded header entry (spec §3, §9). */
const UNPAID_ACTIONS: Record<GuardedEntryName, UnpaidCheckAction> = {
  'nouveau téléphone': 'RM',
  'changer de forfait': 'PU',
  'ajouter une ligne': 'AJL',
};

const NO_MENU: readonly MenuItem[] = [];

/** Page frame of every page but the login (spec §2 "Page frame"). */
export function AppFrame() {
  const session = useSessionState(!useSkipSession());
  const { user, account, line, authenticated } = session;
  const parameters = useParameters().data;
  const { pathname, search } = useLocation();
  const navigate = useNavigate();
  // The first paint shows the page with its header and banner; the menu (folded on small
  // screens, in the footer below) and the idle warning follow right after it.
  const painted = usePaintedOnce();
  const menu = useMenu(menuParamsFor(account, line), authenticated && session.ready && painted);
  const accounts = useBillingAccounts(authenticated && user?.mandataire === true);
  // The mobile menu is open for the page it was opened on: navigating collapses it.
  const [mobileOpenAt, setMobileOpenAt] = useState<string | null>(null);
  useScrollToTopOnNavigation(pathname, MAIN_CONTENT_ID);

  const signedIn = authenticated && user !== null;
  // The menu arrives after the first paint; its entries (header, mobile menu, footer) are then
  // drawn in a background render, in short slices, rather than in one long task.
  const menuItems = useDeferredValue(signedIn ? (menu.data ?? NO_MENU) : NO_MENU);
  const homePath = !signedIn ? PATHS.login : user.utilisateur ? PATHS.userHome : PATHS.home;
  const manageable = accounts.data ? manageableAccounts(accounts.data) : [];
  const accountLink =
    manageable.length > 1
      ? {
          label: session.selection.accountId === null ? 'Choisir le compte de facturation' : 'Vos autres comptes de facturation',
          to: PATHS.accountChoice,
        }
      : null;

  // The header actions that sell something check the unpaid balance before navigating (spec §4).
  const unpaidGate = useUnpaidGate(
    { user, account, line, estBdp: isParameterOn(parameters?.est_Bdp) },
    (url) => void navigate(url),
    (url) => void navigate(withReturnUrl(PATHS.accountChoice, url)),
  );
  const onGuardedNavigate: GuardedNavigate = (entry, url) => unpaidGate.guard(UNPAID_ACTIONS[entry], url);

  // Agent mode (decision 032): the agent acting for this customer, named on every page.
  const actingAgent = signedIn && user.serviceClient && user.usernameSC ? `${user.nomSC ?? ''} (${user.usernameSC})`.trim() : null;

  const onLogout = async () => {
    // An agent's logout ends their own session too and returns to the agent login (spec §4).
    if (actingAgent) {
      await signOutAgent();
      await navigate(PATHS.agentLogin, { replace: true });
      return;
    }
    await signOut();
    await navigate(PATHS.login, { replace: true });
    forgetSessionData();
  };

  const onLeaveCustomer = async () => {
    await leaveCustomer();
    await navigate(PATHS.clientSearch, { replace: true });
  };

  // The idle limit passed (spec §4, §9): the session is over; signing in again brings the user back.
  const onIdleExpired = useCallback(async () => {
    clearAllStorage();
    clearSelection();
    await navigate(withReturnUrl(PATHS.login, `${pathname}${search}`), { replace: true });
    forgetSessionData();
  }, [navigate, pathname, search]);

  // The bell counts a manager's account's new alerts, or a line user's own line's (decision 047).
  const alertsOwner: AlertsOwner | null = !signedIn
    ? null
    : user.utilisateur
      ? user.idContrat === null
        ? null
        : { kind: 'line', idContrat: user.idContrat }
      : account
        ? { kind: 'account', idClientBscs: account.idClientBscs }
        : null;

  const bannerHtml = bannerHtmlFor(signedIn ? user : null, parameters, pathname);
  // The next page this browser loads is sent with the banner drawn in, or without (decision 012).
  const bannerShown = bannerHtml !== null;
  useEffect(() => {
    if (signedIn) setBannerHint(bannerShown);
  }, [signedIn, bannerShown]);

  return (
    <div className="flex min-h-screen flex-col">
      <SkipLink />
      {actingAgent ? (
        <AgentBanner raisonSociale={account?.raisonSociale ?? getActingFor() ?? 'ce client'} agent={actingAgent} onLeave={() => void onLeaveCustomer()} />
      ) : null}
      <SiteHeader
        homePath={homePath}
        menuItems={menuItems}
        viewer={{ authenticated: signedIn, hasBillingAccount: account !== null }}
        customer={
          signedIn
            ? {
                fullName: `${user.prenom} ${user.nom}`.trim(),
                agent: user.serviceClient && user.usernameSC ? { username: user.usernameSC, name: user.nomSC ?? '' } : null,
                sirenSiret: user.mandataire && account ? formatSirenSiret(account.sirenSiret) : null,
                lineNumber: customerLineNumber(line),
                onLogout: () => void onLogout(),
              }
            : null
        }
        accountLink={accountLink}
        mobileOpen={mobileOpenAt === pathname}
        onToggleMobile={() => setMobileOpenAt(mobileOpenAt === pathname ? null : pathname)}
        onCloseMobile={() => setMobileOpenAt(null)}
        onGuardedNavigate={onGuardedNavigate}
        banner={bannerHtml ? <OrangeBanner html={bannerHtml} /> : null}
        bell={signedIn && painted && alertsOwner ? (
          <Suspense fallback={null}>
            <AlertsBell owner={alertsOwner} to={user.utilisateur ? PATHS.userHome : PATHS.accountAlerts} />
          </Suspense>
        ) : null}
      />
      <main id={MAIN_CONTENT_ID} tabIndex={-1} className="page-container flex-1 py-8 outline-none">
        <Outlet />
      </main>
      <SiteFooter
        socialEnabled={isParameterOn(parameters?.activeR_RESSOURCES_EXTERNES)}
        machineName={parameters?.environment_MachineName}
        columns={menuItems.length > 0 ? <MenuFooterColumns items={menuItems} onGuardedNavigate={onGuardedNavigate} /> : null}
      />
      {unpaidGate.dialog}
      {signedIn && painted ? (
        <Suspense fallback={null}>
          <SessionExpiryDialog onLogout={() => void onLogout()} onExpired={onIdleExpired} />
        </Suspense>
      ) : null}
    </div>
  );
}

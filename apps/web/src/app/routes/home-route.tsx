import type { LoaderFunctionArgs } from 'react-router';
import { DashboardGrid } from '../../components/ui/dashboard-card.tsx';
import { PageHeading } from '../../components/ui/page-heading.tsx';
import { ReadFailed, WaitingText } from '../../components/ui/query-states.tsx';
import { AccountSummary } from '../../features/accounts/components/account-summary.tsx';
import { agentActionsQueryOptions } from '../../features/agents/api/get-agent-actions.ts';
import { AgentActionsCard } from '../../features/agents/components/agent-actions-card.tsx';
import { TopDataLinesCard } from '../../features/consumption/components/top-data-lines-card.tsx';
import { homeQueryOptions, useHome } from '../../features/home/api/get-home.ts';
import { invoicesQueryOptions } from '../../features/invoices/api/get-invoices.ts';
import { LastInvoiceCard } from '../../features/invoices/components/last-invoice-card.tsx';
import { LinesByStatusCard } from '../../features/lines/components/lines-by-status-card.tsx';
import { OrdersInProgressCard } from '../../features/orders/components/orders-in-progress-card.tsx';
import { invoicesDueQueryOptions } from '../../features/payment/api/get-invoices-due.ts';
import { AmountDueCard } from '../../features/payment/components/amount-due-card.tsx';
import { AlertsInProgressCard } from '../../features/usage-alerts/components/alerts-in-progress-card.tsx';
import { PATHS } from '../../lib/routes.ts';
import { queryClient } from '../query-client.ts';
import { loadAccountPage } from '../session/load-session.ts';
import { AccountSessionError } from '../session/account-session-error.tsx';
import { useSessionState } from '../session/use-session-state.ts';

export async function homeLoader({ request }: LoaderFunctionArgs) {
  const account = await loadAccountPage(request, PATHS.home);
  // The blocks' first reads, side by side, so that the page opens whole (nothing jumps); the
  // comparison of the last invoice follows once that invoice is known.
  if (account) {
    const id = account.idClientBscs;
    await Promise.all([
      queryClient.prefetchQuery(homeQueryOptions(id)),
      queryClient.prefetchQuery(invoicesDueQueryOptions(id)),
      queryClient.prefetchQuery(invoicesQueryOptions(id)),
      queryClient.prefetchQuery(agentActionsQueryOptions(id)),
    ]);
  }
  return null;
}

/** The blocks the home endpoint answers in one read: lines by status, heaviest data users, orders in progress. */
function AccountFigures({ idClientBscs }: { idClientBscs: number }) {
  const home = useHome(idClientBscs);
  if (home.isPending) {
    return (
      <div className="card md:col-span-2 xl:col-span-3">
        <WaitingText>Lecture des lignes et des commandes du compte…</WaitingText>
      </div>
    );
  }
  if (home.isError) {
    return (
      <div className="md:col-span-2 xl:col-span-3">
        <ReadFailed error={home.error} onRetry={() => void home.refetch()} pending={home.isFetching} />
      </div>
    );
  }
  const { lignes, grosConsommateurs, periode, commandes } = home.data;
  return (
    <>
      <LinesByStatusCard total={lignes.total} parStatut={lignes.parStatut} />
      <TopDataLinesCard periode={periode} lines={grosConsommateurs} />
      <OrdersInProgressCard enCours={commandes.enCours} dernieres={commandes.dernieres} />
    </>
  );
}

export interface HomeDashboardProps {
  idClientBscs: number;
}

/**
 * What needs the manager's attention on the account (decision 046): what is due, the last
 * invoice and how it moved, the lines by status, the heaviest data users, the orders in
 * progress and the customer service's latest actions, each block leading to its page.
 */
export function HomeDashboard({ idClientBscs }: HomeDashboardProps) {
  return (
    <div className="space-y-6">
      <DashboardGrid>
        <AlertsInProgressCard owner={{ kind: 'account', idClientBscs }} link={{ to: PATHS.accountAlerts, label: 'Voir les alertes et les seuils' }} />
        <AmountDueCard idClientBscs={idClientBscs} />
        <LastInvoiceCard idClientBscs={idClientBscs} />
        <AccountFigures idClientBscs={idClientBscs} />
        <AgentActionsCard idClientBscs={idClientBscs} />
      </DashboardGrid>
    </div>
  );
}

export function HomeRoute() {
  const { account } = useSessionState();
  return (
    <>
      <PageHeading>Accueil</PageHeading>
      <AccountSessionError />
      {account ? (
        <div className="space-y-6">
          <AccountSummary account={account} />
          <HomeDashboard idClientBscs={account.idClientBscs} />
        </div>
      ) : null}
    </>
  );
}

import { PageHeading } from '../../../components/ui/page-heading.tsx';
import { ReadFailed, WaitingText } from '../../../components/ui/query-states.tsx';
import { useAgentActions } from '../../../features/agents/api/get-agent-actions.ts';
import { AgentActionsTable } from '../../../features/agents/components/agent-actions-table.tsx';
import { AccountSessionError } from '../../session/account-session-error.tsx';
import { useSessionState } from '../../session/use-session-state.ts';
import { accountBreadcrumb } from './account-breadcrumb.ts';

export { accountAreaLoader as agentActionsLoader } from './account-loader.ts';

const PAGE_TITLE = 'Actions du service client';

function Actions({ idClientBscs }: { idClientBscs: number }) {
  const query = useAgentActions(idClientBscs);
  if (query.isPending) return <WaitingText>Chargement des actions du service client…</WaitingText>;
  if (query.isError) return <ReadFailed error={query.error} onRetry={() => void query.refetch()} pending={query.isFetching} />;
  return <AgentActionsTable actions={query.data} />;
}

/** /mon-compte/actions-service-client: what customer-service agents did for the account, and why (decision 032). */
export function AgentActionsRoute() {
  const { user, account } = useSessionState();
  return (
    <>
      <PageHeading
        breadcrumb={accountBreadcrumb(user ?? undefined, PAGE_TITLE)}
        intro="Chaque connexion d’un conseiller à votre compte et chacune de ses actions, avec le motif indiqué, les plus récentes d’abord."
      >
        {PAGE_TITLE}
      </PageHeading>
      <AccountSessionError />
      {account ? (
        <div className="max-w-6xl">
          <Actions idClientBscs={account.idClientBscs} />
        </div>
      ) : null}
    </>
  );
}

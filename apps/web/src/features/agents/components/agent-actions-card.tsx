import { parisDateTimeFormat } from '@ecare/shared/paris-time';
import { DashboardCard } from '../../../components/ui/dashboard-card.tsx';
import { ReadFailed, WaitingText } from '../../../components/ui/query-states.tsx';
import { PATHS } from '../../../lib/routes.ts';
import { useAgentActions } from '../api/get-agent-actions.ts';

/** How many of the latest actions the home page shows. */
export const AGENT_ACTIONS_ON_HOME = 5;

const dateTime = parisDateTimeFormat({ dateStyle: 'short', timeStyle: 'short' });

/** Home block: what the customer service last did on this account, and who (decision 046). */
export function AgentActionsCard({ idClientBscs }: { idClientBscs: number }) {
  const actions = useAgentActions(idClientBscs);
  return (
    <DashboardCard title="Actions du service client" link={{ to: PATHS.accountAgentActions, label: 'Voir toutes les actions du service client' }}>
      {actions.isPending ? (
        <WaitingText>Lecture des actions du service client…</WaitingText>
      ) : actions.isError ? (
        <ReadFailed error={actions.error} onRetry={() => void actions.refetch()} pending={actions.isFetching} />
      ) : actions.data.length === 0 ? (
        <p>Aucun conseiller n’a agi pour votre compte.</p>
      ) : (
        <ul className="divide-y divide-line-soft">
          {actions.data.slice(0, AGENT_ACTIONS_ON_HOME).map((action, index) => (
            <li key={`${action.date}-${action.action}-${index}`} className="py-2">
              <p className="font-semibold">{action.action}</p>
              <p className="text-sm text-muted">
                <time dateTime={action.date}>{dateTime.format(new Date(action.date))}</time>, par {action.agent}
              </p>
            </li>
          ))}
        </ul>
      )}
    </DashboardCard>
  );
}

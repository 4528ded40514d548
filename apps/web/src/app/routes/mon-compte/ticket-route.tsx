import { Link, useParams, type LoaderFunctionArgs } from 'react-router';
import { PageHeading } from '../../../components/ui/page-heading.tsx';
import { ReadFailed, WaitingText } from '../../../components/ui/query-states.tsx';
import { useCurrentUser } from '../../../features/auth/api/get-current-user.ts';
import { supportTicketQueryOptions, useSupportTicket } from '../../../features/support/api/get-support-ticket.ts';
import { SupportTicketDetailPanel } from '../../../features/support/components/support-ticket-detail.tsx';
import { PATHS } from '../../../lib/routes.ts';
import { queryClient } from '../../query-client.ts';
import { accountAreaLoader } from './account-loader.ts';
import { accountBreadcrumb } from './account-breadcrumb.ts';

/** A session, then the message; a refusal or an unknown reference is shown by the page. */
export async function ticketLoader(args: LoaderFunctionArgs) {
  await accountAreaLoader(args);
  const reference = args.params.reference ?? '';
  await queryClient.prefetchQuery(supportTicketQueryOptions(reference));
  return null;
}

/** /mon-compte/demandes/{reference}: one message the signed-in person sent to the customer service. */
export function TicketRoute() {
  const reference = useParams().reference ?? '';
  const user = useCurrentUser().data;
  const ticket = useSupportTicket(reference);
  const title = `Demande ${reference}`;
  return (
    <>
      <PageHeading breadcrumb={accountBreadcrumb(user, title, { label: 'Mes demandes', to: PATHS.accountRequests })}>{title}</PageHeading>
      {ticket.isPending ? <WaitingText>Chargement de la demande…</WaitingText> : null}
      {ticket.isError ? (
        <div className="space-y-4">
          <ReadFailed error={ticket.error} onRetry={() => void ticket.refetch()} pending={ticket.isFetching} />
          <Link to={PATHS.accountRequests} className="link">
            Revenir à mes demandes
          </Link>
        </div>
      ) : null}
      {ticket.data ? <SupportTicketDetailPanel ticket={ticket.data} /> : null}
    </>
  );
}

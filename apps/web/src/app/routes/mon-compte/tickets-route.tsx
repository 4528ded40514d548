import type { LoaderFunctionArgs } from 'react-router';
import { Link } from 'react-router';
import { PageHeading } from '../../../components/ui/page-heading.tsx';
import { useCurrentUser } from '../../../features/auth/api/get-current-user.ts';
import { supportTicketsQueryOptions } from '../../../features/support/api/get-support-tickets.ts';
import { SupportTickets } from '../../../features/support/components/support-tickets.tsx';
import { PATHS } from '../../../lib/routes.ts';
import { queryClient } from '../../query-client.ts';
import { accountAreaLoader } from './account-loader.ts';
import { accountBreadcrumb } from './account-breadcrumb.ts';

const PAGE_TITLE = 'Mes demandes';

/** A session, then the first page of the caller's requests. */
export async function ticketsLoader(args: LoaderFunctionArgs) {
  await accountAreaLoader(args);
  await queryClient.prefetchQuery(supportTicketsQueryOptions());
  return null;
}

/** /mon-compte/demandes: the messages the signed-in person sent to the customer service, and where they stand. */
export function TicketsRoute() {
  const user = useCurrentUser().data;
  const write = (
    <Link to={PATHS.contactForm} className="btn-primary">
      Écrire au service client
    </Link>
  );
  return (
    <>
      <PageHeading
        breadcrumb={accountBreadcrumb(user, PAGE_TITLE)}
        intro="Les messages que vous avez envoyés au service client avec le formulaire de contact, et leur avancement."
      >
        {PAGE_TITLE}
      </PageHeading>
      <div className="max-w-5xl space-y-6">
        <div>{write}</div>
        <SupportTickets newRequest={write} />
      </div>
    </>
  );
}

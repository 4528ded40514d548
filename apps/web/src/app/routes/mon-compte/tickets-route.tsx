import type { LoaderFunctionArgs } from 'react-router';
import { Link, useSearchParams } from 'react-router';
import { PageHeading } from '../../../components/ui/page-heading.tsx';
import { useCurrentUser } from '../../../features/auth/api/get-current-user.ts';
import { customerRequestParamsFrom, customerRequestSearch, customerRequestsQueryOptions } from '../../../features/support/api/get-customer-requests.ts';
import { CustomerRequests } from '../../../features/support/components/customer-requests.tsx';
import { PATHS } from '../../../lib/routes.ts';
import { queryClient } from '../../query-client.ts';
import { accountAreaLoader } from './account-loader.ts';
import { accountBreadcrumb } from './account-breadcrumb.ts';

const PAGE_TITLE = 'Mes demandes';

/** A session, then the page of the caller's requests the address asks for. */
export async function ticketsLoader(args: LoaderFunctionArgs) {
  await accountAreaLoader(args);
  await queryClient.prefetchQuery(customerRequestsQueryOptions(customerRequestParamsFrom(new URL(args.request.url).searchParams)));
  return null;
}

/**
 * /mon-compte/demandes[?type=&tri=&ordre=&page=]: every request the signed-in person made
 * (messages to the customer service, invoice complaints, terminations, appointments) and where
 * each stands (decision 024).
 */
export function TicketsRoute() {
  const user = useCurrentUser().data;
  const [searchParams, setSearchParams] = useSearchParams();
  const write = (
    <Link to={PATHS.contactForm} className="btn-primary">
      Écrire au service client
    </Link>
  );
  return (
    <>
      <PageHeading
        breadcrumb={accountBreadcrumb(user, PAGE_TITLE)}
        intro="Vos messages au service client, vos réclamations sur facture, vos demandes de résiliation et vos rendez-vous avec un conseiller, et leur avancement."
      >
        {PAGE_TITLE}
      </PageHeading>
      <div className="max-w-6xl space-y-6">
        <div>{write}</div>
        <CustomerRequests params={customerRequestParamsFrom(searchParams)} onChange={(next) => setSearchParams(customerRequestSearch(next))} newRequest={write} />
      </div>
    </>
  );
}

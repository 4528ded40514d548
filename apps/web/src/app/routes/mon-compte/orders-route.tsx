import { useSearchParams, type LoaderFunctionArgs } from 'react-router';
import { ordersQueryOptions } from '../../../features/orders/api/get-orders.ts';
import { orderListParamsFrom, orderListSearch } from '../../../features/orders/api/paths.ts';
import { OrdersPanel } from '../../../features/orders/components/orders-panel.tsx';
import { PATHS } from '../../../lib/routes.ts';
import { queryClient } from '../../query-client.ts';
import { loadAccountPage } from '../../session/load-session.ts';
import { AccountPage } from './account-page.tsx';

/** A manager's chosen account, then the page of its orders the address asks for. */
export async function ordersLoader({ request }: LoaderFunctionArgs) {
  const account = await loadAccountPage(request, PATHS.accountOrders);
  if (account) await queryClient.prefetchQuery(ordersQueryOptions(account.idClientBscs, orderListParamsFrom(new URL(request.url).searchParams)));
  return null;
}

/** /mon-compte/commandes: the chosen account's orders. */
export function OrdersRoute() {
  const [searchParams, setSearchParams] = useSearchParams();
  const params = orderListParamsFrom(searchParams);
  return (
    <AccountPage title="Mes commandes" className="max-w-6xl">
      {(account) => <OrdersPanel idClientBscs={account.idClientBscs} params={params} onChange={(next) => setSearchParams(orderListSearch(next))} />}
    </AccountPage>
  );
}

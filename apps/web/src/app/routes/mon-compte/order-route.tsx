import { ORDER_NUMBER_PATTERN } from '@ecare/shared/orders';
import { ORDER_STATUS } from '@ecare/shared/shop';
import { Link, replace, useParams, type LoaderFunctionArgs } from 'react-router';
import { ApiErrorAlert } from '../../../components/ui/api-error-alert.tsx';
import { WaitingText } from '../../../components/ui/query-states.tsx';
import { orderDetailQueryOptions, useOrderDetail } from '../../../features/orders/api/get-order-detail.ts';
import { orderPagePath } from '../../../features/orders/api/paths.ts';
import { OrderApprovalPanel } from '../../../features/fleet-policy/components/order-approval-panel.tsx';
import { OrderDetailPanel } from '../../../features/orders/components/order-detail-panel.tsx';
import { PATHS } from '../../../lib/routes.ts';
import { queryClient } from '../../query-client.ts';
import { loadAccountPage } from '../../session/load-session.ts';
import { useSessionState } from '../../session/use-session-state.ts';
import { accountBreadcrumb } from './account-breadcrumb.ts';
import { AccountPage } from './account-page.tsx';

const numeroFrom = (value: string | undefined) => (value !== undefined && ORDER_NUMBER_PATTERN.test(value) ? value : null);

/** A manager's chosen account, then the order; a refusal or an unknown order is shown by the page. */
export async function orderLoader({ request, params }: LoaderFunctionArgs) {
  const numero = numeroFrom(params.numero);
  if (numero === null) throw replace(PATHS.notFound);
  const account = await loadAccountPage(request, orderPagePath(numero));
  if (account) await queryClient.prefetchQuery(orderDetailQueryOptions(account.idClientBscs, numero));
  return null;
}

function OrderPage({ idClientBscs, numero }: { idClientBscs: number; numero: string }) {
  const detail = useOrderDetail(idClientBscs, numero);
  if (detail.isPending) return <WaitingText>Chargement de la commande…</WaitingText>;
  if (detail.isError) {
    return (
      <ApiErrorAlert error={detail.error}>
        <Link to={PATHS.accountOrders} className="link">
          Retour à mes commandes
        </Link>
      </ApiErrorAlert>
    );
  }
  // An order once held for a second manager's approval shows it, and the decision to take (decision 051).
  const held = detail.data.historique.some((event) => event.statut === ORDER_STATUS.EnAttenteValidation);
  return (
    <div className="space-y-6">
      {held ? <OrderApprovalPanel idClientBscs={idClientBscs} numero={numero} /> : null}
      <OrderDetailPanel idClientBscs={idClientBscs} order={detail.data} />
    </div>
  );
}

/** /mon-compte/commandes/{numero}: one order of the chosen account, with its timeline and documents. */
export function OrderRoute() {
  const numero = numeroFrom(useParams().numero) ?? '';
  const { user } = useSessionState();
  const title = `Commande ${numero}`;
  const breadcrumb = accountBreadcrumb(user ?? undefined, title, { label: 'Mes commandes', to: PATHS.accountOrders });
  return (
    <AccountPage title={title} breadcrumb={breadcrumb}>
      {(chosen) => <OrderPage key={numero} idClientBscs={chosen.idClientBscs} numero={numero} />}
    </AccountPage>
  );
}

import type { HomeOrder } from '@ecare/shared/home';
import { Link } from 'react-router';
import { DashboardCard } from '../../../components/ui/dashboard-card.tsx';
import { PATHS } from '../../../lib/routes.ts';
import { orderPagePath } from '../api/paths.ts';
import { formatEuros, formatOrderDate } from '../utils/order-format.ts';

const ordersCount = (count: number) => (count === 0 ? 'Aucune commande en cours' : count === 1 ? '1 commande en cours' : `${count} commandes en cours`);

/** Home block: the orders not yet confirmed nor cancelled, the latest first (decision 046). */
export function OrdersInProgressCard({ enCours, dernieres }: { enCours: number; dernieres: readonly HomeOrder[] }) {
  return (
    <DashboardCard title="Commandes en cours" link={{ to: PATHS.accountOrders, label: 'Voir mes commandes' }}>
      <p className="text-2xl font-bold">{ordersCount(enCours)}</p>
      {dernieres.length > 0 ? (
        <ul className="divide-y divide-line-soft">
          {dernieres.map((order) => (
            <li key={order.numero} className="py-2">
              <p className="flex flex-wrap items-baseline justify-between gap-x-3">
                <Link to={orderPagePath(order.numero)} className="link whitespace-nowrap">
                  {order.numero}
                </Link>
                <span className="font-semibold whitespace-nowrap">{formatEuros(order.totalTtc)} TTC</span>
              </p>
              <p className="text-sm text-muted">
                {order.typeLibelle}, le {formatOrderDate(order.date)}&nbsp;: {order.etapeLibelle}
              </p>
            </li>
          ))}
        </ul>
      ) : null}
    </DashboardCard>
  );
}

import type { SubmittedOrder } from '@ecare/shared/add-line';
import { Link } from 'react-router';
import { Alert } from '../../../components/ui/alert.tsx';
import { PATHS } from '../../../lib/routes.ts';
import { formatCents } from '../utils/add-line-format.ts';
import { addLinePath } from '../utils/add-line-steps.ts';

/** TermineeConfirmation: the order number, how to pay it by transfer, and where to follow it. */
export function OrderConfirmation({ order }: { order: SubmittedOrder }) {
  const lines = order.idContrats.length;
  return (
    <div className="space-y-6">
      <Alert tone="success" title={`Votre commande ${order.numero} est enregistrée`}>
        <p>
          {lines > 1 ? `Vos ${lines} nouvelles lignes apparaissent` : 'Votre nouvelle ligne apparaît'} dès maintenant dans votre parc, en cours de mise en
          service. Un e-mail de confirmation vous a été envoyé.
        </p>
      </Alert>
      {order.virement ? (
        <section aria-labelledby="virement-titre" className="card space-y-3">
          <h2 id="virement-titre" className="text-xl font-bold text-primary-strong">
            Réglez votre commande par virement
          </h2>
          {order.acompteCentimes > 0 ? <p>Pour cette commande, un acompte est demandé avant l’expédition.</p> : null}
          <dl className="grid gap-x-6 gap-y-2 sm:grid-cols-[auto_1fr]">
            <dt className="font-semibold">Montant à virer</dt>
            <dd>{formatCents(order.virement.montantCentimes)} TTC</dd>
            <dt className="font-semibold">Bénéficiaire</dt>
            <dd>{order.virement.titulaire}</dd>
            <dt className="font-semibold">IBAN</dt>
            <dd className="break-all font-mono">{order.virement.iban}</dd>
            <dt className="font-semibold">BIC</dt>
            <dd className="font-mono">{order.virement.bic}</dd>
            <dt className="font-semibold">Référence à indiquer</dt>
            <dd className="font-mono">{order.virement.reference}</dd>
          </dl>
          <p className="text-sm text-muted">La commande est expédiée à réception du virement.</p>
        </section>
      ) : null}
      <ul className="flex flex-wrap gap-x-6 gap-y-2">
        <li>
          <Link to={`${PATHS.accountOrders}/${encodeURIComponent(order.numero)}`} className="link">
            Suivre la commande {order.numero}
          </Link>
        </li>
        <li>
          <Link to={PATHS.mobileLines} className="link">
            Voir mes lignes mobiles
          </Link>
        </li>
        <li>
          <Link to={addLinePath('options')} className="link">
            Ajouter d’autres lignes
          </Link>
        </li>
      </ul>
    </div>
  );
}

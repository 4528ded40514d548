import type { SubmittedOrder } from '@ecare/shared/add-line';
import { ORDER_PAYMENT_MODE, ORDER_STATUS } from '@ecare/shared/shop';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import { Alert } from '../../../components/ui/alert.tsx';
import { ApiErrorAlert } from '../../../components/ui/api-error-alert.tsx';
import { HeldOrderAlert } from '../../../components/ui/held-order-alert.tsx';
import { ReadFailed, WaitingText } from '../../../components/ui/query-states.tsx';
import { orderPaymentLink } from '../../../lib/order-payment.ts';
import { PATHS } from '../../../lib/routes.ts';
import { orderValidationQueryOptions } from '../api/get-order-validation.ts';
import { usePayByTransfer } from '../api/pay-by-transfer.ts';
import { formatCents } from '../utils/add-line-format.ts';
import { addLinePath } from '../utils/add-line-steps.ts';

interface OrderConfirmationProps {
  order: SubmittedOrder;
  /** The order paid by transfer instead of by card: its new answer (instructions, lines). */
  onChanged: (order: SubmittedOrder) => void;
}

function NextLinks({ numero }: { numero: string }) {
  return (
    <ul className="flex flex-wrap gap-x-6 gap-y-2">
      <li>
        <Link to={`${PATHS.accountOrders}/${encodeURIComponent(numero)}`} className="link">
          Suivre la commande {numero}
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
  );
}

/** A transfer order: its lines are in the fleet; how to pay it. */
function TransferConfirmation({ order }: { order: SubmittedOrder }) {
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
      <NextLinks numero={order.numero} />
    </div>
  );
}

/**
 * A card order: where it stands is read from the server (`/api/commande/validee`), which alone
 * validates it on the provider's signed notification. Not paid yet (waiting, refused): pay by card
 * again, or by transfer.
 */
function CardConfirmation({ order, onChanged }: OrderConfirmationProps) {
  const state = useQuery(orderValidationQueryOptions(order.numero));
  const toTransfer = usePayByTransfer();
  const [leaving, setLeaving] = useState(false);
  const [error, setError] = useState<unknown>(null);

  if (state.isError) return <ReadFailed error={state.error} onRetry={() => void state.refetch()} pending={state.isFetching} />;
  if (!state.data) return <WaitingText>Lecture de l’état de votre commande…</WaitingText>;
  const current = state.data;

  if (current.validee) {
    return (
      <div className="space-y-6">
        <Alert tone="success" title={`Votre commande ${order.numero} est confirmée`}>
          <p>
            {current.modePaiement === ORDER_PAYMENT_MODE.CarteBleue ? 'Votre paiement par carte a été accepté. ' : 'Cette commande est réglée par virement. '}
            Vos nouvelles lignes apparaissent dans votre parc, en cours de mise en service. Un e-mail de confirmation vous a été envoyé.
          </p>
        </Alert>
        <NextLinks numero={order.numero} />
      </div>
    );
  }

  const payByCard = async () => {
    setError(null);
    setLeaving(true);
    try {
      const link = await orderPaymentLink(order.numero);
      window.location.assign(link.url);
    } catch (failure) {
      setLeaving(false);
      setError(failure);
      void state.refetch();
    }
  };
  const payByTransfer = () => {
    setError(null);
    toTransfer.mutate(order.numero, { onSuccess: onChanged, onError: setError });
  };
  const busy = leaving || toTransfer.isPending;

  return (
    <div className="space-y-6">
      <Alert tone={current.paiementRefuse ? 'error' : 'info'} title={current.paiementRefuse ? 'Paiement refusé' : `Votre commande ${order.numero} attend son paiement`}>
        <p>
          {current.paiementRefuse
            ? `Le paiement par carte de la commande ${order.numero} n’a pas abouti : aucune somme n’a été débitée. Vous pouvez payer à nouveau par carte, ou par virement.`
            : `La commande ${order.numero} est enregistrée ; elle sera validée dès que notre prestataire de paiement aura confirmé votre paiement par carte.`}
        </p>
        <p className="mt-2">Montant à payer : {formatCents(current.aPayerCentimes)} TTC.</p>
      </Alert>
      <div className="flex flex-wrap gap-3">
        {current.payableParCarte ? (
          <button type="button" className="btn-primary" disabled={busy} onClick={() => void payByCard()}>
            Payer par carte
          </button>
        ) : null}
        <button type="button" className="btn-secondary" disabled={busy} onClick={payByTransfer}>
          Payer par virement
        </button>
      </div>
      <div role="status" aria-live="polite">
        {leaving ? 'Ouverture de la page de paiement sécurisée…' : toTransfer.isPending ? 'Changement du mode de paiement…' : ''}
      </div>
      {error ? <ApiErrorAlert error={error} /> : null}
      <NextLinks numero={order.numero} />
    </div>
  );
}

/** An order above the company's threshold: nothing is paid or sent before another manager approves it (decision 051). */
function HeldConfirmation({ order }: { order: SubmittedOrder }) {
  return (
    <div className="space-y-6">
      <HeldOrderAlert numero={order.numero} />
      <NextLinks numero={order.numero} />
    </div>
  );
}

/** TermineeConfirmation: the order number, how it is paid, and where to follow it. */
export function OrderConfirmation({ order, onChanged }: OrderConfirmationProps) {
  if (order.statut === ORDER_STATUS.EnAttenteValidation) return <HeldConfirmation order={order} />;
  return order.modePaiement === ORDER_PAYMENT_MODE.CarteBleue ? <CardConfirmation order={order} onChanged={onChanged} /> : <TransferConfirmation order={order} />;
}

import type { OrderDetail } from '@ecare/shared/orders';
import { FLOW_STEP, ORDER_PAYMENT_MODE, ORDER_STATUS } from '@ecare/shared/shop';
import { useState, type ReactNode } from 'react';
import { ApiErrorAlert } from '../../../components/ui/api-error-alert.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { orderPaymentLink } from '../../../lib/order-payment.ts';
import { formatEuros, formatMoment, formatSigned } from '../utils/order-format.ts';
import { OrderLines } from './order-lines.tsx';
import { OrderPieces } from './order-pieces.tsx';

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="flex flex-wrap justify-between gap-2 py-1">
      <dt className="text-muted">{label}</dt>
      <dd className="font-semibold">{children}</dd>
    </div>
  );
}

/** A card order not paid yet: its card payment started and not accepted, or refused (decisions 038, 039). */
const awaitsCardPayment = (order: OrderDetail) =>
  order.modePaiement === ORDER_PAYMENT_MODE.CarteBleue &&
  ((order.statut === ORDER_STATUS.Validee && order.etape === FLOW_STEP.PaiementEnCours) || order.statut === ORDER_STATUS.CbOfficeServerRefusee);

/** Pays a card order on the payment provider's page; what is due is the server's, read from the order. */
function PayByCard({ numero }: { numero: string }) {
  const [state, setState] = useState<{ kind: 'idle' } | { kind: 'going' } | { kind: 'failed'; error: unknown }>({ kind: 'idle' });
  return (
    <div className="space-y-3">
      <p>Cette commande attend son paiement par carte.</p>
      <button
        type="button"
        className="btn-primary"
        disabled={state.kind === 'going'}
        onClick={() => {
          setState({ kind: 'going' });
          orderPaymentLink(numero).then(
            (link) => window.location.assign(link.url),
            (error: unknown) => setState({ kind: 'failed', error }),
          );
        }}
      >
        {state.kind === 'going' ? <Spinner /> : null}
        Payer la commande par carte
      </button>
      {state.kind === 'failed' ? <ApiErrorAlert error={state.error} /> : null}
    </div>
  );
}

/** An order: what it is, where it goes, how it is paid, its totals, its timeline, its subscription and pieces. */
export function OrderDetailPanel({ idClientBscs, order }: { idClientBscs: number; order: OrderDetail }) {
  const { totaux } = order;
  return (
    <div className="space-y-6">
      <section aria-labelledby="commande-resume" className="card space-y-2">
        <h2 id="commande-resume" className="text-xl font-bold text-primary-strong">
          Résumé
        </h2>
        <dl>
          <Row label="Date">{formatMoment(order.date)}</Row>
          <Row label="Type">{order.typeLibelle}</Row>
          <Row label="Statut">{order.statutLibelle}</Row>
          <Row label="Étape">{order.etapeLibelle}</Row>
          {order.souscription ? <Row label="Souscription">{order.souscription.statutLibelle}</Row> : null}
        </dl>
      </section>

      <section aria-labelledby="commande-lignes" className="card space-y-3">
        <h2 id="commande-lignes" className="text-xl font-bold text-primary-strong">
          Contenu de la commande
        </h2>
        <OrderLines lignes={order.lignes} />
      </section>

      {order.adresses.length > 0 || order.pointDeVente ? (
        <section aria-labelledby="commande-adresses" className="card space-y-3">
          <h2 id="commande-adresses" className="text-xl font-bold text-primary-strong">
            Livraison
          </h2>
          {order.adresses.map((address) => (
            <div key={address.type}>
              <h3 className="font-semibold">{address.typeLibelle}</h3>
              <address className="not-italic">
                {address.destinataire}
                <br />
                {[address.numero, address.voie].filter(Boolean).join(' ')}
                {address.complement ? (
                  <>
                    <br />
                    {address.complement}
                  </>
                ) : null}
                <br />
                {address.codePostal} {address.ville}
              </address>
            </div>
          ))}
          {order.pointDeVente ? <p>Retrait en point de vente&nbsp;: {order.pointDeVente}</p> : null}
        </section>
      ) : null}

      <section aria-labelledby="commande-paiement" className="card space-y-2">
        <h2 id="commande-paiement" className="text-xl font-bold text-primary-strong">
          Paiement et totaux
        </h2>
        <dl>
          <Row label="Mode de paiement">{order.modePaiementLibelle ?? 'Non choisi'}</Row>
          {order.referenceVirement ? <Row label="Référence du virement">{order.referenceVirement}</Row> : null}
          {totaux.commande.remisesHt > 0 ? (
            <>
              <Row label="À la commande, avant promotions">{formatEuros(totaux.commande.avantPromotionsHt)} HT</Row>
              <Row label="Promotions à la commande">{formatSigned(-totaux.commande.remisesHt)} HT</Row>
            </>
          ) : null}
          <Row label="Total HT">{formatEuros(order.totalHt)}</Row>
          <Row label="TVA">{formatEuros(order.tva)}</Row>
          <Row label="Total TTC">{formatEuros(order.totalTtc)}</Row>
          {order.acompteTtc > 0 ? <Row label="Acompte">{formatEuros(order.acompteTtc)}</Row> : null}
          {totaux.mensuel.remisesHt > 0 ? (
            <>
              <Row label="Par mois, avant promotions">{formatEuros(totaux.mensuel.avantPromotionsHt)} HT</Row>
              <Row label="Promotions du premier mois">{formatSigned(-totaux.mensuel.remisesHt)} HT</Row>
            </>
          ) : null}
          <Row label="Mensualités HT">{formatEuros(totaux.mensuel.ht)} par mois</Row>
          <Row label="Mensualités TTC">{formatEuros(order.totalMensuelTtc)} par mois</Row>
          {totaux.mensuelFinPromotions.ht !== totaux.mensuel.ht ? (
            <Row label="Par mois, une fois les promotions terminées">
              {formatEuros(totaux.mensuelFinPromotions.ht)} HT, {formatEuros(totaux.mensuelFinPromotions.ttc)} TTC
            </Row>
          ) : null}
        </dl>
        {awaitsCardPayment(order) ? <PayByCard numero={order.numero} /> : null}
      </section>

      <section aria-labelledby="commande-historique" className="card space-y-3">
        <h2 id="commande-historique" className="text-xl font-bold text-primary-strong">
          Suivi de la commande
        </h2>
        <ol className="space-y-3 border-l-2 border-line-soft pl-4">
          {order.historique.map((event, index) => (
            <li key={index}>
              <p className="font-semibold">{event.libelle}</p>
              <p className="text-sm text-muted">
                <time dateTime={event.at}>{formatMoment(event.at)}</time> — {event.statutLibelle}
              </p>
            </li>
          ))}
        </ol>
      </section>

      <OrderPieces idClientBscs={idClientBscs} order={order} />
    </div>
  );
}

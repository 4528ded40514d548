import type { NewPhoneOrder } from '@ecare/shared/new-phone';
import { ORDER_STATUS } from '@ecare/shared/shop';
import { useEffect, useRef } from 'react';
import { Link } from 'react-router';
import { Alert } from '../../../components/ui/alert.tsx';
import { HeldOrderAlert } from '../../../components/ui/held-order-alert.tsx';
import { PATHS } from '../../../lib/routes.ts';
import { formatCents } from '../utils/new-phone-format.ts';

/**
 * The order made (by transfer): its number, what to pay and how, and what happens to the phone
 * once paid: sent to the address, or to be collected at the shop chosen (`collectAt`). Above the
 * company's threshold (by card or transfer), the order waits for another manager (decision 051).
 */
export function Confirmation({ order, collectAt, linePath }: { order: NewPhoneOrder; collectAt: string | null; linePath: string }) {
  const heading = useRef<HTMLDivElement>(null);
  useEffect(() => heading.current?.focus(), []);
  return (
    <div ref={heading} tabIndex={-1} className="space-y-4">
      {order.statut === ORDER_STATUS.EnAttenteValidation ? (
        <HeldOrderAlert numero={order.numero} />
      ) : (
        <Alert tone="success" title={`Votre commande ${order.numero} est enregistrée`}>
          <p>
            Nouveau téléphone {order.mobile.libelle} ({order.mobile.couleur}) : {formatCents(order.total.ttcCentimes)} TTC.
          </p>
          {order.virement ? (
            <p>
              Pour la régler, faites un virement de {formatCents(order.virement.montantCentimes)} à {order.virement.titulaire}, IBAN {order.virement.iban}, BIC{' '}
              {order.virement.bic}, avec la référence <strong>{order.virement.reference}</strong>. Ces informations vous ont aussi été envoyées par e-mail.{' '}
              {collectAt
                ? `Dès réception du virement, votre téléphone sera à retirer en boutique\u00a0: ${collectAt}.`
                : 'Le téléphone vous sera envoyé dès réception du virement.'}
            </p>
          ) : null}
        </Alert>
      )}
      <p className="flex flex-wrap gap-4">
        <Link to={`${PATHS.accountOrders}/${order.numero}`} className="link">
          Suivre ma commande
        </Link>
        <Link to={linePath} className="link">
          Retour à la ligne
        </Link>
      </p>
    </div>
  );
}

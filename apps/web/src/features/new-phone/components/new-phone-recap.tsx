import { phoneName } from '@ecare/shared/catalogue';
import type { NewPhoneEligibility, NewPhoneOffer, NewPhoneOrder, NewPhoneOrderRequest } from '@ecare/shared/new-phone';
import { formatPhone } from '@ecare/shared/phone';
import { ORDER_STATUS } from '@ecare/shared/shop';
import { useEffect, useRef, useState } from 'react';
import { Alert } from '../../../components/ui/alert.tsx';
import { ApiErrorAlert } from '../../../components/ui/api-error-alert.tsx';
import { CheckAnswers } from '../../../components/ui/check-answers.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { isApiError } from '../../../lib/api-error.ts';
import { orderPaymentLink } from '../../../lib/order-payment.ts';
import { useOrderNewPhone } from '../api/order-new-phone.ts';
import { useNewPhoneCatalogue } from '../utils/catalogue-kit.ts';
import { formatCents, newIdempotencyKey } from '../utils/new-phone-format.ts';

export const PAYMENT_LABELS = { '3': 'Carte bancaire', '6': 'Virement bancaire' } as const;

/** The order as checked on the recap: the request, the phone, where it goes said in words, and the shop to collect it from. */
export interface Draft {
  request: NewPhoneOrderRequest;
  phone: NewPhoneOffer;
  delivery: string;
  collectAt: string | null;
}

interface RecapProps {
  draft: Draft;
  idContrat: number;
  eligibility: NewPhoneEligibility;
  onBack: () => void;
  onOrdered: (order: NewPhoneOrder, collectAt: string | null) => void;
}

export function Recap({ draft, idContrat, eligibility, onBack, onOrdered }: RecapProps) {
  const { PriceDisplay } = useNewPhoneCatalogue();
  const order = useOrderNewPhone(idContrat);
  const attempt = useRef(newIdempotencyKey());
  const heading = useRef<HTMLHeadingElement>(null);
  const [paying, setPaying] = useState<{ numero: string; error: unknown } | null>(null);
  const [redirecting, setRedirecting] = useState(false);
  const { request, phone } = draft;

  useEffect(() => heading.current?.focus(), []);

  async function pay(numero: string) {
    setRedirecting(true);
    try {
      const link = await orderPaymentLink(numero);
      window.location.assign(link.url);
    } catch (error) {
      setRedirecting(false);
      setPaying({ numero, error });
    }
  }

  function confirm() {
    order.mutate(
      { request, idempotencyKey: attempt.current },
      {
        onSuccess: (made) => {
          // Held for another manager's approval (decision 051): nothing to pay yet, whatever the mode.
          if (made.modePaiement === 3 && made.statut !== ORDER_STATUS.EnAttenteValidation) void pay(made.numero);
          else onOrdered(made, draft.collectAt);
        },
        // A definitive answer: the next try is a new attempt (a network failure keeps the key).
        onError: (error) => {
          if (isApiError(error) && error.status > 0) attempt.current = newIdempotencyKey();
        },
      },
    );
  }

  const busy = order.isPending || redirecting;
  return (
    <div className="space-y-6">
      <h2 ref={heading} tabIndex={-1} className="text-xl font-bold text-primary-strong">
        Vérifiez votre commande
      </h2>
      <CheckAnswers
        title="Votre nouveau téléphone"
        headingLevel={3}
        rows={[
          { label: 'Ligne', value: formatPhone(eligibility.ligne.numeroLigne) },
          { label: 'Téléphone', value: phoneName(phone) },
          { label: 'Couleur', value: request.Couleur },
          { label: 'Prix', value: eligibility.tarif === 'RENOUVELLEMENT' ? 'Prix de renouvellement' : 'Prix du téléphone seul' },
          { label: 'Livraison', value: draft.delivery },
          { label: 'Paiement', value: PAYMENT_LABELS[String(request.ModePaiement) as '3' | '6'] },
          { label: 'Total HT', value: formatCents(phone.prix.htCentimes) },
          { label: 'TVA (20 %)', value: formatCents(phone.prix.tvaCentimes) },
          { label: 'Total TTC', value: formatCents(phone.prix.ttcCentimes) },
        ]}
      />
      <PriceDisplay amounts={phone.prix} label="À payer" emphasis />
      {order.error ? <ApiErrorAlert error={order.error} /> : null}
      {paying ? (
        <Alert tone="error" title={`Votre commande ${paying.numero} est enregistrée, mais le paiement n’a pas pu démarrer`}>
          <ApiErrorAlert error={paying.error} />
          <button type="button" className="btn-primary mt-3" disabled={busy} onClick={() => void pay(paying.numero)}>
            Payer par carte
          </button>
        </Alert>
      ) : (
        <div className="flex flex-wrap gap-3">
          <button type="button" className="btn-primary" disabled={busy} onClick={confirm}>
            {busy ? <Spinner small /> : null}
            {request.ModePaiement === 3 ? 'Confirmer et payer par carte' : 'Confirmer la commande'}
          </button>
          <button type="button" className="btn-secondary" disabled={busy} onClick={onBack}>
            Modifier ma commande
          </button>
        </div>
      )}
    </div>
  );
}

import { WEBHOOK_DELIVERY_STATUS_LABELS, WEBHOOK_EVENT_LABELS, type Webhook, type WebhookDelivery, type WebhookDeliveryStatus } from '@ecare/shared/webhooks';
import { WEBHOOKS_ERRORS } from '@ecare/shared/webhooks-errors';
import { RefreshCw, Send } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { Alert } from '../../../components/ui/alert.tsx';
import { ApiErrorAlert } from '../../../components/ui/api-error-alert.tsx';
import { ReadFailed, WaitingText } from '../../../components/ui/query-states.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { DataTable, type DataColumn } from '../../../components/ui/table/data-table.tsx';
import { EmptyState } from '../../../components/ui/table/empty-state.tsx';
import { useWebhookDeliveries } from '../api/get-webhook-deliveries.ts';
import { useResendWebhookDelivery } from '../api/resend-webhook-delivery.ts';
import { attemptsInOrder, attemptText, lastAttempt, momentText, preciseText } from '../utils/webhook-format.ts';
import { WEBHOOK_DELIVERY_TEXTS } from '../utils/webhooks-texts.ts';

const badge = 'inline-block rounded-full px-3 py-0.5 text-sm font-semibold whitespace-nowrap';
const STATUS_TONES: Record<WebhookDeliveryStatus, string> = {
  EN_ATTENTE: 'bg-canvas text-ink',
  LIVREE: 'bg-success-soft text-success',
  ECHEC: 'bg-warning-soft text-warning',
  ABANDONNEE: 'bg-danger-soft text-danger',
};

/** The last attempt's answer, with every attempt folded under it (a native disclosure). */
function AttemptsCell({ delivery }: { delivery: WebhookDelivery }) {
  const last = lastAttempt(delivery);
  if (!last) return <>{WEBHOOK_DELIVERY_TEXTS.noAttempt}</>;
  return (
    <div className="space-y-1">
      <p className="whitespace-nowrap">{attemptText(last)}</p>
      <details>
        <summary className="inline-flex min-h-11 cursor-pointer items-center rounded-md">{WEBHOOK_DELIVERY_TEXTS.attempts(delivery.essais.length)}</summary>
        <ol className="mt-1 space-y-2 text-sm">
          {attemptsInOrder(delivery).map((attempt, index) => (
            <li key={`${attempt.le}-${index}`}>
              <time dateTime={attempt.le}>{preciseText(attempt.le)}</time>&nbsp;: {attemptText(attempt)}
              {attempt.erreur ? <span className="block break-words text-muted">{attempt.erreur}</span> : null}
            </li>
          ))}
        </ol>
      </details>
    </div>
  );
}

interface WebhookDeliveriesProps {
  idClientBscs: number;
  webhook: Webhook;
  onClose: () => void;
}

/**
 * A webhook's delivery log: each event sent, its status, attempts and next try, the attempts
 * unfolded on demand, and « Renvoyer » to send one again (the log is then read again).
 */
export function WebhookDeliveries({ idClientBscs, webhook, onClose }: WebhookDeliveriesProps) {
  const headingId = useId();
  const headingRef = useRef<HTMLHeadingElement>(null);
  const deliveries = useWebhookDeliveries(idClientBscs, webhook.idWebhook);
  const resend = useResendWebhookDelivery(idClientBscs, webhook.idWebhook);
  const [resent, setResent] = useState(false);

  // Opened from the list above: the reader is taken to it.
  useEffect(() => headingRef.current?.focus(), []);

  const resendDelivery = async (delivery: WebhookDelivery) => {
    if (resend.isPending) return;
    setResent(false);
    try {
      await resend.mutateAsync(delivery.idLivraison);
      setResent(true);
    } catch {
      // Said above the log (resend.error).
    }
  };

  // A disabled webhook is sent nothing, a resend included (WEBHOOK_INACTIVE): it is turned back on first.
  const canResend = webhook.actif;
  const columns: DataColumn<WebhookDelivery>[] = [
    {
      id: 'evenement',
      header: 'Événement',
      rowHeader: true,
      cell: (delivery) => (
        <>
          {WEBHOOK_EVENT_LABELS[delivery.type]}
          <code className="block text-sm font-normal text-muted">{delivery.type}</code>
        </>
      ),
    },
    { id: 'creee', header: 'Créée le', className: 'whitespace-nowrap', cell: (delivery) => momentText(delivery.creeLe) },
    { id: 'statut', header: 'Statut', cell: (delivery) => <span className={`${badge} ${STATUS_TONES[delivery.statut]}`}>{WEBHOOK_DELIVERY_STATUS_LABELS[delivery.statut]}</span> },
    { id: 'tentatives', header: 'Essais', className: 'text-right', cell: (delivery) => delivery.tentatives.toLocaleString('fr-FR') },
    { id: 'dernier', header: 'Dernier essai', cell: (delivery) => <AttemptsCell delivery={delivery} /> },
    {
      id: 'prochain',
      header: 'Prochain essai',
      className: 'whitespace-nowrap',
      cell: (delivery) => (delivery.prochaineTentative ? momentText(delivery.prochaineTentative) : WEBHOOK_DELIVERY_TEXTS.noNextTry),
    },
  ];
  if (canResend) {
    columns.push({
      id: 'actions',
      header: <span className="sr-only">Actions</span>,
      label: 'Actions',
      card: 'actions',
      cell: (delivery) => (
        <div className="relative">
          <button type="button" className="btn-secondary whitespace-nowrap" disabled={resend.isPending} onClick={() => void resendDelivery(delivery)}>
            <Send aria-hidden="true" className="size-4" />
            {WEBHOOK_DELIVERY_TEXTS.resend}
            <span className="sr-only">
              {' '}
              l’événement «&nbsp;{WEBHOOK_EVENT_LABELS[delivery.type]}&nbsp;» du {momentText(delivery.creeLe)}
            </span>
          </button>
        </div>
      ),
    });
  }

  const title = WEBHOOK_DELIVERY_TEXTS.title(webhook.url);
  return (
    <section aria-labelledby={headingId} className="space-y-4 border-t border-line-soft pt-4">
      <h3 id={headingId} ref={headingRef} tabIndex={-1} className="text-lg font-bold break-all outline-none">
        {title}
      </h3>
      <div className="flex flex-wrap gap-3">
        <button type="button" className="btn-secondary" disabled={deliveries.isFetching} onClick={() => void deliveries.refetch()}>
          {deliveries.isFetching ? <Spinner small /> : <RefreshCw aria-hidden="true" className="size-4" />}
          {WEBHOOK_DELIVERY_TEXTS.refresh}
        </button>
        <button type="button" className="btn-secondary" onClick={onClose}>
          {WEBHOOK_DELIVERY_TEXTS.close}
        </button>
      </div>
      <div role="status">
        {resent ? (
          <Alert tone="success" live={false}>
            {WEBHOOK_DELIVERY_TEXTS.resent}
          </Alert>
        ) : null}
      </div>
      {resend.error ? <ApiErrorAlert error={resend.error} /> : null}
      {canResend ? null : <p>{WEBHOOKS_ERRORS.WEBHOOK_INACTIVE.message}</p>}
      {deliveries.data ? (
        <DataTable
          caption={title}
          columns={columns}
          rows={deliveries.data.livraisons}
          rowKey={(delivery) => delivery.idLivraison}
          empty={<EmptyState title={WEBHOOK_DELIVERY_TEXTS.emptyTitle}>{WEBHOOK_DELIVERY_TEXTS.emptyHint}</EmptyState>}
        />
      ) : deliveries.error ? (
        <ReadFailed error={deliveries.error} onRetry={() => void deliveries.refetch()} pending={deliveries.isFetching} />
      ) : (
        <WaitingText>{WEBHOOK_DELIVERY_TEXTS.loading}</WaitingText>
      )}
    </section>
  );
}

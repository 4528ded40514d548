import type { PaymentTransaction } from '@ecare/shared/payment';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, type ReactNode } from 'react';
import { Link } from 'react-router';
import { Alert } from '../../../components/ui/alert.tsx';
import { ReadFailed } from '../../../components/ui/query-states.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { PATHS } from '../../../lib/routes.ts';
import { PAYMENT_POLL_MAX_READS, paymentTransactionQueryOptions, usePaymentTransaction } from '../api/get-payment-transaction.ts';
import { paymentSettled } from '../api/payment-cache.ts';
import { formatEuros } from '../utils/payment-format.ts';

interface PaymentReturnPanelProps {
  transactionReference: string;
  /** A way to start the payment again (refused, cancelled). */
  retryLink: ReactNode;
  /** Where to see the invoices once paid. */
  invoicesLink: ReactNode;
}

const invoicesText = (numbers: readonly string[]) =>
  numbers.length === 1 ? `la facture ${numbers[0] ?? ''}` : `les factures ${numbers.join(', ')}`;

/** What a final answer says, and what to do next. */
function Outcome({ transaction, retryLink, invoicesLink }: { transaction: PaymentTransaction } & Omit<PaymentReturnPanelProps, 'transactionReference'>) {
  const amount = formatEuros(transaction.montant);
  switch (transaction.statut) {
    case 'ACCEPTEE':
      // An order's payment (decisions 038, 039): the order is confirmed.
      if (transaction.numeroCommande !== undefined) {
        return (
          <Alert tone="success" title={`Votre commande ${transaction.numeroCommande} est confirmée`} live={false}>
            <p>Votre paiement de {amount} a été accepté. Un e-mail de confirmation vous a été envoyé.</p>
            <p className="mt-3">
              <Link to={`${PATHS.accountOrders}/${transaction.numeroCommande}`} className="link">
                Suivre la commande {transaction.numeroCommande}
              </Link>
            </p>
          </Alert>
        );
      }
      return (
        <Alert tone="success" title="Paiement accepté" live={false}>
          <p>
            Votre paiement de {amount} a été accepté : {invoicesText(transaction.referenceNumbers)}{' '}
            {transaction.referenceNumbers.length === 1 ? 'est réglée' : 'sont réglées'}. Un reçu vous a été envoyé par e-mail.
          </p>
          <p className="mt-3">{invoicesLink}</p>
        </Alert>
      );
    case 'REFUSEE':
    case 'ANNULEE': {
      const refused = transaction.statut === 'REFUSEE';
      const numero = transaction.numeroCommande;
      return (
        <Alert tone={refused ? 'error' : 'info'} title={refused ? 'Paiement refusé' : 'Paiement annulé'} live={false}>
          <p>
            {refused ? `Votre banque a refusé le paiement de ${amount}.` : `Le paiement de ${amount} a été annulé.`} Aucune somme n’a été débitée
            {numero === undefined ? ' et vos factures restent à payer.' : ` : votre commande ${numero} attend toujours son paiement.`}
          </p>
          <p className="mt-3">
            {/* An order's payment is tried again from the order's page (decisions 038, 039). */}
            {numero === undefined ? (
              retryLink
            ) : (
              <Link to={`${PATHS.accountOrders}/${numero}`} className="link">
                Payer la commande {numero}
              </Link>
            )}
          </p>
        </Alert>
      );
    }
    case 'EN_ATTENTE':
      return null;
  }
}

/**
 * The return from the payment provider's page: the transaction is read, then read again while
 * the bank has not answered (a bounded number of times), the answer said in a live region. Once
 * it is final, what is due and the invoice lists are read again.
 */
export function PaymentReturnPanel({ transactionReference, retryLink, invoicesLink }: PaymentReturnPanelProps) {
  const transaction = usePaymentTransaction(transactionReference);
  const client = useQueryClient();
  const statut = transaction.data?.statut;
  const settled = statut !== undefined && statut !== 'EN_ATTENTE';

  useEffect(() => {
    if (settled) void paymentSettled(client);
  }, [settled, client]);

  if (transaction.isError && !transaction.data) {
    return <ReadFailed error={transaction.error} onRetry={() => void transaction.refetch()} pending={transaction.isFetching} />;
  }
  // Read on every render, so that each answer (even an unchanged one) renders the page again.
  const { isFetching, dataUpdatedAt } = transaction;
  const reads = dataUpdatedAt > 0 ? (client.getQueryState(paymentTransactionQueryOptions(transactionReference).queryKey)?.dataUpdateCount ?? 0) : 0;
  const gaveUp = statut === 'EN_ATTENTE' && reads >= PAYMENT_POLL_MAX_READS && !isFetching;

  return (
    <div className="max-w-3xl space-y-4">
      {/* Always in the page, so that each change of its text is announced. */}
      <div role="status" aria-live="polite" className="space-y-4">
        {transaction.data === undefined || (statut === 'EN_ATTENTE' && !gaveUp) ? (
          <p className="flex items-center gap-3">
            <Spinner />
            <span>
              {transaction.data === undefined
                ? 'Lecture du résultat de votre paiement…'
                : 'Votre paiement est en cours de validation par votre banque. Cette page se met à jour automatiquement.'}
            </span>
          </p>
        ) : null}
        {gaveUp ? (
          <p>
            Nous n’avons pas encore reçu la réponse de votre banque. Vos factures seront réglées dès qu’elle aura accepté le paiement : vous
            recevrez alors un reçu par e-mail.
          </p>
        ) : null}
        {transaction.data && settled ? <Outcome transaction={transaction.data} retryLink={retryLink} invoicesLink={invoicesLink} /> : null}
      </div>
      {gaveUp ? (
        <button type="button" className="btn-secondary" onClick={() => void transaction.refetch()}>
          Actualiser
        </button>
      ) : null}
      {transaction.isError && transaction.data ? <ReadFailed error={transaction.error} onRetry={() => void transaction.refetch()} pending={transaction.isFetching} /> : null}
      <p className="text-sm text-muted">Référence du paiement : {transactionReference}</p>
    </div>
  );
}

import { paymentTransactionSchema, type PaymentTransaction } from '@ecare/shared/payment';
import { act, cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PAYMENT_POLL_INTERVAL_MS, PAYMENT_POLL_MAX_READS } from '../../../features/payment/api/get-payment-transaction.ts';
import { clearAllStorage, startSession } from '../../../lib/session-storage.ts';
import { createCurrentUser } from '../../../test/factories.ts';
import { jsonResponse, stubFetch } from '../../../test/fetch-stub.ts';
import { fillJsdomGaps } from '../../../test/jsdom-gaps.ts';
import { renderPage } from '../../../test/render.tsx';
import { PaymentReturnRoute } from './payment-return-route.tsx';

const REFERENCE = 'PAI-ABCDEFGHJK234567';
const PAGE = `/mon-compte/paiement/retour?transactionReference=${REFERENCE}`;

beforeEach(() => {
  fillJsdomGaps();
  startSession('jeton-de-test');
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
  clearAllStorage();
});

const transaction = (statut: PaymentTransaction['statut']): PaymentTransaction =>
  paymentTransactionSchema.parse({ statut, montant: 1234.56, referenceNumbers: ['F202601-31', 'F202602-31'] });

/** The API as the page reads it: the current user, then the transaction as `answers` gives it, read after read. */
function serve(answers: (read: number) => Response) {
  let reads = 0;
  return stubFetch((request) => {
    const path = new URL(request.url, 'http://localhost').pathname;
    if (path === '/api/current_user') return jsonResponse(createCurrentUser());
    if (path === `/api/paiement/transaction/${REFERENCE}`) return answers(++reads);
    return jsonResponse({ code: 'NOT_FOUND', exceptionMessage: request.url }, 404);
  });
}

/** As Testing Library reads text: every run of white space (the no-break ones of French amounts) as one space. */
const spaced = (text: string) => text.replace(/\s+/g, ' ');
const amount = spaced(new Intl.NumberFormat('fr-FR', { style: 'currency', currency: 'EUR' }).format(1234.56));

describe('PaymentReturnRoute', () => {
  it('says an accepted payment, with its amount and invoices, and has the invoice lists read again', async () => {
    serve(() => jsonResponse(transaction('ACCEPTEE')));
    const { queryClient } = renderPage(<PaymentReturnRoute />, { path: PAGE });
    queryClient.setQueryData(['invoices', 31, 'list'], { factures: [] });
    queryClient.setQueryData(['payment', 'due', 31], { factures: [], total: 0 });
    expect(await screen.findByRole('heading', { level: 1, name: 'Résultat de votre paiement' })).toBeTruthy();
    expect(await screen.findByText('Paiement accepté')).toBeTruthy();
    expect(screen.getByText(`Votre paiement de ${amount} a été accepté : les factures F202601-31, F202602-31 sont réglées. Un reçu vous a été envoyé par e-mail.`)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Voir mes factures' }).getAttribute('href')).toBe('/mon-compte/factures');
    // The answer sits in the live region that was there from the start.
    expect(screen.getByText('Paiement accepté').closest('[role="status"]')).toBeTruthy();
    await vi.waitFor(() => {
      expect(queryClient.getQueryState(['invoices', 31, 'list'])?.isInvalidated).toBe(true);
      expect(queryClient.getQueryState(['payment', 'due', 31])?.isInvalidated).toBe(true);
    });
  });

  it('says a refusal and offers to pay again', async () => {
    serve(() => jsonResponse(transaction('REFUSEE')));
    renderPage(<PaymentReturnRoute />, { path: PAGE });
    expect(await screen.findByText('Paiement refusé')).toBeTruthy();
    expect(screen.getByText(/Votre banque a refusé le paiement de/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Payer à nouveau' }).getAttribute('href')).toBe('/mon-compte/paiement');
  });

  it('says a cancellation and offers to pay again', async () => {
    serve(() => jsonResponse(transaction('ANNULEE')));
    renderPage(<PaymentReturnRoute />, { path: PAGE });
    expect(await screen.findByText('Paiement annulé')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Payer à nouveau' })).toBeTruthy();
  });

  it('waits for the bank, reading the payment again until it is settled', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const { requests } = serve((read) => jsonResponse(transaction(read < 3 ? 'EN_ATTENTE' : 'ACCEPTEE')));
    renderPage(<PaymentReturnRoute />, { path: PAGE });
    expect(await screen.findByText('Votre paiement est en cours de validation par votre banque. Cette page se met à jour automatiquement.')).toBeTruthy();
    await act(() => vi.advanceTimersByTimeAsync(2 * PAYMENT_POLL_INTERVAL_MS));
    expect(await screen.findByText('Paiement accepté')).toBeTruthy();
    expect(screen.queryByText(/en cours de validation/)).toBeNull();
    const reads = requests.filter((request) => request.url.includes('/api/paiement/transaction/')).length;
    expect(reads).toBe(3);
    // Settled: no more reads.
    await act(() => vi.advanceTimersByTimeAsync(5 * PAYMENT_POLL_INTERVAL_MS));
    expect(requests.filter((request) => request.url.includes('/api/paiement/transaction/')).length).toBe(reads);
  });

  it('stops reading after a while, says what happens next and lets the user look again', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const { requests } = serve(() => jsonResponse(transaction('EN_ATTENTE')));
    renderPage(<PaymentReturnRoute />, { path: PAGE });
    expect(await screen.findByText(/en cours de validation/)).toBeTruthy();
    for (let i = 0; i < PAYMENT_POLL_MAX_READS + 2; i++) await act(() => vi.advanceTimersByTimeAsync(PAYMENT_POLL_INTERVAL_MS));
    expect(await screen.findByText(/Nous n’avons pas encore reçu la réponse de votre banque/)).toBeTruthy();
    const reads = () => requests.filter((request) => request.url.includes('/api/paiement/transaction/')).length;
    expect(reads()).toBe(PAYMENT_POLL_MAX_READS);
    fireEvent.click(screen.getByRole('button', { name: 'Actualiser' }));
    await vi.waitFor(() => expect(reads()).toBe(PAYMENT_POLL_MAX_READS + 1));
  });

  it('says why a payment cannot be read, and a malformed reference without asking', async () => {
    serve(() => jsonResponse({ code: 'PAYMENT_TRANSACTION_FORBIDDEN', exceptionMessage: 'Désolé, vous n’êtes pas autorisé à consulter ce paiement.' }, 403));
    renderPage(<PaymentReturnRoute />, { path: PAGE });
    expect(await screen.findByText('Désolé, vous n’êtes pas autorisé à consulter ce paiement.')).toBeTruthy();
    cleanup();

    const { requests } = serve(() => jsonResponse(transaction('ACCEPTEE')));
    renderPage(<PaymentReturnRoute />, { path: '/mon-compte/paiement/retour?transactionReference=autre' });
    expect(await screen.findByText('Ce paiement est introuvable.')).toBeTruthy();
    expect(requests.some((request) => request.url.includes('/api/paiement/transaction/'))).toBe(false);
  });
});

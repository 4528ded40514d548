import { invoicesDueSchema, paymentLinkSchema, type DueInvoice } from '@ecare/shared/payment';
import { cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { deferred, renderPage } from '../../../test/render.tsx';
import { jsonResponse, stubFetch } from '../../../test/fetch-stub.ts';
import { fillJsdomGaps } from '../../../test/jsdom-gaps.ts';
import { InvoicesDuePanel } from './invoices-due-panel.tsx';

beforeEach(fillJsdomGaps);
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const ACCOUNT = 31;
const invoice = (overrides: Partial<DueInvoice>): DueInvoice => ({
  referenceNumber: 'F202601-31',
  dateFacture: '2026-01-05',
  dateEcheance: '2026-02-04',
  montantTTC: 1234.56,
  resteAPayer: 1234.56,
  statut: 'EN_RETARD',
  payableParCarte: true,
  paiementEnCours: false,
  ...overrides,
});
const DUE = invoicesDueSchema.parse({
  factures: [
    invoice({}),
    invoice({ referenceNumber: 'F202602-31', montantTTC: 100.1, resteAPayer: 0.2, statut: 'A_PAYER', paiementEnCours: true }),
    invoice({ referenceNumber: 'F202603-31', resteAPayer: 50, statut: 'PRELEVEMENT_A_VENIR', payableParCarte: false, dateEcheance: '2026-04-04' }),
  ],
  total: 1284.76,
});
/** As Testing Library reads text: every run of white space (the no-break ones of French amounts) as one space. */
const euros = (value: number) => new Intl.NumberFormat('fr-FR', { style: 'currency', currency: 'EUR' }).format(value).replace(/\s+/g, ' ');
const LINK = paymentLinkSchema.parse({ transactionReference: 'PAI-ABCDEFGHJK234567', url: 'https://paiement.example/sandbox-paiement/abc' });

function serve(link: () => Response | Promise<Response> = () => jsonResponse(LINK)) {
  return stubFetch((request) => (request.method === 'POST' ? link() : jsonResponse(DUE)));
}

function render(goTo = vi.fn()) {
  renderPage(<InvoicesDuePanel idClientBscs={ACCOUNT} goTo={goTo} invoicesLink={<a href="/mon-compte/factures">Voir mes factures</a>} />);
  return goTo;
}

describe('InvoicesDuePanel', () => {
  it('chooses every invoice payable by card at first, totals them to the cent, and lists the debited ones apart', async () => {
    serve();
    render();
    expect(await screen.findByRole('rowheader', { name: 'F202601-31' })).toBeTruthy();
    expect((screen.getByRole('checkbox', { name: 'Payer la facture F202601-31' }) as HTMLInputElement).checked).toBe(true);
    expect((screen.getByRole('checkbox', { name: 'Payer la facture F202602-31' }) as HTMLInputElement).checked).toBe(true);
    expect(screen.queryByRole('checkbox', { name: 'Payer la facture F202603-31' })).toBeNull();
    const total = () => screen.getByText(/^Total à payer pour/).parentElement?.textContent?.replace(/\s+/g, ' ');
    expect(total()).toBe(`Total à payer pour 2 factures :${euros(1234.76)}`);
    expect(screen.getByText('Paiement par carte en cours')).toBeTruthy();
    expect(screen.getByText(`Facture F202603-31 : ${euros(50)}, prélevée le 04/04/2026`)).toBeTruthy();

    fireEvent.click(screen.getByRole('checkbox', { name: 'Payer la facture F202601-31' }));
    expect(total()).toBe(`Total à payer pour 1 facture :${euros(0.2)}`);
    fireEvent.click(screen.getByRole('checkbox', { name: 'Payer la facture F202602-31' }));
    expect(total()).toBe(`Total à payer pour aucune facture :${euros(0)}`);
    expect((screen.getByRole('button', { name: 'Payer par carte' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('starts the payment of the chosen invoices once, however often the button is pressed, then leaves for the provider’s page', async () => {
    const answer = deferred<Response>();
    const { requests } = serve(() => answer.promise);
    const goTo = render();
    await screen.findByRole('rowheader', { name: 'F202601-31' });
    fireEvent.click(screen.getByRole('checkbox', { name: 'Payer la facture F202602-31' }));
    const button = screen.getByRole('button', { name: 'Payer par carte' }) as HTMLButtonElement;
    fireEvent.click(button);
    fireEvent.click(button);
    await vi.waitFor(() => expect(button.disabled).toBe(true));
    answer.resolve(jsonResponse(LINK));
    await vi.waitFor(() => expect(goTo).toHaveBeenCalledWith(LINK.url));
    const posts = requests.filter((request) => request.method === 'POST');
    expect(posts).toHaveLength(1);
    expect(posts[0]?.url).toBe('/api/paiement/lien');
    // The amount is not the browser's to say.
    expect(JSON.parse(posts[0]?.body ?? '{}')).toEqual({ idClientBscs: ACCOUNT, referenceNumbers: ['F202601-31'] });
    expect(button.disabled).toBe(true);
    expect(screen.getByText('Redirection vers la page de paiement sécurisée…')).toBeTruthy();
  });

  it('says why a payment could not start, and lets the user try again', async () => {
    let calls = 0;
    serve(() => (++calls === 1 ? jsonResponse({ code: 'PAYMENT_INVOICE_ALREADY_PAID', exceptionMessage: 'La facture F202601-31 est déjà réglée : retirez-la de votre sélection.' }, 409) : jsonResponse(LINK)));
    const goTo = render();
    await screen.findByRole('rowheader', { name: 'F202601-31' });
    fireEvent.click(screen.getByRole('button', { name: 'Payer par carte' }));
    expect(await screen.findByText('La facture F202601-31 est déjà réglée : retirez-la de votre sélection.')).toBeTruthy();
    expect(goTo).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole('button', { name: 'Payer par carte' }));
    await vi.waitFor(() => expect(goTo).toHaveBeenCalledWith(LINK.url));
  });

  it('says when nothing is to pay by card', async () => {
    stubFetch(() => jsonResponse(invoicesDueSchema.parse({ factures: [], total: 0 })));
    render();
    expect(await screen.findByText('Vous n’avez aucune facture à payer par carte.')).toBeTruthy();
    expect(screen.getByText('Toutes vos factures sont réglées.')).toBeTruthy();
  });
});

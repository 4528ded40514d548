import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, stubFetch } from '../../../test/fetch-stub.ts';
import { stubXhr } from '../../../test/xhr-stub.ts';
import { fillJsdomGaps } from '../../../test/jsdom-gaps.ts';
import { renderPage } from '../../../test/render.tsx';
import { BulkActionForm } from './bulk-action-form.tsx';

beforeEach(fillJsdomGaps);
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const ACCOUNT = 1001;
const LINES = [5001, 5002];
const OFFRES = [
  { value: '105', label: 'Forfait Pro 5 Go – 15,00 € HT par mois' },
  { value: '103', label: 'Forfait Pro 100 Go – 35,00 € HT par mois' },
];

const renderForm = () => renderPage(<BulkActionForm idClientBscs={ACCOUNT} lignes={LINES} jobPath={(id) => `/traitements/${id}`} centres={[]} offres={[]} />);

const chooseAction = (label: string) => {
  const select = screen.getByRole('combobox', { name: /^Action/ }) as HTMLSelectElement;
  const option = within(select).getByRole('option', { name: label }) as HTMLOptionElement;
  fireEvent.change(select, { target: { value: option.value } });
};

describe('BulkActionForm: barring roaming or international calls', () => {
  it('asks for the service and whether to bar or allow it, then simulates with those parameters', async () => {
    const { requests } = stubFetch(() =>
      jsonResponse({
        action: 'BARRAGE',
        total: 2,
        refuses: 0,
        lignes: LINES.map((idContrat, i) => ({ idContrat, numeroLigne: `060000000${i}`, resultat: 'OK', motif: null })),
      }),
    );
    renderForm();
    chooseAction('Bloquer ou autoriser l’itinérance ou l’international');
    const service = screen.getByRole('radiogroup', { name: /^Service/ });
    expect(within(service).getAllByRole('radio').map((radio) => (radio as HTMLInputElement).value)).toEqual(['ITINERANCE', 'INTERNATIONAL']);
    expect(within(service).getByText('Appels, SMS et internet depuis l’étranger.')).toBeTruthy();
    const choice = screen.getByRole('radiogroup', { name: /^Bloquer ou autoriser/ });

    // Nothing chosen yet: French messages under both fields, no call.
    fireEvent.click(screen.getByRole('button', { name: 'Simuler l’action' }));
    expect(await screen.findByText('Choisissez le service à bloquer ou à autoriser.')).toBeTruthy();
    expect(screen.getByText('Choisissez de bloquer ou d’autoriser le service.')).toBeTruthy();
    expect(requests).toHaveLength(0);

    fireEvent.click(within(service).getByRole('radio', { name: /Appels vers l’international/ }));
    fireEvent.click(within(choice).getByRole('radio', { name: 'Autoriser le service' }));
    fireEvent.click(screen.getByRole('button', { name: 'Simuler l’action' }));
    await waitFor(() => expect(requests).toHaveLength(1));
    expect(requests[0]?.url).toBe(`/api/clients/${ACCOUNT}/actions-groupees`);
    expect(JSON.parse(requests[0]?.body ?? '{}')).toEqual({
      action: 'BARRAGE',
      parametres: { service: 'INTERNATIONAL', bloque: false },
      lignes: LINES,
      simulation: true,
    });
    expect(await screen.findByRole('button', { name: 'Lancer l’action sur 2 lignes' })).toBeTruthy();
  });

  it('sends bloque true for « Bloquer le service »', async () => {
    const { requests } = stubFetch(() => jsonResponse({ action: 'BARRAGE', total: 2, refuses: 2, lignes: [] }));
    renderForm();
    chooseAction('Bloquer ou autoriser l’itinérance ou l’international');
    fireEvent.click(screen.getByRole('radio', { name: /Itinérance/ }));
    fireEvent.click(screen.getByRole('radio', { name: 'Bloquer le service' }));
    fireEvent.click(screen.getByRole('button', { name: 'Simuler l’action' }));
    await waitFor(() => expect(requests).toHaveLength(1));
    expect(JSON.parse(requests[0]?.body ?? '{}')).toMatchObject({ action: 'BARRAGE', parametres: { service: 'ITINERANCE', bloque: true } });
  });
});

describe('bulk action form: plan change', () => {
  it('asks for the target plan and the DR14 choice, sends them as the parameters, and shows each row’s date or reason', async () => {
    const { requests } = stubFetch(() =>
      jsonResponse({
        action: 'CHANGEMENT_OFFRE',
        total: 2,
        refuses: 1,
        lignes: [
          { idContrat: 11, numeroLigne: '0612345678', resultat: 'OK', motif: 'Forfait Pro 100 Go à partir du 01/12/2026' },
          { idContrat: 12, numeroLigne: '0612345679', resultat: 'REFUS', motif: 'Un changement de forfait est déjà programmé pour cette ligne.' },
        ],
      }),
    );
    renderPage(<BulkActionForm idClientBscs={ACCOUNT} lignes={[11, 12]} jobPath={(id) => `/traitements/${id}`} centres={[]} offres={OFFRES} />);

    fireEvent.change(screen.getByRole('combobox', { name: /Action/ }), { target: { value: 'CHANGEMENT_OFFRE' } });
    fireEvent.click(await screen.findByRole('button', { name: 'Simuler l’action' }));
    expect(await screen.findByText('Choisissez le nouveau forfait.')).toBeTruthy();
    expect(screen.getByText('Choisissez d’appliquer ou de renoncer au droit DR14.')).toBeTruthy();
    expect(requests).toHaveLength(0);

    const plan = screen.getByRole('combobox', { name: /Nouveau forfait/ });
    expect([...plan.querySelectorAll('option')].map((option) => option.textContent)).toEqual(expect.arrayContaining(OFFRES.map((offre) => offre.label)));
    fireEvent.change(plan, { target: { value: '103' } });
    fireEvent.click(screen.getByRole('radio', { name: /Appliquer le droit DR14/ }));
    fireEvent.click(screen.getByRole('button', { name: 'Simuler l’action' }));

    expect((await screen.findAllByText('Forfait Pro 100 Go à partir du 01/12/2026')).length).toBeGreaterThan(0);
    expect(screen.getAllByText('Un changement de forfait est déjà programmé pour cette ligne.').length).toBeGreaterThan(0);
    expect(JSON.parse(requests.at(-1)?.body ?? '{}')).toEqual({
      action: 'CHANGEMENT_OFFRE',
      parametres: { idOffreCible: 103, action: 'Application_de_DR14' },
      lignes: [11, 12],
      simulation: true,
    });
  });
});

describe('bulk action form: a CSV file of numbers', () => {
  const csv = () => new File(['numero\n06 12 34 56 78\n06 12 34 56 79\n'], 'lignes.csv', { type: 'text/csv' });
  const renderCsvForm = () => renderPage(<BulkActionForm idClientBscs={ACCOUNT} lignes={null} jobPath={(id) => `/traitements/${id}`} centres={[]} offres={[]} />);

  it('sends the file with its progress and shows each row of the dry run', async () => {
    const { uploads } = stubXhr(() => ({
      status: 200,
      body: { action: 'ANNUAIRE', total: 2, refuses: 0, lignes: [11, 12].map((idContrat, i) => ({ idContrat, numeroLigne: `061234567${8 + i}`, resultat: 'OK', motif: null })) },
      progress: [20, 40],
      total: 40,
    }));
    renderCsvForm();
    fireEvent.change(screen.getByRole('combobox', { name: /^Inscription/ }), { target: { value: 'PARUTION' } });
    fireEvent.change(screen.getByLabelText(/^Fichier CSV des numéros/), { target: { files: [csv()] } });
    fireEvent.click(screen.getByRole('button', { name: 'Simuler l’action' }));
    expect(await screen.findByText(/2 lignes seraient modifiées/)).toBeTruthy();
    expect(uploads).toHaveLength(1);
    expect(uploads[0]?.url).toBe(`/api/clients/${ACCOUNT}/actions-groupees`);
    expect(uploads[0]?.body?.get('simulation')).toBe('true');
    expect((uploads[0]?.body?.get('fichier') as File | null)?.name).toBe('lignes.csv');
  });

  it('shows the file on its way, and stopping it keeps the form with a French message', async () => {
    stubXhr(() => new Promise(() => undefined));
    renderCsvForm();
    fireEvent.change(screen.getByRole('combobox', { name: /^Inscription/ }), { target: { value: 'PARUTION' } });
    fireEvent.change(screen.getByLabelText(/^Fichier CSV des numéros/), { target: { files: [csv()] } });
    fireEvent.click(screen.getByRole('button', { name: 'Simuler l’action' }));
    expect(await screen.findByText(/^Envoi en cours/)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Arrêter l’envoi' }));
    expect(await screen.findByText(/^L’envoi du fichier a été arrêté\s: rien n’a été simulé\.$/)).toBeTruthy();
    expect(screen.queryByText(/^Envoi en cours/)).toBeNull();
    expect((screen.getByRole('combobox', { name: /^Inscription/ }) as HTMLSelectElement).value).toBe('PARUTION');
  });
});

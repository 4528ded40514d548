import { cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, stubFetch } from '../../../test/fetch-stub.ts';
import { fillJsdomGaps } from '../../../test/jsdom-gaps.ts';
import { renderPage } from '../../../test/render.tsx';
import { BulkActionForm } from './bulk-action-form.tsx';

beforeEach(fillJsdomGaps);
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const ACCOUNT = 1001;
const OFFRES = [
  { value: '105', label: 'Forfait Pro 5 Go – 15,00 € HT par mois' },
  { value: '103', label: 'Forfait Pro 100 Go – 35,00 € HT par mois' },
];

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

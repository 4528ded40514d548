import { apiErrorSchema, errorMessage } from '@ecare/shared/errors';
import type { LineDetail } from '@ecare/shared/lines';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createLineDetail, createLineUser } from '../../../test/factories.ts';
import { jsonResponse, stubFetch } from '../../../test/fetch-stub.ts';
import { fillJsdomGaps } from '../../../test/jsdom-gaps.ts';
import { renderPage } from '../../../test/render.tsx';
import { LineUserSection } from './line-user-section.tsx';

beforeEach(fillJsdomGaps);
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const ID = 5012;
const MANAGER: LineDetail['actions'] = ['PUK', 'RIO', 'ACTIVATION_SIM', 'PERTE_OU_VOL', 'UTILISATEUR', 'ANNUAIRE'];

const lineWith = (overrides: Partial<LineDetail> = {}) =>
  createLineDetail({
    idContrat: ID,
    utilisateur: { prenom: 'Julien', nom: 'Roux', email: 'julien.roux@boulangerie.example', inscriptionAnnuaire: 'LISTE_ROUGE' },
    actions: MANAGER,
    ...overrides,
  });

/** The text of the description next to a term. */
const valueOf = (term: string) => screen.getByText(term, { selector: 'dt' }).nextElementSibling?.textContent;
const field = (name: RegExp) => screen.getByRole('textbox', { name }) as HTMLInputElement;

describe('LineUserSection', () => {
  it('shows who uses the line, their e-mail address and the directory listing', () => {
    renderPage(<LineUserSection line={lineWith()} onSaved={vi.fn()} />);
    expect(screen.getByRole('heading', { level: 2, name: 'Utilisateur de la ligne' })).toBeTruthy();
    expect(valueOf('Prénom et nom')).toBe('Julien Roux');
    expect(valueOf('Adresse e-mail')).toBe('julien.roux@boulangerie.example');
    expect(valueOf('Inscription à l’annuaire')).toBe('Liste rouge (numéro non publié)');
  });

  it('says what is not known, and offers no change to whom the server allows none', () => {
    renderPage(<LineUserSection line={lineWith({ utilisateur: null, actions: ['PUK'] })} onSaved={vi.fn()} />);
    expect(valueOf('Prénom et nom')).toBe('Non renseigné');
    expect(valueOf('Adresse e-mail')).toBe('Non renseignée');
    expect(screen.queryByRole('button')).toBeNull();
  });

  it('lets the manager change the user in a dialog that explains the three directory choices', async () => {
    const saved = createLineUser({ idContrat: ID, prenom: 'Élodie', nom: 'D’Angelo', email: null, inscriptionAnnuaire: 'LISTE_ORANGE' });
    const { requests } = stubFetch(() => jsonResponse(saved));
    const onSaved = vi.fn();
    renderPage(<LineUserSection line={lineWith()} onSaved={onSaved} />);
    fireEvent.click(screen.getByRole('button', { name: 'Modifier l’utilisateur' }));
    const dialog = await screen.findByRole('dialog', { name: 'Modifier l’utilisateur de la ligne' });
    expect(field(/^Prénom/).value).toBe('Julien');
    expect(field(/^Nom/).value).toBe('Roux');
    const choices = within(dialog).getByRole('radiogroup', { name: /Inscription à l’annuaire/ });
    expect(within(choices).getAllByRole('radio').map((radio) => (radio as HTMLInputElement).value)).toEqual(['LISTE_ROUGE', 'LISTE_ORANGE', 'PARUTION']);
    expect(within(dialog).getByText(/ne peut pas être communiqué à des entreprises pour de la prospection commerciale/)).toBeTruthy();
    expect(within(dialog).getByText(/ne figure dans aucun annuaire/)).toBeTruthy();

    fireEvent.change(field(/^Prénom/), { target: { value: ' Élodie ' } });
    fireEvent.change(field(/^Nom/), { target: { value: 'D’Angelo' } });
    fireEvent.change(field(/^Adresse e-mail/), { target: { value: '' } });
    fireEvent.click(within(choices).getByRole('radio', { name: /Liste orange/ }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Enregistrer' }));

    await waitFor(() => expect(onSaved).toHaveBeenCalledWith(saved, 'utilisateur'));
    expect(requests.map((request) => [request.method, request.url])).toEqual([['POST', `/api/lignes/${ID}/utilisateur`]]);
    expect(JSON.parse(requests[0]?.body ?? '{}')).toEqual({ prenom: 'Élodie', nom: 'D’Angelo', email: '', inscriptionAnnuaire: 'LISTE_ORANGE' });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('says in French what is wrong, under the field, before any call', async () => {
    const { requests } = stubFetch(() => jsonResponse(createLineUser()));
    renderPage(<LineUserSection line={lineWith()} onSaved={vi.fn()} />);
    fireEvent.click(screen.getByRole('button', { name: 'Modifier l’utilisateur' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(field(/^Prénom/), { target: { value: '  ' } });
    fireEvent.change(field(/^Nom/), { target: { value: 'R2D2' } });
    fireEvent.change(field(/^Adresse e-mail/), { target: { value: 'julien.roux' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Enregistrer' }));

    expect(await within(dialog).findByText('Veuillez indiquer le prénom de l’utilisateur.')).toBeTruthy();
    expect(within(dialog).getByText(/^Le nom doit commencer par une lettre et ne contenir que des lettres/)).toBeTruthy();
    expect(within(dialog).getByText('L’adresse e-mail de l’utilisateur est invalide.')).toBeTruthy();
    expect(field(/^Prénom/).getAttribute('aria-invalid')).toBe('true');
    await waitFor(() => expect(document.activeElement).toBe(field(/^Prénom/)));
    expect(requests).toHaveLength(0);
  });

  it('shows a refusal of the server in the dialog, which stays open', async () => {
    stubFetch(() => jsonResponse(apiErrorSchema.parse({ code: 'LINE_TERMINATED', exceptionMessage: errorMessage('LINE_TERMINATED') }), 409));
    const onSaved = vi.fn();
    renderPage(<LineUserSection line={lineWith()} onSaved={onSaved} />);
    fireEvent.click(screen.getByRole('button', { name: 'Modifier l’utilisateur' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Enregistrer' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe(errorMessage('LINE_TERMINATED'));
    expect(onSaved).not.toHaveBeenCalled();
  });

  it('closes without saving on Annuler', async () => {
    const { requests } = stubFetch(() => jsonResponse(createLineUser()));
    renderPage(<LineUserSection line={lineWith()} onSaved={vi.fn()} />);
    fireEvent.click(screen.getByRole('button', { name: 'Modifier l’utilisateur' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Annuler' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(requests).toHaveLength(0);
  });

  it('lets a line user choose their own directory listing, and only that', async () => {
    const saved = createLineUser({ idContrat: ID, prenom: 'Julien', nom: 'Roux', inscriptionAnnuaire: 'PARUTION' });
    const { requests } = stubFetch(() => jsonResponse(saved));
    const onSaved = vi.fn();
    renderPage(<LineUserSection line={lineWith({ actions: ['PUK', 'RIO', 'PERTE_OU_VOL', 'ANNUAIRE'] })} onSaved={onSaved} />);
    expect(screen.queryByRole('button', { name: 'Modifier l’utilisateur' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Modifier l’inscription à l’annuaire' }));
    const dialog = await screen.findByRole('dialog', { name: 'Modifier l’inscription à l’annuaire' });
    expect(within(dialog).queryAllByRole('textbox')).toHaveLength(0);
    fireEvent.click(within(dialog).getByRole('radio', { name: /Parution dans l’annuaire/ }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Enregistrer' }));
    await waitFor(() => expect(onSaved).toHaveBeenCalledWith(saved, 'annuaire'));
    expect(requests.map((request) => [request.method, request.url, request.body])).toEqual([
      ['POST', `/api/lignes/${ID}/annuaire`, JSON.stringify({ inscriptionAnnuaire: 'PARUTION' })],
    ]);
  });
});

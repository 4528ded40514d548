import { accountUserPageSchema, accountUserSchema, freeLinesSchema, type AccountUser, type AccountUserPage } from '@ecare/shared/account-users';
import { apiErrorSchema, errorMessage } from '@ecare/shared/errors';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, stubFetch, type RecordedRequest } from '../../../test/fetch-stub.ts';
import { fillJsdomGaps } from '../../../test/jsdom-gaps.ts';
import { clickWhenEnabled, renderPage } from '../../../test/render.tsx';
import { AccountUsersPanel } from './account-users-panel.tsx';

beforeEach(fillJsdomGaps);
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const ACCOUNT = 31;

function person(overrides: Partial<AccountUser>): AccountUser {
  return accountUserSchema.parse({
    id: 1,
    prenom: 'Sophie',
    nom: 'Lemoine',
    email: 'sophie.lemoine@demo.test',
    role: 'gestionnaire',
    ligne: null,
    accesActive: true,
    estMoi: false,
    ...overrides,
  });
}

const SOPHIE = person({ id: 1, estMoi: true });
const JULIEN = person({ id: 2, prenom: 'Julien', nom: 'Roux', email: 'julien.roux@demo.test', role: 'utilisateur', ligne: { idContrat: 5001, numeroLigne: '0612345678' } });

const pageOf = (users: AccountUser[]): AccountUserPage =>
  accountUserPageSchema.parse({ utilisateurs: users, total: users.length, page: 1, taille: 20, nbGestionnaires: users.filter((u) => u.role === 'gestionnaire').length });

const FREE = freeLinesSchema.parse({
  lignes: [
    { idContrat: 5002, numeroLigne: '0611223344', libelleOffre: 'Forfait Pro 100 Go', utilisateur: 'Émilie Moreau' },
    { idContrat: 5003, numeroLigne: '0699887766', libelleOffre: 'Forfait Pro 20 Go', utilisateur: null },
  ],
  total: 2,
});

type Handler = (request: RecordedRequest) => Response | Promise<Response>;
const refusal = (code: 'USER_EMAIL_TAKEN' | 'LAST_MANAGER', status: number) =>
  jsonResponse(apiErrorSchema.parse({ code, exceptionMessage: errorMessage(code) }), status);

/** The account's people as the server keeps them; `handlers` replace any answer by "METHOD path". */
function serve(initial: AccountUser[], handlers: Record<string, Handler> = {}) {
  let users = initial;
  const defaults: Record<string, Handler> = {
    [`GET /api/utilisateurs?idClientBscs=${ACCOUNT}&page=1&taille=20`]: () => jsonResponse(pageOf(users)),
    [`GET /api/utilisateurs/lignes-disponibles?idClientBscs=${ACCOUNT}`]: () => jsonResponse(FREE),
    'POST /api/utilisateurs': (request) => {
      const body = JSON.parse(request.body ?? '{}') as { prenom: string; nom: string; email: string; role: 'gestionnaire' | 'utilisateur'; idContrat?: number };
      const line = FREE.lignes.find((l) => l.idContrat === body.idContrat);
      const created = person({ id: 3, prenom: body.prenom, nom: body.nom, email: body.email, role: body.role, accesActive: false, ligne: line ? { idContrat: line.idContrat, numeroLigne: line.numeroLigne } : null });
      users = [...users, created];
      return jsonResponse(created, 201);
    },
    [`DELETE /api/utilisateurs/2?idClientBscs=${ACCOUNT}`]: () => {
      users = users.filter((u) => u.id !== 2);
      return jsonResponse({ ok: true });
    },
    'PUT /api/utilisateurs/2': (request) => {
      const body = JSON.parse(request.body ?? '{}') as { role: 'gestionnaire' | 'utilisateur' };
      users = users.map((u) => (u.id === 2 ? { ...u, role: body.role } : u));
      return jsonResponse(users.find((u) => u.id === 2));
    },
  };
  const routes = { ...defaults, ...handlers };
  return stubFetch((request) => {
    const handler = routes[`${request.method} ${request.url}`];
    return handler ? handler(request) : jsonResponse({ code: 'NOT_FOUND', exceptionMessage: request.url }, 404);
  });
}

async function renderPanel(onAccessLost = vi.fn()) {
  const page = renderPage(<AccountUsersPanel idClientBscs={ACCOUNT} onAccessLost={onAccessLost} />);
  await screen.findByRole('table');
  return { ...page, onAccessLost };
}

const row = (name: string) => {
  const header = screen.getByRole('rowheader', { name: new RegExp(`^${name}`) });
  const tr = header.closest('tr');
  if (!tr) throw new Error(`no row for ${name}`);
  return within(tr);
};

async function openMenu(name: string, item: string) {
  fireEvent.click(row(name).getByRole('button', { name: `Gérer ${name}` }));
  const menuItem = await screen.findByRole('menuitem', { name: item });
  return menuItem;
}

const writes = (requests: RecordedRequest[]) => requests.filter((r) => r.method !== 'GET').map((r) => `${r.method} ${r.url}`);

describe('AccountUsersPanel', () => {
  it('lists the people with their role, line and access, and keeps the last manager from being removed', async () => {
    serve([SOPHIE, JULIEN, person({ id: 4, prenom: 'Inès', nom: 'Faure', email: 'ines@demo.test', role: 'utilisateur', accesActive: false, ligne: { idContrat: 5009, numeroLigne: '0622334455' } })]);
    await renderPanel();
    expect(screen.getByText('3 utilisateurs')).toBeTruthy();
    expect(row('Sophie Lemoine').getByText('(vous)')).toBeTruthy();
    expect(row('Sophie Lemoine').getByText('Seul gestionnaire du compte')).toBeTruthy();
    expect(row('Julien Roux').getByText('06 12 34 56 78')).toBeTruthy();
    expect(row('Julien Roux').getByText('Activé')).toBeTruthy();
    expect(row('Inès Faure').getByText('Invitation envoyée')).toBeTruthy();
    const remove = await openMenu('Sophie Lemoine', 'Retirer du compte');
    expect(remove.getAttribute('aria-disabled')).toBe('true');
  });

  it('invites a line user on a chosen line, and says the invitation left', async () => {
    const { requests } = serve([SOPHIE, JULIEN]);
    await renderPanel();
    fireEvent.click(screen.getByRole('button', { name: 'Inviter un utilisateur' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Inviter un utilisateur' }));

    // Sent empty: every field says what it wants, the line too (a line user is the default role).
    fireEvent.click(dialog.getByRole('button', { name: 'Envoyer l’invitation' }));
    expect(await dialog.findByText('Le prénom est obligatoire.')).toBeTruthy();
    expect(dialog.getByText('Le nom est obligatoire.')).toBeTruthy();
    expect(dialog.getByText('Veuillez indiquer l’adresse e-mail.')).toBeTruthy();
    expect(dialog.getByText('Veuillez choisir la ligne mobile de l’utilisateur.')).toBeTruthy();
    await waitFor(() => expect(document.activeElement).toBe(dialog.getByLabelText(/^Prénom/)));

    fireEvent.change(dialog.getByLabelText(/^Prénom/), { target: { value: 'Élodie' } });
    fireEvent.change(dialog.getByLabelText(/^Nom/), { target: { value: 'N’Guessan' } });
    fireEvent.change(dialog.getByLabelText(/^Adresse e-mail/), { target: { value: 'elodie@demo.test' } });
    await dialog.findByText(/Les lignes du compte qui n’ont pas encore d’utilisateur/);
    const lineBox = dialog.getByRole('combobox', { name: /^Ligne mobile de l’utilisateur/ });
    lineBox.focus();
    fireEvent.change(lineBox, { target: { value: '06 99' } });
    const listbox = await screen.findByRole('listbox');
    expect(within(listbox).getAllByRole('option').map((option) => option.textContent)).toEqual(['06 99 88 77 66 – Forfait Pro 20 Go']);
    fireEvent.keyDown(lineBox, { key: 'ArrowDown' });
    fireEvent.keyDown(lineBox, { key: 'Enter' });
    await waitFor(() => expect((lineBox as HTMLInputElement).value).toBe('06 99 88 77 66 – Forfait Pro 20 Go'));
    fireEvent.click(dialog.getByRole('button', { name: 'Envoyer l’invitation' }));

    expect(await screen.findByText('Invitation envoyée à elodie@demo.test : Élodie N’Guessan activera son accès en créant son code confidentiel.')).toBeTruthy();
    const post = requests.find((r) => r.method === 'POST');
    expect(JSON.parse(post?.body ?? '{}')).toEqual({ idClientBscs: ACCOUNT, email: 'elodie@demo.test', prenom: 'Élodie', nom: 'N’Guessan', role: 'utilisateur', idContrat: 5003 });
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(await screen.findByRole('rowheader', { name: 'Élodie N’Guessan' })).toBeTruthy();
  });

  it('says who uses the chosen line and replaces them only once confirmed in a dialog', async () => {
    const { requests } = serve([SOPHIE]);
    await renderPanel();
    fireEvent.click(screen.getByRole('button', { name: 'Inviter un utilisateur' }));
    const form = within(await screen.findByRole('dialog', { name: 'Inviter un utilisateur' }));
    fireEvent.change(form.getByLabelText(/^Prénom/), { target: { value: 'Paul' } });
    fireEvent.change(form.getByLabelText(/^Nom/), { target: { value: 'Durand' } });
    fireEvent.change(form.getByLabelText(/^Adresse e-mail/), { target: { value: 'paul.durand@demo.test' } });
    await form.findByText(/Les lignes du compte qui n’ont pas encore d’utilisateur/);
    const lineBox = form.getByRole('combobox', { name: /^Ligne mobile de l’utilisateur/ });
    lineBox.focus();
    fireEvent.change(lineBox, { target: { value: '06 11' } });
    const listbox = await screen.findByRole('listbox');
    expect(within(listbox).getAllByRole('option').map((option) => option.textContent)).toEqual(['06 11 22 33 44 – Forfait Pro 100 Go – utilisée par Émilie Moreau']);
    fireEvent.keyDown(lineBox, { key: 'ArrowDown' });
    fireEvent.keyDown(lineBox, { key: 'Enter' });
    await waitFor(() => expect((lineBox as HTMLInputElement).value).toContain('utilisée par Émilie Moreau'));
    const send = form.getByRole('button', { name: 'Envoyer l’invitation' });

    // Declined: nothing is sent.
    fireEvent.click(send);
    const question = within(await screen.findByRole('alertdialog', { name: 'Remplacer l’utilisateur de la ligne ?' }));
    expect(question.getByText(/est aujourd’hui utilisée par/).textContent).toBe('La ligne 06 11 22 33 44 est aujourd’hui utilisée par Émilie Moreau.');
    expect(question.getByText(/Paul Durand la remplacera/)).toBeTruthy();
    fireEvent.click(question.getByRole('button', { name: 'Annuler' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(requests.some((r) => r.method === 'POST')).toBe(false);

    // Confirmed: the invitation says so.
    await clickWhenEnabled(send);
    fireEvent.click(within(await screen.findByRole('alertdialog', { name: 'Remplacer l’utilisateur de la ligne ?' })).getByRole('button', { name: 'Oui, remplacer' }));
    expect(await screen.findByText(/Invitation envoyée à paul.durand@demo.test/)).toBeTruthy();
    const post = requests.find((r) => r.method === 'POST');
    expect(JSON.parse(post?.body ?? '{}')).toEqual({ idClientBscs: ACCOUNT, email: 'paul.durand@demo.test', prenom: 'Paul', nom: 'Durand', role: 'utilisateur', idContrat: 5002, remplacerUtilisateur: true });
  });

  it('puts an address already in use under its field, and sends a manager without a line', async () => {
    const { requests } = serve([SOPHIE], { 'POST /api/utilisateurs': () => refusal('USER_EMAIL_TAKEN', 409) });
    await renderPanel();
    fireEvent.click(screen.getByRole('button', { name: 'Inviter un utilisateur' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Inviter un utilisateur' }));
    fireEvent.change(dialog.getByLabelText(/^Prénom/), { target: { value: 'Paul' } });
    fireEvent.change(dialog.getByLabelText(/^Nom/), { target: { value: 'Morel' } });
    fireEvent.change(dialog.getByLabelText(/^Adresse e-mail/), { target: { value: 'paul@demo.test' } });
    fireEvent.click(dialog.getByRole('radio', { name: /^Gestionnaire/ }));
    expect(dialog.queryByRole('combobox')).toBeNull();
    fireEvent.click(dialog.getByRole('button', { name: 'Envoyer l’invitation' }));

    const message = await dialog.findByText(errorMessage('USER_EMAIL_TAKEN'));
    const email = dialog.getByLabelText(/^Adresse e-mail/);
    expect(email.getAttribute('aria-invalid')).toBe('true');
    expect(email.getAttribute('aria-describedby')).toContain(message.id);
    const post = requests.find((r) => r.method === 'POST');
    expect(JSON.parse(post?.body ?? '{}')).toEqual({ idClientBscs: ACCOUNT, email: 'paul@demo.test', prenom: 'Paul', nom: 'Morel', role: 'gestionnaire' });
  });

  it('changes a role in its dialog', async () => {
    const { requests } = serve([SOPHIE, JULIEN]);
    await renderPanel();
    fireEvent.click(await openMenu('Julien Roux', 'Changer le rôle'));
    const dialog = within(await screen.findByRole('dialog', { name: 'Changer le rôle de Julien Roux' }));
    fireEvent.click(dialog.getByRole('radio', { name: /^Gestionnaire/ }));
    fireEvent.click(dialog.getByRole('button', { name: 'Enregistrer' }));
    expect(await screen.findByText('Julien Roux est maintenant gestionnaire du compte.')).toBeTruthy();
    expect(writes(requests)).toEqual(['PUT /api/utilisateurs/2']);
    expect(JSON.parse(requests.find((r) => r.method === 'PUT')?.body ?? '{}')).toEqual({ idClientBscs: ACCOUNT, role: 'gestionnaire' });
  });

  it('shows the last-manager refusal in the role dialog', async () => {
    serve([SOPHIE, JULIEN], { 'PUT /api/utilisateurs/1': () => refusal('LAST_MANAGER', 409) });
    await renderPanel();
    fireEvent.click(await openMenu('Sophie Lemoine', 'Changer le rôle'));
    const dialog = within(await screen.findByRole('dialog', { name: 'Changer le rôle de Sophie Lemoine' }));
    fireEvent.click(dialog.getByRole('radio', { name: /^Utilisateur/ }));
    // Sophie has no line: one must be chosen.
    expect(dialog.getByRole('combobox', { name: /^Ligne mobile de l’utilisateur/ })).toBeTruthy();
    fireEvent.click(dialog.getByRole('button', { name: 'Enregistrer' }));
    expect(await dialog.findByText('Veuillez choisir la ligne mobile de l’utilisateur.')).toBeTruthy();
  });

  it('removes a person only once confirmed', async () => {
    const { requests } = serve([SOPHIE, JULIEN]);
    const { onAccessLost } = await renderPanel();
    fireEvent.click(await openMenu('Julien Roux', 'Retirer du compte'));
    let confirm = within(await screen.findByRole('alertdialog', { name: 'Retirer Julien Roux du compte\u00a0?' }));
    expect(confirm.getByText(/la ligne 06 12 34 56 78 n’aura plus d’utilisateur/)).toBeTruthy();
    fireEvent.click(confirm.getByRole('button', { name: 'Annuler' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(writes(requests)).toEqual([]);

    fireEvent.click(await openMenu('Julien Roux', 'Retirer du compte'));
    confirm = within(await screen.findByRole('alertdialog'));
    fireEvent.click(confirm.getByRole('button', { name: 'Retirer du compte' }));
    expect(await screen.findByText('Julien Roux n’a plus accès à ce compte de facturation.')).toBeTruthy();
    expect(writes(requests)).toEqual([`DELETE /api/utilisateurs/2?idClientBscs=${ACCOUNT}`]);
    await waitFor(() => expect(screen.queryByRole('rowheader', { name: 'Julien Roux' })).toBeNull());
    expect(onAccessLost).not.toHaveBeenCalled();
  });
});

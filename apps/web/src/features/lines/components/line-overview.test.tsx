import { apiErrorSchema, errorMessage } from '@ecare/shared/errors';
import type { LineDetail } from '@ecare/shared/lines';
import { luhnKey } from '@ecare/shared/sim';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createLineDetail, createPuk, createRioResponse, createSimCheck } from '../../../test/factories.ts';
import { jsonResponse, stubFetch, type RecordedRequest } from '../../../test/fetch-stub.ts';
import { fillJsdomGaps } from '../../../test/jsdom-gaps.ts';
import { deferred, renderPage } from '../../../test/render.tsx';
import { useLine } from '../api/get-line.ts';
import { parisToday } from '../utils/line-format.ts';
import { LineOverview, type PageLink } from './line-overview.tsx';

beforeEach(fillJsdomGaps);
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const ID = 5012;
const NUMBER = '0612345678';
const ICCID = (() => {
  const body = '893301234567890123';
  return body + luhnKey(body);
})();
const REPLACEMENT: PageLink = { to: '/pages/mes-lignes-mobiles', label: 'Retour à mes lignes mobiles' };
const MANAGER_ACTIONS: LineDetail['actions'] = ['PUK', 'RIO', 'ACTIVATION_SIM', 'PERTE_OU_VOL'];

type Refusal = 'PUK_UNAVAILABLE' | 'SIM_IN_USE' | 'LINE_ALREADY_SUSPENDED' | 'NO_LOSS_THEFT_SUSPENSION';
const refusal = (code: Refusal, status: number) => jsonResponse(apiErrorSchema.parse({ code, exceptionMessage: errorMessage(code) }), status);

const daysFromNow = (days: number) => parisToday(new Date(Date.now() + days * 86_400_000));

type Handler = (request: RecordedRequest) => Response | Promise<Response>;

/**
 * The API of one line: GET answers the line as it stands, the writes change it as the server
 * would; `handlers` replace any answer by "METHOD url".
 */
function serveLine(overrides: Partial<LineDetail> = {}, handlers: Record<string, Handler> = {}) {
  let line = createLineDetail({ idContrat: ID, numeroLigne: NUMBER, idClientBscs: 31, actions: MANAGER_ACTIONS, ...overrides });
  const change = (next: Partial<LineDetail>) => {
    line = { ...line, ...next };
    return jsonResponse(line);
  };
  const defaults: Record<string, Handler> = {
    [`GET /api/ligne/${ID}`]: () => jsonResponse(line),
    [`GET /api/clients/contrats/${ID}/puk`]: () => jsonResponse(createPuk({ puk: '11112222', puk2: '33334444' })),
    [`GET /api/contrat/rio?idContrat=${ID}`]: () => jsonResponse(createRioResponse(ID, NUMBER)),
    'POST /api/sim/verifier': () => jsonResponse(createSimCheck()),
    [`POST /api/contrats/${ID}/${NUMBER}/ActivationSim`]: () => change({ iccidFin: ICCID.slice(-4), typeSim: 'SIM' }),
    [`POST /api/perte-ou-vol/${ID}/31`]: () => change({ codeStatut: 'SUSPENDU', actions: ['PUK', 'RIO', 'ACTIVATION_SIM', 'RETABLISSEMENT'] }),
    [`POST /api/perte-ou-vol/${ID}/31/retablir`]: () => change({ codeStatut: 'ACTIF', actions: MANAGER_ACTIONS }),
  };
  const routes = { ...defaults, ...handlers };
  return stubFetch((request) => {
    const handler = routes[`${request.method} ${request.url}`];
    return handler ? handler(request) : jsonResponse({ code: 'NOT_FOUND', exceptionMessage: 'Introuvable' }, 404);
  });
}

/** The page's part under test, fed from the query cache as the route feeds it. */
function LinePage({ replacementSim = REPLACEMENT }: { replacementSim?: PageLink | null }) {
  const line = useLine(ID);
  return line.data ? <LineOverview line={line.data} replacementSim={replacementSim} /> : null;
}

async function renderLine(replacementSim?: PageLink | null) {
  const page = renderPage(<LinePage replacementSim={replacementSim} />);
  await screen.findByRole('heading', { level: 2, name: 'Informations de la ligne' });
  return page;
}

const writes = (requests: RecordedRequest[]) => requests.filter((request) => request.method !== 'GET').map((request) => request.url);
const statusText = () => screen.getByText('Statut', { selector: 'dt' }).nextElementSibling?.textContent;

describe('LineOverview', () => {
  it('offers only the actions the server lists, each under its own heading after the line’s details', async () => {
    serveLine({ actions: ['PUK', 'RIO'] });
    await renderLine();
    expect(screen.getAllByRole('heading').map((heading) => `${heading.tagName} ${heading.textContent}`)).toEqual([
      'H2 Informations de la ligne',
      'H2 Utilisateur de la ligne',
      'H2 Restrictions',
      'H2 Actions sur la ligne',
      'H3 Code PUK',
      'H3 Relevé d’identité opérateur (RIO)',
    ]);
    expect(screen.queryByLabelText(/^Numéro de la nouvelle carte SIM/)).toBeNull();
    expect(screen.queryByLabelText(/^Date de la perte ou du vol/)).toBeNull();
    expect(screen.queryByRole('button', { name: 'Rétablir la ligne' })).toBeNull();
  });

  it('says when no action is possible', async () => {
    serveLine({ codeStatut: 'RESILIE', actions: [] });
    await renderLine();
    expect(screen.getByText('Aucune action n’est possible sur cette ligne.')).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Actions sur la ligne' })).toBeNull();
  });
});

describe('line user', () => {
  it('shows the saved user on the page at once and says so', async () => {
    const utilisateur = { prenom: 'Élodie', nom: 'Martin', email: null, inscriptionAnnuaire: 'PARUTION' as const };
    let line = createLineDetail({ idContrat: ID, numeroLigne: NUMBER, actions: [...MANAGER_ACTIONS, 'UTILISATEUR', 'ANNUAIRE'], utilisateur: null });
    serveLine(
      {},
      {
        [`GET /api/ligne/${ID}`]: () => jsonResponse(line),
        [`POST /api/lignes/${ID}/utilisateur`]: () => {
          line = { ...line, utilisateur };
          return jsonResponse({ idContrat: ID, ...utilisateur });
        },
      },
    );
    await renderLine();
    fireEvent.click(screen.getByRole('button', { name: 'Modifier l’utilisateur' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByRole('textbox', { name: /^Prénom/ }), { target: { value: 'Élodie' } });
    fireEvent.change(within(dialog).getByRole('textbox', { name: /^Nom/ }), { target: { value: 'Martin' } });
    fireEvent.click(within(dialog).getByRole('radio', { name: /Parution dans l’annuaire/ }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Enregistrer' }));
    const notice = await screen.findByText(/^L’utilisateur de la ligne 06 12 34 56 78 est enregistré\s:\sÉlodie Martin\.$/);
    await waitFor(() => expect(document.activeElement?.contains(notice)).toBe(true));
    expect(screen.getByText('Prénom et nom', { selector: 'dt' }).nextElementSibling?.textContent).toBe('Élodie Martin');
  });
});

describe('PUK', () => {
  it('reads the codes only when asked, shows PUK and PUK2 in a status region, and reads them again after hiding them', async () => {
    const { requests } = serveLine();
    await renderLine();
    expect(requests.filter((request) => request.url.includes('/puk'))).toHaveLength(0);
    expect(screen.getByText(/Chaque consultation est enregistrée/)).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Afficher le code PUK' }));
    const puk = await screen.findByText('11112222');
    expect(puk.closest('[role="status"]')).toBeTruthy();
    expect(screen.getByText('Code PUK2').nextElementSibling?.textContent).toBe('33334444');

    fireEvent.click(screen.getByRole('button', { name: 'Masquer le code PUK' }));
    await waitFor(() => expect(screen.queryByText('11112222')).toBeNull());
    fireEvent.click(screen.getByRole('button', { name: 'Afficher le code PUK' }));
    await screen.findByText('11112222');
    expect(requests.filter((request) => request.url === `/api/clients/contrats/${ID}/puk`)).toHaveLength(2);
  });

  it('asks once while the first read is under way', async () => {
    const answer = deferred<Response>();
    const { requests } = serveLine({}, { [`GET /api/clients/contrats/${ID}/puk`]: () => answer.promise });
    await renderLine();
    const button = screen.getByRole('button', { name: 'Afficher le code PUK' });
    fireEvent.click(button);
    fireEvent.click(button);
    await waitFor(() => expect(button.getAttribute('aria-disabled')).toBe('true'));
    answer.resolve(jsonResponse(createPuk()));
    await screen.findByText('Code PUK2');
    expect(requests.filter((request) => request.url.includes('/puk'))).toHaveLength(1);
  });

  it('shows the server’s refusal', async () => {
    serveLine({}, { [`GET /api/clients/contrats/${ID}/puk`]: () => refusal('PUK_UNAVAILABLE', 409) });
    await renderLine();
    fireEvent.click(screen.getByRole('button', { name: 'Afficher le code PUK' }));
    expect((await screen.findByRole('alert')).textContent).toContain(errorMessage('PUK_UNAVAILABLE'));
  });
});

describe('RIO', () => {
  it('says what the RIO is for, then shows it as OO Q RRRRRR CCC with the line’s number', async () => {
    const { requests } = serveLine();
    await renderLine();
    expect(screen.getByText(/conserver votre numéro si vous changez d’opérateur/)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Afficher le RIO' }));
    const rio = await screen.findByText(/^T1 E [0-9A-Z]{6} [0-9A-Z+]{3}$/);
    const { rio: compact } = createRioResponse(ID, NUMBER);
    expect(rio.textContent).toBe(`${compact.slice(0, 2)} ${compact.slice(2, 3)} ${compact.slice(3, 9)} ${compact.slice(9)}`);
    expect(screen.getByText('Numéro', { selector: 'dt' }).nextElementSibling?.textContent).toBe('06 12 34 56 78');
    expect(requests.map((request) => request.url)).toContain(`/api/contrat/rio?idContrat=${ID}`);
  });
});

describe('SIM activation', () => {
  const field = () => screen.getByLabelText(/^Numéro de la nouvelle carte SIM/);
  const check = () => screen.getByRole('button', { name: 'Vérifier la carte SIM' });

  it('asks for the number when it is missing, without calling the server', async () => {
    const { requests } = serveLine();
    await renderLine();
    fireEvent.click(check());
    expect(await screen.findByText(errorMessage('SIM_EMPTY'))).toBeTruthy();
    await waitFor(() => expect(document.activeElement).toBe(field()));
    expect(writes(requests)).toEqual([]);
  });

  it('shows the check’s message under the field when the card cannot be used, and goes no further', async () => {
    const message = errorMessage('SIM_CHECK_DIGIT');
    const { requests } = serveLine({}, { 'POST /api/sim/verifier': () => jsonResponse(createSimCheck({ valide: false, message })) });
    await renderLine();
    fireEvent.change(field(), { target: { value: '8933 0123 4567 8901 234' } });
    fireEvent.click(check());
    const error = await screen.findByText(message);
    expect(field().getAttribute('aria-invalid')).toBe('true');
    expect(field().getAttribute('aria-describedby')).toContain(error.id);
    await waitFor(() => expect(document.activeElement).toBe(field()));
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(writes(requests)).toEqual(['/api/sim/verifier']);
    expect(JSON.parse(requests.find((request) => request.method === 'POST')?.body ?? '{}')).toEqual({ Id: ID, NumeroSim: '8933 0123 4567 8901 234' });
  });

  it('checks once, asks for confirmation, activates, then says so and empties the field', async () => {
    const { requests } = serveLine({ typeSim: 'ESIM', iccidFin: null });
    await renderLine();
    fireEvent.change(field(), { target: { value: ICCID } });
    const form = check().closest('form') as HTMLFormElement;
    fireEvent.submit(form);
    fireEvent.submit(form);

    const dialog = await screen.findByRole('alertdialog', { name: /^Activer la nouvelle carte SIM/ });
    expect(dialog.textContent).toContain(`se termine par ${ICCID.slice(-4)}`);
    expect(dialog.textContent).toContain('06 12 34 56 78');
    expect(writes(requests)).toEqual(['/api/sim/verifier']);

    fireEvent.click(within(dialog).getByRole('button', { name: 'Activer la carte SIM' }));
    const notice = await screen.findByText(`La nouvelle carte SIM (numéro se terminant par ${ICCID.slice(-4)}) est activée sur la ligne 06 12 34 56 78.`);
    expect(notice.closest('[role="status"]')).toBeTruthy();
    await waitFor(() => expect(document.activeElement).toBe(notice.closest('[tabindex="-1"]')));
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(writes(requests)).toEqual(['/api/sim/verifier', `/api/contrats/${ID}/${NUMBER}/ActivationSim`]);
    expect(JSON.parse(requests.find((request) => request.url.endsWith('ActivationSim'))?.body ?? '{}')).toEqual({ numeroSim: ICCID });
    expect((field() as HTMLInputElement).value).toBe('');
    await waitFor(() => expect(screen.getByText('Carte SIM', { selector: 'dt' }).nextElementSibling?.textContent).toContain(ICCID.slice(-4)));
  });

  it('activates nothing when the confirmation is declined', async () => {
    const { requests } = serveLine();
    await renderLine();
    fireEvent.change(field(), { target: { value: ICCID } });
    fireEvent.click(check());
    const dialog = await screen.findByRole('alertdialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Annuler' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    await waitFor(() => expect(check().hasAttribute('disabled')).toBe(false));
    expect(writes(requests)).toEqual(['/api/sim/verifier']);
    expect((field() as HTMLInputElement).value).toBe(ICCID);
  });

  it('puts a refused activation under the field', async () => {
    serveLine({}, { [`POST /api/contrats/${ID}/${NUMBER}/ActivationSim`]: () => refusal('SIM_IN_USE', 409) });
    await renderLine();
    fireEvent.change(field(), { target: { value: ICCID } });
    fireEvent.click(check());
    fireEvent.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Activer la carte SIM' }));
    expect(await screen.findByText(errorMessage('SIM_IN_USE'))).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    await waitFor(() => expect(document.activeElement).toBe(field()));
  });
});

describe('loss or theft', () => {
  const date = () => screen.getByLabelText(/^Date de la perte ou du vol/);
  const comment = () => screen.getByLabelText(/^Commentaire/);
  const declare = () => screen.getByRole('button', { name: 'Déclarer la perte ou le vol' });

  it('says what is missing and moves focus to the reason', async () => {
    const { requests } = serveLine();
    await renderLine();
    fireEvent.click(declare());
    expect(await screen.findByText('Veuillez indiquer s’il s’agit d’une perte ou d’un vol.')).toBeTruthy();
    expect(screen.getByText('Veuillez indiquer la date de la perte ou du vol.')).toBeTruthy();
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('radio', { name: 'Perte' })));
    expect(writes(requests)).toEqual([]);
  });

  it('refuses a date in the future and a comment over 500 characters, keeping what was typed', async () => {
    const { requests } = serveLine();
    await renderLine();
    fireEvent.click(screen.getByRole('radio', { name: 'Perte' }));
    fireEvent.change(date(), { target: { value: daysFromNow(2) } });
    fireEvent.change(comment(), { target: { value: 'x'.repeat(501) } });
    fireEvent.click(declare());
    expect(await screen.findByText(errorMessage('EVENT_DATE_IN_FUTURE'))).toBeTruthy();
    expect(screen.getByText('Le commentaire ne peut dépasser 500 caractères.')).toBeTruthy();
    expect((comment() as HTMLTextAreaElement).value).toHaveLength(501);
    await waitFor(() => expect(document.activeElement).toBe(date()));
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(writes(requests)).toEqual([]);
  });

  it('states that the line will be suspended at once, then declares, shows it suspended and offers the way back', async () => {
    const { requests } = serveLine();
    await renderLine();
    const yesterday = daysFromNow(-1);
    fireEvent.click(screen.getByRole('radio', { name: 'Vol' }));
    fireEvent.change(date(), { target: { value: yesterday } });
    fireEvent.change(comment(), { target: { value: '  Vol dans le métro  ' } });
    fireEvent.click(declare());

    const dialog = await screen.findByRole('alertdialog', { name: 'Confirmer la déclaration de vol' });
    expect(dialog.textContent).toContain('La ligne 06 12 34 56 78 sera suspendue immédiatement');
    expect(writes(requests)).toEqual([]);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Suspendre la ligne' }));

    const notice = await screen.findByText(/Votre déclaration de vol est enregistrée/);
    expect(notice.textContent?.replace(/\s/g, ' ')).toBe('Votre déclaration de vol est enregistrée : la ligne 06 12 34 56 78 est suspendue.');
    expect(screen.getByRole('link', { name: 'Retour à mes lignes mobiles' }).getAttribute('href')).toBe('/pages/mes-lignes-mobiles');
    expect(statusText()).toBe('Suspendue');
    expect(screen.queryByRole('button', { name: 'Déclarer la perte ou le vol' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Rétablir la ligne' })).toBeTruthy();
    await waitFor(() => expect(document.activeElement).toBe(notice.closest('[tabindex="-1"]')));
    const sent = requests.find((request) => request.url === `/api/perte-ou-vol/${ID}/31`);
    expect(JSON.parse(sent?.body ?? '{}')).toEqual({ motif: 'VOL', dateEvenement: yesterday, commentaire: 'Vol dans le métro' });
  });

  it('leaves the replacement to the manager when a line user declares', async () => {
    serveLine({ actions: ['PUK', 'RIO', 'PERTE_OU_VOL'] });
    await renderLine(null);
    fireEvent.click(screen.getByRole('radio', { name: 'Perte' }));
    fireEvent.change(date(), { target: { value: daysFromNow(0) } });
    fireEvent.click(declare());
    fireEvent.click(within(await screen.findByRole('alertdialog', { name: 'Confirmer la déclaration de perte' })).getByRole('button', { name: 'Suspendre la ligne' }));
    expect(await screen.findByText('Le gestionnaire du compte pourra commander une carte SIM de remplacement et rétablir la ligne.')).toBeTruthy();
    expect(screen.queryByRole('link')).toBeNull();
  });

  it('shows the server’s refusal in the form’s alert', async () => {
    serveLine({}, { [`POST /api/perte-ou-vol/${ID}/31`]: () => refusal('LINE_ALREADY_SUSPENDED', 409) });
    await renderLine();
    fireEvent.click(screen.getByRole('radio', { name: 'Perte' }));
    fireEvent.change(date(), { target: { value: daysFromNow(-3) } });
    fireEvent.click(declare());
    fireEvent.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Suspendre la ligne' }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain(errorMessage('LINE_ALREADY_SUSPENDED'));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(statusText()).toBe('Active');
  });
});

describe('restoration', () => {
  it('restores a suspended line after a confirmation, and says so', async () => {
    const { requests } = serveLine({ codeStatut: 'SUSPENDU', actions: ['PUK', 'RIO', 'ACTIVATION_SIM', 'RETABLISSEMENT'] });
    await renderLine();
    fireEvent.click(screen.getByRole('button', { name: 'Rétablir la ligne' }));
    const dialog = await screen.findByRole('alertdialog', { name: /^Rétablir la ligne 06 12 34 56 78/ });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Annuler' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(writes(requests)).toEqual([]);

    fireEvent.click(screen.getByRole('button', { name: 'Rétablir la ligne' }));
    fireEvent.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Confirmer le rétablissement' }));
    const notice = await screen.findByText(/est rétablie/);
    expect(notice.textContent?.replace(/\s/g, ' ')).toBe('La ligne 06 12 34 56 78 est rétablie : elle fonctionne de nouveau.');
    expect(statusText()).toBe('Active');
    expect(screen.queryByRole('button', { name: 'Rétablir la ligne' })).toBeNull();
    const sent = requests.find((request) => request.url === `/api/perte-ou-vol/${ID}/31/retablir`);
    expect(sent?.method).toBe('POST');
    expect(sent?.body).toBeNull();
  });

  it('shows a refused restoration under its button', async () => {
    serveLine(
      { codeStatut: 'SUSPENDU', actions: ['RETABLISSEMENT'] },
      { [`POST /api/perte-ou-vol/${ID}/31/retablir`]: () => refusal('NO_LOSS_THEFT_SUSPENSION', 409) },
    );
    await renderLine();
    fireEvent.click(screen.getByRole('button', { name: 'Rétablir la ligne' }));
    fireEvent.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Confirmer le rétablissement' }));
    expect((await screen.findByRole('alert')).textContent).toContain(errorMessage('NO_LOSS_THEFT_SUSPENSION'));
  });
});

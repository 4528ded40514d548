import type { AgentAccount } from '@ecare/shared/agents';
import { apiErrorSchema } from '@ecare/shared/errors';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, stubFetch, type RecordedRequest } from '../../../test/fetch-stub.ts';
import { ClientSearch } from './client-search.tsx';

const account = (id: number, raisonSociale: string): AgentAccount => ({
  idClientBscs: id,
  codeClientBscs: `1.${id}`,
  raisonSociale,
  sirenSiret: '84129375600012',
  statut: 'ACTIF',
  ville: 'Dijon',
  email: 'mandataire@demo.test',
  nom: 'Girard',
  prenom: 'Marc',
});

function serve(found: AgentAccount[], connect: (request: RecordedRequest) => Response) {
  return stubFetch((request) => {
    if (request.url === '/api/service-client/recherche') {
      return jsonResponse({ clientConnecte: { estGestionnaire: found.length > 0 }, comptesFacturation: found });
    }
    if (request.url === '/api/service-client/connexion') return connect(request);
    return jsonResponse(apiErrorSchema.parse({ code: 'NOT_FOUND', exceptionMessage: request.url }), 404);
  });
}

const connected = () =>
  jsonResponse({ access_token: 'jeton-client-0123456789', token_type: 'bearer', expires_in: 900, idClientBscs: 7, raisonSociale: 'Transports' });

async function searchFor(email: string, motif = 'Appel du client au sujet de sa facture') {
  fireEvent.change(screen.getByLabelText(/^Adresse e-mail du gestionnaire/), { target: { value: email } });
  fireEvent.change(screen.getByLabelText(/^Motif de la connexion/), { target: { value: motif } });
  fireEvent.click(screen.getByRole('button', { name: 'Rechercher' }));
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('ClientSearch', () => {
  it('disables the account number while an e-mail is typed and says when nothing is found', async () => {
    serve([], connected);
    render(<ClientSearch agentToken="jeton-agent-0123456789" onConnected={vi.fn()} />);
    const numero = screen.getByLabelText(/^Numéro de compte de facturation/);
    expect(numero.hasAttribute('disabled')).toBe(false);
    await searchFor('personne@demo.test');
    await screen.findByText('Aucun client trouvé');
    expect(numero.hasAttribute('disabled')).toBe(true);
  });

  it('connects a single result at once with the agent token', async () => {
    const fetch = serve([account(7, 'Transports Girard SAS')], connected);
    const onConnected = vi.fn().mockResolvedValue(undefined);
    render(<ClientSearch agentToken="jeton-agent-0123456789" onConnected={onConnected} />);
    await searchFor('mandataire@demo.test');
    await waitFor(() => expect(onConnected).toHaveBeenCalledWith('jeton-client-0123456789', 'Transports'));
    await screen.findByText('Connexion OK');
    const call = fetch.requests.find((request) => request.url === '/api/service-client/connexion');
    expect(call?.headers.get('Authorization')).toBe('Bearer jeton-agent-0123456789');
    expect(JSON.parse(call?.body ?? '{}')).toEqual({ idClientBscs: 7, email: 'mandataire@demo.test', motif: 'Appel du client au sujet de sa facture' });
  });

  it('lets the agent choose among several, and says which connection failed', async () => {
    serve([account(7, 'Transports Girard SAS'), account(8, 'Travaux Publics Girard SARL')], () =>
      jsonResponse({ code: 'AGENT_CONNECTION_REFUSED', exceptionMessage: 'refusé' }, 403),
    );
    render(<ClientSearch agentToken="jeton-agent-0123456789" onConnected={vi.fn()} />);
    await searchFor('mandataire@demo.test');
    const choose = await screen.findByRole('button', { name: 'Sélectionner ce client' });
    expect(choose.hasAttribute('disabled')).toBe(true);
    fireEvent.click(screen.getByRole('radio', { name: /^Travaux Publics Girard SARL/ }));
    fireEvent.click(choose);
    await screen.findByText('Connexion KO pour le compte de facturation 1.8 (Email de connexion : mandataire@demo.test)');
    fireEvent.click(screen.getByRole('button', { name: 'Abandonner' }));
    expect(screen.queryByRole('radio')).toBeNull();
  });
});

import { apiErrorSchema, errorMessage } from '@ecare/shared/errors';
import { esimLinkErrorSchema, esimResponseSchema, type EsimResponse } from '@ecare/shared/esim';
import type { LoaderFunctionArgs } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, stubFetch } from '../../test/fetch-stub.ts';
import { esimLinkLoader } from './esim-route.tsx';

afterEach(() => vi.unstubAllGlobals());

const ESIM: EsimResponse = esimResponseSchema.parse({
  numGsm: '0612345678',
  numGsmValide: true,
  libelleOffreEngagement: 'Forfait Pro 100 Go',
  numContrat: 5_000_123,
  qrCode: 'data:image/png;base64,iVBORw0KGgo=',
  codeActivation: 'K7QW-3MZP-X9TB-H2RC',
  urlSMDP: 'smdp.telora.example',
  messageErreur: null,
});

const refusal = (code: 'ESIM_LINK_INVALID' | 'ESIM_LINK_EXPIRED') =>
  esimLinkErrorSchema.parse({ code, exceptionMessage: errorMessage(code), messageErreur: errorMessage(code) });

/** What the loader gives for the link's token: its data, or the Response it throws (a redirect). */
async function load(id: string | undefined): Promise<unknown> {
  const args = { request: new Request(`http://localhost/identification/qrcode/${id ?? ''}`), params: { id }, context: {} };
  return Promise.resolve(esimLinkLoader(args as unknown as LoaderFunctionArgs)).catch((thrown: unknown) => thrown);
}

const locationOf = (outcome: unknown) => (outcome instanceof Response ? outcome.headers.get('Location') : null);

describe('eSIM link page loader (spec §4)', () => {
  it('reads the eSIM the link names', async () => {
    const { requests } = stubFetch(() => jsonResponse(ESIM));
    expect(await load('AbC_12-x')).toEqual({ kind: 'ready', esim: ESIM });
    expect(requests.map((request) => request.url)).toEqual(['/api/consulterqrcode/AbC_12-x']);
  });

  it('goes to /404 without an id, and for a link refused with messageErreur (invalid or expired)', async () => {
    const { requests } = stubFetch(() => jsonResponse(refusal('ESIM_LINK_INVALID'), 404));
    expect(locationOf(await load(undefined))).toBe('/404');
    expect(locationOf(await load('  '))).toBe('/404');
    expect(requests).toHaveLength(0);
    expect(locationOf(await load('lien-altere'))).toBe('/404');
    stubFetch(() => jsonResponse(refusal('ESIM_LINK_EXPIRED'), 410));
    expect(locationOf(await load('lien-expire'))).toBe('/404');
    stubFetch(() => jsonResponse({ ...ESIM, messageErreur: 'Ce lien n’est plus valide.' }));
    expect(locationOf(await load('lien-avec-message'))).toBe('/404');
  });

  it('says so on the page when the link could not be checked, rather than calling it dead', async () => {
    stubFetch(() => jsonResponse(apiErrorSchema.parse({ code: 'TOO_MANY_REQUESTS', exceptionMessage: errorMessage('TOO_MANY_REQUESTS') }), 429));
    expect(await load('AbC_12-x')).toEqual({ kind: 'unchecked', message: errorMessage('TOO_MANY_REQUESTS') });
  });
});

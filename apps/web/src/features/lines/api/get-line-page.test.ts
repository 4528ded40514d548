import { linePageSchema } from '@ecare/shared/lines';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createLine } from '../../../test/factories.ts';
import { jsonResponse, stubFetch } from '../../../test/fetch-stub.ts';
import { fetchLinePage, FIRST_LINE_PAGE } from './get-line-page.ts';

afterEach(() => vi.unstubAllGlobals());

describe('fetchLinePage', () => {
  it('asks the server for one sorted, searched page of the account’s lines', async () => {
    const page = linePageSchema.parse({ contrats: [createLine()], total: 1, page: 2, taille: 20 });
    const { requests } = stubFetch(() => jsonResponse(page));
    await expect(fetchLinePage(31, { ...FIRST_LINE_PAGE, page: 2, tri: 'codeStatut', ordre: 'desc', recherche: '06 12' })).resolves.toEqual(page);
    expect(requests[0]?.url).toBe('/api/contrats_pagination/31?page=2&taille=20&tri=codeStatut&ordre=desc&recherche=06+12');
  });
});

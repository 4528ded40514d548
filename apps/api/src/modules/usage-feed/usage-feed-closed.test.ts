import { describe, it } from 'vitest';
import { expectError, useTestContext } from '../../test/harness.ts';

// A server without USAGE_FEED_TOKEN: the feed is closed, whatever token is sent.
const { t } = useTestContext(async () => ({}));

describe('POST /api/interne/usages on a server without USAGE_FEED_TOKEN', () => {
  it('is closed', async () => {
    const record = { idEvenement: 'closed-1', numeroLigne: '0612345678', horodatage: '2026-02-01T10:00:00Z', type: 'SMS', zone: 'FRANCE', volume: 1, montantHorsForfaitCentimes: 0 };
    for (const authorization of ['Bearer usage-feed-test-token-0123456789abcdef', 'Bearer ', '']) {
      const answer = await t.app.inject({ method: 'POST', url: '/api/interne/usages', headers: authorization ? { authorization } : {}, payload: { evenements: [record] } });
      expectError(answer, 403, 'USAGE_FEED_CLOSED');
    }
  });
});

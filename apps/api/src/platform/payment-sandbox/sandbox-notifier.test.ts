import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { systemClock } from '../../lib/clock.ts';
import { waitFor } from '../../test/wait-for.ts';
import { createSandboxNotifier, retryable } from './sandbox-notifier.ts';

const event = { eventId: 'evt_0123456789abcdef01234567', transactionReference: 'PAI-ABCDEFGHIJKLMNOP', outcome: 'ACCEPTED' as const, montantCentimes: 4_200 };

/** A notifier whose portal answers these statuses in turn (the last one again after them). */
function notifierAnswering(statuses: number[]) {
  const calls: number[] = [];
  const notifier = createSandboxNotifier({
    url: 'https://espace-client.test/api/paiement/notification',
    secret: 'notifier-test-secret-0123456789abcdef',
    clock: systemClock,
    log: Fastify({ logger: false }).log,
    retryDelaysMs: [1, 1],
    send: async () => {
      const status = statuses[Math.min(calls.length, statuses.length - 1)] ?? 200;
      calls.push(status);
      return status;
    },
  });
  return { notifier, calls };
}

describe('the sandbox’s notifications', () => {
  it('are sent again after a database conflict (409) or an unavailable portal (503), as a provider does', async () => {
    for (const first of [409, 503]) {
      const { notifier, calls } = notifierAnswering([first, 200]);
      expect(await notifier.notify(event)).toBe(false);
      await waitFor(async () => calls.length === 2, { timeoutMs: 5_000, what: 'the second try' });
      expect(calls).toEqual([first, 200]);
      notifier.close();
    }
  });

  it('are not sent again when the portal refused them: the same notification would be refused again', () => {
    for (const refusal of [400, 401, 403, 415]) expect(retryable(refusal), String(refusal)).toBe(false);
    for (const later of [null, 409, 429, 500, 502, 503]) expect(retryable(later), String(later)).toBe(true);
  });
});

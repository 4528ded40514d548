import type { Clock } from '../../lib/clock.ts';
import type { PaymentProvider } from '../../modules/payment/index.ts';
import { verifySandboxNotification } from './sandbox-notification.ts';
import { SANDBOX_BASE } from './sandbox-pages.ts';
import type { SandboxSessions } from './sandbox-sessions.ts';
import type { SandboxTokenCodec } from './sandbox-token.ts';

/** How long a sandbox payment page takes a card, as a provider's hosted session. */
export const SANDBOX_SESSION_MS = 30 * 60_000;

export interface SandboxProviderDeps {
  codec: SandboxTokenCodec;
  sessions: SandboxSessions;
  clock: Clock;
  publicUrl: string;
  secret: string;
}

/** The portal's side of the sandbox: its hosted page's address, and the check of its notifications. */
export function createSandboxProvider({ codec, sessions, clock, publicUrl, secret }: SandboxProviderDeps): PaymentProvider {
  return {
    name: 'sandbox',

    async createPayment({ transactionReference, montantCentimes }) {
      const expiresAt = new Date(clock.now().getTime() + SANDBOX_SESSION_MS);
      return `${publicUrl}${SANDBOX_BASE}/${codec.seal({ transactionReference, montantCentimes, expiresAt })}`;
    },

    async cancelPayment(transactionReference) {
      const now = clock.now();
      // Shared by the instances on PostgreSQL; were it not, a page served by another instance would
      // still find the transaction given up when a card is typed, and refuse it (sandbox.routes.ts).
      return sessions.cancel(transactionReference, new Date(now.getTime() + SANDBOX_SESSION_MS), now);
    },

    verifyNotification(rawBody, headers, now) {
      return verifySandboxNotification(secret, rawBody, headers, now);
    },
  };
}

import type { PaymentEvent, ProviderCancellation } from '../../modules/payment/index.ts';

export type Outcome = PaymentEvent['outcome'];

/** Where a payment session of the sandbox stands: card to type, 3-D Secure code to type, or decided. */
export type SessionPhase = { phase: 'CARTE' } | { phase: 'CHALLENGE' } | { phase: 'DECIDEE'; outcome: Outcome };

interface Entry {
  state: SessionPhase;
  cardAttempts: number;
  expiresAt: number;
}

/** Past this many sessions followed at once, the oldest are forgotten (a bound on memory). */
const MAX_SESSIONS = 10_000;

/** A session is remembered this long after it expired: its page, opened late, finds its decision. */
const KEPT_AFTER_EXPIRY_MS = 24 * 3_600_000;

/**
 * What the sandbox remembers of its sessions, in this process: the phase each reached and the
 * card attempts made. The decision is taken once: the first submit that decides wins, at once
 * (before anything is awaited), so a page submitted twice pays once. The token in the address
 * tells the rest; a restart forgets the phases, and the portal's own rule (a transaction leaves
 * EN_ATTENTE once) still holds (decision 027).
 */
export function createSandboxSessions() {
  const entries = new Map<string, Entry>();

  function entry(reference: string, expiresAt: Date, now: Date): Entry {
    for (const [key, value] of entries) {
      if (value.expiresAt + KEPT_AFTER_EXPIRY_MS > now.getTime() && entries.size < MAX_SESSIONS) break;
      entries.delete(key);
    }
    let found = entries.get(reference);
    if (!found) {
      found = { state: { phase: 'CARTE' }, cardAttempts: 0, expiresAt: expiresAt.getTime() };
      entries.set(reference, found);
    }
    return found;
  }

  return {
    phase(reference: string, expiresAt: Date, now: Date): SessionPhase {
      return entry(reference, expiresAt, now).state;
    },

    /** Counts a card typed on the session's page; returns how many were, this one included. */
    cardAttempt(reference: string, expiresAt: Date, now: Date): number {
      const found = entry(reference, expiresAt, now);
      found.cardAttempts += 1;
      return found.cardAttempts;
    },

    /** The card needs its 3-D Secure code; false when the session was decided meanwhile. */
    challenge(reference: string, expiresAt: Date, now: Date): boolean {
      const found = entry(reference, expiresAt, now);
      if (found.state.phase === 'DECIDEE') return false;
      found.state = { phase: 'CHALLENGE' };
      return true;
    },

    /**
     * The portal gives the payment up: the page takes no card from now on, unless it already took
     * one (`CARD_TAKEN`: its acceptance is decided, the notification on its way). Synchronous, as
     * `decide`: of a card typed and a cancellation at once, the first one wins.
     */
    cancel(reference: string, expiresAt: Date, now: Date): ProviderCancellation {
      const found = entry(reference, expiresAt, now);
      if (found.state.phase === 'DECIDEE') return found.state.outcome === 'ACCEPTED' ? 'CARD_TAKEN' : 'CANCELLED';
      found.state = { phase: 'DECIDEE', outcome: 'CANCELLED' };
      return 'CANCELLED';
    },

    /** Takes the decision; false when the session already had one (nothing more to send). */
    decide(reference: string, outcome: Outcome, expiresAt: Date, now: Date): boolean {
      const found = entry(reference, expiresAt, now);
      if (found.state.phase === 'DECIDEE') return false;
      found.state = { phase: 'DECIDEE', outcome };
      return true;
    },
  };
}
export type SandboxSessions = ReturnType<typeof createSandboxSessions>;

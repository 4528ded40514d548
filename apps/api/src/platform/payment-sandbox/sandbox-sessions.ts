import type { PaymentEvent, ProviderCancellation } from '../../modules/payment/index.ts';

export type Outcome = PaymentEvent['outcome'];

/** Where a payment session of the sandbox stands: card to type, 3-D Secure code to type, or decided. */
export type SessionPhase = { phase: 'CARTE' } | { phase: 'CHALLENGE' } | { phase: 'DECIDEE'; outcome: Outcome };

/**
 * What the sandbox remembers of its payment pages, by transaction: the phase each reached and the
 * card attempts made. The decision is taken once: of two submits deciding at once (a page
 * submitted twice, a card typed while the portal cancels the page), the first one wins, so a page
 * pays once. Each method takes the page's expiry (the row goes a day after it) and the time.
 */
export interface SandboxSessions {
  phase(reference: string, expiresAt: Date, now: Date): Promise<SessionPhase>;
  /** Counts a card typed on the session's page; returns how many were, this one included. */
  cardAttempt(reference: string, expiresAt: Date, now: Date): Promise<number>;
  /** The card needs its 3-D Secure code; false when the session was decided meanwhile. */
  challenge(reference: string, expiresAt: Date, now: Date): Promise<boolean>;
  /**
   * The portal gives the payment up: the page takes no card from now on, unless it already took
   * one (`CARD_TAKEN`: its acceptance is decided, the notification on its way).
   */
  cancel(reference: string, expiresAt: Date, now: Date): Promise<ProviderCancellation>;
  /** Takes the decision; false when the session already had one (nothing more to send). */
  decide(reference: string, outcome: Outcome, expiresAt: Date, now: Date): Promise<boolean>;
}

/** A session is remembered this long after it expired: its page, opened late, finds its decision. */
export const KEPT_AFTER_EXPIRY_MS = 24 * 3_600_000;

interface Entry {
  state: SessionPhase;
  cardAttempts: number;
  expiresAt: number;
}

/** Past this many sessions followed at once, the oldest are forgotten (a bound on memory). */
const MAX_SESSIONS = 10_000;

/**
 * The sessions in this process's memory, for the embedded database (PGlite), which one process
 * serves: each change is made at once, before anything is awaited. A restart forgets the phases;
 * the portal's own rule (a transaction leaves EN_ATTENTE once) still holds (decision 027). Several
 * instances share theirs in PostgreSQL instead (sandbox.repository.ts, decision 066).
 */
export function createMemorySandboxSessions(): SandboxSessions {
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
    async phase(reference, expiresAt, now) {
      return entry(reference, expiresAt, now).state;
    },

    async cardAttempt(reference, expiresAt, now) {
      const found = entry(reference, expiresAt, now);
      found.cardAttempts += 1;
      return found.cardAttempts;
    },

    async challenge(reference, expiresAt, now) {
      const found = entry(reference, expiresAt, now);
      if (found.state.phase === 'DECIDEE') return false;
      found.state = { phase: 'CHALLENGE' };
      return true;
    },

    async cancel(reference, expiresAt, now) {
      const found = entry(reference, expiresAt, now);
      if (found.state.phase === 'DECIDEE') return found.state.outcome === 'ACCEPTED' ? 'CARD_TAKEN' : 'CANCELLED';
      found.state = { phase: 'DECIDEE', outcome: 'CANCELLED' };
      return 'CANCELLED';
    },

    async decide(reference, outcome, expiresAt, now) {
      const found = entry(reference, expiresAt, now);
      if (found.state.phase === 'DECIDEE') return false;
      found.state = { phase: 'DECIDEE', outcome };
      return true;
    },
  };
}

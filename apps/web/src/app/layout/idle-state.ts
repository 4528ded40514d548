import { SESSION_IDLE_MS } from '../../lib/session-storage.ts';

/** The warning opens this long before the 30-minute idle limit (WCAG 2.2.1: at least 20 s to react). */
export const IDLE_WARNING_MS = 2 * 60_000;

export type IdleState = 'active' | 'warning' | 'expired';

/** Where a session stands given the time of its last request (NaN: no session clock). */
export function idleState(lastRequest: number, now: number): IdleState {
  if (!Number.isFinite(lastRequest)) return 'expired';
  const remaining = SESSION_IDLE_MS - (now - lastRequest);
  if (remaining <= 0) return 'expired';
  return remaining <= IDLE_WARNING_MS ? 'warning' : 'active';
}

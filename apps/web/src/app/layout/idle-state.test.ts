import { describe, expect, it } from 'vitest';
import { SESSION_IDLE_MS } from '../../lib/session-storage.ts';
import { IDLE_WARNING_MS, idleState } from './idle-state.ts';

describe('idle warning (WCAG 2.2.1)', () => {
  const now = Date.parse('2026-03-02T10:00:00Z');
  it('warns in the last two minutes of the 30-minute limit, then ends', () => {
    expect(idleState(now - 10 * 60_000, now)).toBe('active');
    expect(idleState(now - (SESSION_IDLE_MS - IDLE_WARNING_MS) + 1, now)).toBe('active');
    expect(idleState(now - (SESSION_IDLE_MS - IDLE_WARNING_MS), now)).toBe('warning');
    expect(idleState(now - SESSION_IDLE_MS + 1000, now)).toBe('warning');
    expect(idleState(now - SESSION_IDLE_MS, now)).toBe('expired');
    expect(idleState(Number.NaN, now)).toBe('expired');
  });
});

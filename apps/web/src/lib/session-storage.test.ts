import { SESSION_IDLE_MS as SHARED_IDLE_MS } from '@ecare/shared/session';
import { beforeEach, describe, expect, it } from 'vitest';
import {
  clearAllStorage,
  isSessionValid,
  peekSessionValid,
  SESSION_IDLE_MS,
  startSession,
  STORAGE_KEYS,
} from './session-storage.ts';

const NOW = Date.parse('2026-03-02T10:00:00.000Z');
const minutes = (count: number) => count * 60 * 1000;

beforeEach(() => {
  localStorage.clear();
  sessionStorage.clear();
});

describe('session validity (spec §4)', () => {
  it('uses the shared 30-minute idle timeout', () => {
    expect(SESSION_IDLE_MS).toBe(SHARED_IDLE_MS);
  });

  it('is invalid without a token', () => {
    localStorage.setItem(STORAGE_KEYS.lastRequestDate, new Date(NOW).toISOString());
    expect(isSessionValid(NOW)).toBe(false);
  });

  it('is invalid without a last request date', () => {
    sessionStorage.setItem(STORAGE_KEYS.accessToken, 'abc');
    expect(isSessionValid(NOW)).toBe(false);
  });

  it('is valid under 30 minutes and refreshes the last request date', () => {
    startSession('abc', NOW - minutes(29));
    expect(isSessionValid(NOW)).toBe(true);
    expect(localStorage.getItem(STORAGE_KEYS.lastRequestDate)).toBe(new Date(NOW).toISOString());
    // The refreshed clock keeps the session alive 29 more minutes.
    expect(isSessionValid(NOW + minutes(29))).toBe(true);
  });

  it('is invalid from 30 minutes of inactivity and then leaves the clock alone', () => {
    startSession('abc', NOW - minutes(30));
    const before = localStorage.getItem(STORAGE_KEYS.lastRequestDate);
    expect(isSessionValid(NOW)).toBe(false);
    expect(localStorage.getItem(STORAGE_KEYS.lastRequestDate)).toBe(before);
  });

  it('can be checked without refreshing the clock', () => {
    startSession('abc', NOW - minutes(10));
    const before = localStorage.getItem(STORAGE_KEYS.lastRequestDate);
    expect(peekSessionValid(NOW)).toBe(true);
    expect(localStorage.getItem(STORAGE_KEYS.lastRequestDate)).toBe(before);
  });

  it('is ended by clearing all storage', () => {
    startSession('abc', NOW);
    localStorage.setItem(STORAGE_KEYS.currentAccount, '12');
    clearAllStorage();
    expect(isSessionValid(NOW)).toBe(false);
    expect(localStorage.length).toBe(0);
    expect(sessionStorage.length).toBe(0);
  });
});

import { useSyncExternalStore } from 'react';
import { STORAGE_KEYS } from './session-storage.ts';

/** The billing account and line the customer works on, kept in localStorage across reloads. */
export interface Selection {
  accountId: number | null;
  lineId: number | null;
}

const listeners = new Set<() => void>();
let snapshot: Selection | null = null;

function readId(key: string): number | null {
  const value = Number.parseInt(localStorage.getItem(key) ?? '', 10);
  return Number.isInteger(value) && value > 0 ? value : null;
}

function writeId(key: string, value: number | null): void {
  if (value === null) localStorage.removeItem(key);
  else localStorage.setItem(key, String(value));
}

export function getSelection(): Selection {
  const accountId = readId(STORAGE_KEYS.currentAccount);
  const lineId = readId(STORAGE_KEYS.currentLine);
  if (!snapshot || snapshot.accountId !== accountId || snapshot.lineId !== lineId) {
    snapshot = { accountId, lineId };
  }
  return snapshot;
}

export function setSelection(next: Selection): void {
  writeId(STORAGE_KEYS.currentAccount, next.accountId);
  writeId(STORAGE_KEYS.currentLine, next.accountId === null ? null : next.lineId);
  listeners.forEach((listener) => listener());
}

export function clearSelection(): void {
  setSelection({ accountId: null, lineId: null });
}

export function subscribeSelection(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useSelection(): Selection {
  return useSyncExternalStore(subscribeSelection, getSelection);
}

import { vi } from 'vitest';

/**
 * Browser functions React Aria uses that jsdom lacks. Call in a test file's beforeEach; the
 * stubs go with vi.unstubAllGlobals().
 */
export function fillJsdomGaps(): void {
  if (typeof CSS === 'undefined' || typeof CSS.escape !== 'function') {
    vi.stubGlobal('CSS', { escape: (value: string) => value.replace(/[^\w-]/g, (char) => `\\${char}`) });
  }
}

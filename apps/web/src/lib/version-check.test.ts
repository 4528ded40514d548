import { versionSchema } from '@ecare/shared/session';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, stubFetch } from '../test/fetch-stub.ts';
import { getLoadingCount, resetLoading } from './loading-counter.ts';
import { BASENAME } from './routes.ts';
import { startSession } from './session-storage.ts';
import { fetchVersionHash, startVersionCheck, VERSION_POLL_MS } from './version-check.ts';

beforeEach(() => {
  vi.useFakeTimers();
  resetLoading();
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('build version check', () => {
  it('reads /ecare/version.json with a timestamp, without bearer header or loading overlay', async () => {
    startSession('token-123');
    let during = -1;
    const { requests } = stubFetch(() => {
      during = getLoadingCount();
      return jsonResponse(versionSchema.parse({ hash: 'abc' }));
    });

    await expect(fetchVersionHash()).resolves.toBe('abc');

    // BASENAME is '/ecare' in the build ('' under the test runner).
    expect(requests[0]?.url).toMatch(new RegExp(`^${BASENAME}/version\\.json\\?t=\\d+$`));
    expect(requests[0]?.headers.has('Authorization')).toBe(false);
    expect(during).toBe(0);
  });

  it('polls every 10 seconds and reloads once the hash differs from the first one seen', async () => {
    const hashes = ['v1', 'v1', 'v2', 'v3'];
    const fetchHash = vi.fn(async () => hashes.shift() ?? 'v3');
    const reload = vi.fn();

    const stop = startVersionCheck({ fetchHash, reload });
    await vi.advanceTimersByTimeAsync(0);
    expect(fetchHash).toHaveBeenCalledTimes(1);

    await vi.advanceTimersByTimeAsync(VERSION_POLL_MS);
    expect(fetchHash).toHaveBeenCalledTimes(2);
    expect(reload).not.toHaveBeenCalled();

    await vi.advanceTimersByTimeAsync(VERSION_POLL_MS);
    expect(reload).toHaveBeenCalledTimes(1);

    // Reloading stops the polling.
    await vi.advanceTimersByTimeAsync(3 * VERSION_POLL_MS);
    expect(fetchHash).toHaveBeenCalledTimes(3);
    stop();
  });

  it('only logs a failed read and keeps polling', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const fetchHash = vi.fn().mockRejectedValueOnce(new Error('réseau')).mockResolvedValue('v1');
    const reload = vi.fn();

    const stop = startVersionCheck({ fetchHash, reload });
    await vi.advanceTimersByTimeAsync(0);
    expect(warn).toHaveBeenCalledTimes(1);

    await vi.advanceTimersByTimeAsync(2 * VERSION_POLL_MS);
    expect(fetchHash).toHaveBeenCalledTimes(3);
    expect(reload).not.toHaveBeenCalled();
    stop();
  });
});

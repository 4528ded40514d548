import { afterEach, describe, expect, it, vi } from 'vitest';
import { afterNextPaint } from './after-paint.ts';

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('afterNextPaint', () => {
  it('waits for the next frame, then for the task after it', () => {
    vi.useFakeTimers();
    const frames: FrameRequestCallback[] = [];
    vi.stubGlobal('requestAnimationFrame', (callback: FrameRequestCallback) => frames.push(callback));
    const callback = vi.fn();
    afterNextPaint(callback);
    vi.runAllTimers();
    expect(callback).not.toHaveBeenCalled();
    frames.forEach((frame) => frame(0));
    expect(callback).not.toHaveBeenCalled();
    vi.runAllTimers();
    expect(callback).toHaveBeenCalledTimes(1);
  });

  it('runs at once (next task) in a hidden page, which paints nothing', () => {
    vi.useFakeTimers();
    const frame = vi.fn();
    vi.stubGlobal('requestAnimationFrame', frame);
    const visibility = vi.spyOn(document, 'visibilityState', 'get').mockReturnValue('hidden');
    const callback = vi.fn();
    afterNextPaint(callback);
    vi.runAllTimers();
    expect(callback).toHaveBeenCalledTimes(1);
    expect(frame).not.toHaveBeenCalled();
    visibility.mockRestore();
  });
});

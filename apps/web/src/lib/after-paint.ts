import { startTransition, useEffect, useState } from 'react';

/**
 * Runs `callback` once the browser has painted what is on screen now: work that the first
 * paint does not need (loading more code, reads shown only later) then stays out of its way. A
 * hidden page paints nothing, so there it runs at once (as where frames are not available).
 */
export function afterNextPaint(callback: () => void): void {
  if (document.visibilityState === 'hidden' || typeof requestAnimationFrame !== 'function') {
    setTimeout(callback, 0);
    return;
  }
  // The frame callback runs just before the paint; the timer, just after it.
  requestAnimationFrame(() => setTimeout(callback, 0));
}

/**
 * Resolves in a later task: work that follows a long one (evaluating a large file) runs after
 * the browser has had its main thread back, rather than lengthening that task.
 */
export function nextTask(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, 0));
}

/** False for a component's first paint, true from the next render on. */
export function usePaintedOnce(): boolean {
  const [painted, setPainted] = useState(false);
  useEffect(() => {
    if (painted) return undefined;
    let live = true;
    afterNextPaint(() => {
      // What the second render adds is not urgent: React may work on it in short slices.
      if (live) startTransition(() => setPainted(true));
    });
    return () => {
      live = false;
    };
  }, [painted]);
  return painted;
}

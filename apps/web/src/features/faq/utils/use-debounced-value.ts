import { useCallback, useEffect, useState } from 'react';

/**
 * `value` once it has stayed the same for `delayMs`, and a way to take it at once (a search
 * submitted with Enter does not wait for the pause).
 */
export function useDebouncedValue<T>(value: T, delayMs: number): [debounced: T, flush: () => void] {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(value), delayMs);
    return () => clearTimeout(timer);
  }, [value, delayMs]);
  const flush = useCallback(() => setDebounced(value), [value]);
  return [debounced, flush];
}

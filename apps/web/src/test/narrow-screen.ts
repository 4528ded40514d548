import { onTestFinished } from 'vitest';

/**
 * For one test: a phone's screen, as `useNarrowScreen` reads it (jsdom has no `matchMedia`, which
 * the app reads as a wide screen).
 */
export function onPhoneScreen(): void {
  Object.defineProperty(window, 'matchMedia', {
    configurable: true,
    value: (media: string) => ({ media, matches: true, onchange: null, addEventListener() {}, removeEventListener() {} }),
  });
  onTestFinished(() => {
    Reflect.deleteProperty(window, 'matchMedia');
  });
}

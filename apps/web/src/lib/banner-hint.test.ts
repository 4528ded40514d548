import { afterEach, describe, expect, it } from 'vitest';
import { setBannerHint } from './banner-hint.ts';
import { clearAllStorage } from './session-storage.ts';

describe('setBannerHint', () => {
  afterEach(() => setBannerHint(false));

  it('leaves the cookie the server reads while the banner shows, and takes it back', () => {
    setBannerHint(true);
    expect(document.cookie).toContain('ecare_bandeau=1');
    setBannerHint(false);
    expect(document.cookie).not.toContain('ecare_bandeau');
  });

  it('is cleared with the rest of the session on sign-out', () => {
    setBannerHint(true);
    clearAllStorage();
    expect(document.cookie).not.toContain('ecare_bandeau');
  });
});

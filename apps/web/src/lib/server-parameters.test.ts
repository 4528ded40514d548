import { describe, expect, it } from 'vitest';
import { createServerParameters } from '../test/factories.ts';
import { isCaptchaRequired, isPortalOpen } from './server-parameters.ts';

describe('route guard (spec §2)', () => {
  it('opens pages while the parameters are unknown or when activer is the text True', () => {
    expect(isPortalOpen(null)).toBe(true);
    expect(isPortalOpen(createServerParameters({ activer: 'True' }))).toBe(true);
    expect(isPortalOpen(createServerParameters({ activer: 'False' }))).toBe(false);
    expect(isPortalOpen(createServerParameters({ activer: '' }))).toBe(false);
  });
});

describe('captcha rule (spec §4, §7)', () => {
  it('runs the captcha unless in BDP mode or hidden', () => {
    expect(isCaptchaRequired(createServerParameters({ est_Bdp: 'false', hidE_CAPTCHA: 'false' }))).toBe(true);
    expect(isCaptchaRequired(createServerParameters({ est_Bdp: 'true', hidE_CAPTCHA: 'false' }))).toBe(false);
    expect(isCaptchaRequired(createServerParameters({ est_Bdp: 'false', hidE_CAPTCHA: 'TRUE' }))).toBe(false);
  });
});

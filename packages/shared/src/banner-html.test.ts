import { describe, expect, it } from 'vitest';
import { SAFE_HREF_CASES } from './banner-html.cases.ts';
import { isExternalHref, isSafeHref } from './banner-html.ts';

describe('isSafeHref', () => {
  it.each(SAFE_HREF_CASES)('%s → %s', (href, expected) => {
    expect(isSafeHref(href)).toBe(expected);
  });
});

describe('isExternalHref', () => {
  it('tells an http(s) link from a relative one', () => {
    expect(isExternalHref(' https://example.com')).toBe(true);
    expect(isExternalHref('/ecare/assistance/faq')).toBe(false);
  });
});

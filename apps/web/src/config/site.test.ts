import { isPlaceholderUrl } from '@ecare/shared/page-paths';
import { describe, expect, it } from 'vitest';
import { EXTERNAL_LINKS } from './site.ts';

describe('EXTERNAL_LINKS', () => {
  it('holds the operator’s addresses or none, never a placeholder host', () => {
    const placeholders = Object.entries(EXTERNAL_LINKS).filter(([, href]) => href !== null && isPlaceholderUrl(href));
    expect(placeholders).toEqual([]);
  });
});

import { BRAND_NAME } from '../../../config/site.ts';

/** Stands for the brand in stored texts (legal pages, FAQ): what the public pages put in its place. */
export const BRAND_PLACEHOLDER = '{{marque}}';

/** A stored text as visitors read it: the placeholder replaced by the brand. */
export function withBrand(text: string): string {
  return text.replaceAll(BRAND_PLACEHOLDER, BRAND_NAME);
}

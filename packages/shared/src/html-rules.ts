/**
 * What a sanitizer keeps of server-supplied HTML: one rule set per kind of content. Two
 * sanitizers apply a rule set, the browser's (DOM) and the server's (parse5); for the same rules
 * and input both give the same text. Free of zod: the login page's banner goes through it.
 */
import { BANNER_ALLOWED_TAGS, BANNER_DROPPED_TAGS } from './banner-html.ts';

/** Whether an attribute's value may be kept as it is. */
export type AttributeCheck = (value: string) => boolean;

export interface HtmlRules {
  /** Elements kept; any other element is unwrapped (its content stays). */
  readonly allowedTags: ReadonlySet<string>;
  /** Elements removed with their whole content. */
  readonly droppedTags: ReadonlySet<string>;
  /**
   * Attributes kept on a kept element besides a link's href, written in this order (never the
   * input's), each only when its check passes. Everything else is dropped.
   */
  readonly attributes: Readonly<Record<string, Readonly<Record<string, AttributeCheck>>>>;
  /** Whether a link leaving the portal opens in a new window (target and rel are then added). */
  readonly externalLinksInNewWindow: boolean;
}

/** The rules of the information banners (server parameters messageAuthentification, titrE_BANDEAU). */
export const BANNER_HTML_RULES: HtmlRules = {
  allowedTags: BANNER_ALLOWED_TAGS,
  droppedTags: BANNER_DROPPED_TAGS,
  attributes: {},
  externalLinksInNewWindow: true,
};

/** The attributes a rule set keeps on one element, in their output order. */
export function keptAttributes(rules: HtmlRules, tag: string): [name: string, check: AttributeCheck][] {
  return Object.entries(rules.attributes[tag] ?? {});
}

import { parseFragment } from 'parse5';
import { isExternalHref, isSafeHref } from '@ecare/shared/banner-html';
import { keptAttributes, type HtmlRules } from '@ecare/shared/html-rules';

/**
 * Server-supplied HTML reduced to a rule set of packages/shared (html-rules.ts: the banners',
 * legal-html.ts: the legal pages') before it is written into a page or answered. The browser's
 * sanitizer (apps/web/src/lib/sanitize-html.ts) applies the same rules; both pass the same cases.
 * The output is built from scratch (only the kept elements and attributes, with escaped text,
 * ever come out) and serialized as a browser serializes a DOM, so that the browser's pass over
 * this output gives it back unchanged.
 */

// The HTML standard's serialization of text and of attribute values.
const escapeText = (text: string) => text.replace(/&/g, '&amp;').replace(/\u00a0/g, '&nbsp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
const escapeAttribute = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/\u00a0/g, '&nbsp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

const VOID_TAGS = new Set(['br']);

/** The part of parse5's tree read here: text, elements (with attributes) and anything else. */
interface ParsedNode {
  nodeName: string;
  value?: string;
  tagName?: string;
  attrs?: { name: string; value: string }[];
  childNodes?: ParsedNode[];
}

/**
 * What a pass removed, for whoever must tell the author (the back office, decision 030): each
 * element dropped with its content, each element unwrapped (its content kept), each attribute
 * left out (a link's unsafe href among them), and whether comments were present.
 */
export interface SanitizeReport {
  droppedTags: Set<string>;
  unwrappedTags: Set<string>;
  droppedAttributes: Set<string>;
  comments: boolean;
}

export function emptySanitizeReport(): SanitizeReport {
  return { droppedTags: new Set(), unwrappedTags: new Set(), droppedAttributes: new Set(), comments: false };
}

function attributesOf(node: ParsedNode, tag: string, rules: HtmlRules, report?: SanitizeReport): string {
  const given = new Map((node.attrs ?? []).map((attribute) => [attribute.name, attribute.value]));
  const kept = new Set<string>();
  let written = '';
  if (tag === 'a') {
    const href = given.get('href');
    if (href !== undefined && isSafeHref(href)) {
      kept.add('href');
      written += ` href="${escapeAttribute(href.trim())}"`;
      if (rules.externalLinksInNewWindow && isExternalHref(href)) written += ' target="_blank" rel="noopener noreferrer"';
    }
  }
  for (const [name, check] of keptAttributes(rules, tag)) {
    const value = given.get(name);
    if (value !== undefined && check(value)) {
      kept.add(name);
      written += ` ${name}="${escapeAttribute(value)}"`;
    }
  }
  if (report) for (const name of given.keys()) if (!kept.has(name)) report.droppedAttributes.add(name);
  return written;
}

function render(nodes: ParsedNode[] | undefined, rules: HtmlRules, report?: SanitizeReport): string {
  let html = '';
  for (const node of nodes ?? []) {
    if (node.nodeName === '#text') {
      html += escapeText(node.value ?? '');
      continue;
    }
    const tag = node.tagName;
    if (tag === undefined) {
      if (report && node.nodeName === '#comment') report.comments = true;
      continue;
    }
    if (rules.droppedTags.has(tag)) {
      report?.droppedTags.add(tag);
      continue;
    }
    if (!rules.allowedTags.has(tag)) {
      if (report) {
        report.unwrappedTags.add(tag);
        for (const attribute of node.attrs ?? []) report.droppedAttributes.add(attribute.name);
      }
      html += render(node.childNodes, rules, report);
      continue;
    }
    const open = `<${tag}${attributesOf(node, tag, rules, report)}>`;
    html += VOID_TAGS.has(tag) ? open : `${open}${render(node.childNodes, rules, report)}</${tag}>`;
  }
  return html;
}

/** HTML reduced to what `rules` keep; '' for blank input. `report`, when given, collects what was removed. */
export function sanitizeHtml(html: string, rules: HtmlRules, report?: SanitizeReport): string {
  if (html.trim() === '') return '';
  return render((parseFragment(html) as ParsedNode).childNodes, rules, report);
}

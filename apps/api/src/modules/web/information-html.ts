import { parseFragment } from 'parse5';
import { BANNER_ALLOWED_TAGS, BANNER_DROPPED_TAGS, isExternalHref, isSafeHref } from '@ecare/shared/banner-html';

/**
 * The login page's information banner (server parameter messageAuthentification) is written
 * into the page's HTML by the server, so it is reduced here with the rules the web app applies
 * in the browser (packages/shared/src/banner-html.ts). The output is built from scratch: only
 * the allowed tags and escaped text ever reach the page, whatever the input.
 */

const escapeText = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
const escapeAttribute = (text: string) => escapeText(text).replace(/"/g, '&quot;');

/** The part of parse5's tree read here: text, elements (with attributes) and anything else. */
interface ParsedNode {
  nodeName: string;
  value?: string;
  tagName?: string;
  attrs?: { name: string; value: string }[];
  childNodes?: ParsedNode[];
}

function anchorAttributes(node: ParsedNode): string {
  const href = node.attrs?.find((attribute) => attribute.name === 'href')?.value;
  if (href === undefined || !isSafeHref(href)) return '';
  const external = isExternalHref(href) ? ' target="_blank" rel="noopener noreferrer"' : '';
  return ` href="${escapeAttribute(href.trim())}"${external}`;
}

function render(nodes: ParsedNode[] | undefined): string {
  let html = '';
  for (const node of nodes ?? []) {
    if (node.nodeName === '#text') {
      html += escapeText(node.value ?? '');
      continue;
    }
    const tag = node.tagName;
    if (tag === undefined || BANNER_DROPPED_TAGS.has(tag)) continue;
    if (!BANNER_ALLOWED_TAGS.has(tag)) {
      html += render(node.childNodes);
      continue;
    }
    if (tag === 'br') {
      html += '<br>';
      continue;
    }
    html += `<${tag}${tag === 'a' ? anchorAttributes(node) : ''}>${render(node.childNodes)}</${tag}>`;
  }
  return html;
}

/** Server-supplied banner HTML reduced to harmless markup; '' for a blank message. */
export function informationHtml(message: string): string {
  if (message.trim() === '') return '';
  return render((parseFragment(message) as ParsedNode).childNodes);
}

import { parseFragment } from 'parse5';

/**
 * The login page's information banner (server parameter messageAuthentification) is written
 * into the page's HTML by the server, so it is reduced here with the rules the web app applies
 * in the browser (apps/web/src/lib/sanitize-html.ts): b, strong, i, em, a (http(s) or relative
 * href), br, p and span, without any other attribute. The output is built from scratch: only
 * these tags and escaped text ever reach the page, whatever the input.
 */

const ALLOWED_TAGS = new Set(['b', 'strong', 'i', 'em', 'a', 'br', 'p', 'span']);

/** Elements removed with their whole content. */
const DROPPED_TAGS = new Set([
  'script', 'style', 'template', 'iframe', 'frame', 'frameset', 'object', 'embed', 'noscript',
  'svg', 'math', 'textarea', 'select', 'title', 'head', 'link', 'meta', 'base',
]);

const SCHEME = /^([a-z][a-z0-9+.-]*):/i;

/** http(s) URLs and same-site relative URLs only; "//host" and other schemes are refused. */
export function isSafeHref(value: string): boolean {
  // Browsers ignore control characters and spaces inside a scheme ("java\tscript:").
  const compact = Array.from(value)
    .filter((char) => char.charCodeAt(0) > 0x20 && char.charCodeAt(0) !== 0x7f)
    .join('');
  if (compact === '') return false;
  const scheme = SCHEME.exec(compact);
  if (scheme) return /^https?$/i.test(scheme[1] ?? '');
  return !compact.startsWith('//') && !compact.startsWith('\\') && !compact.startsWith('/\\');
}

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
  const external = /^\s*https?:/i.test(href) ? ' target="_blank" rel="noopener noreferrer"' : '';
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
    if (tag === undefined || DROPPED_TAGS.has(tag)) continue;
    if (!ALLOWED_TAGS.has(tag)) {
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

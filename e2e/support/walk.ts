import { menuSchema, type MenuItem } from '@ecare/shared/menu';
import type { Page, Request, Response } from 'playwright-core';

/** Where a link leads: a page of the app (its path and query, without /ecare) or an address outside it. */
export type Destination = { kind: 'page'; path: string } | { kind: 'outside'; url: string };

/** Reads an address as the portal's links give it (absolute, `/ecare/…`, or an in-app path of the menu). */
export function destinationOf(href: string, origin: string): Destination {
  const url = new URL(href, origin);
  if (url.origin !== origin || !/^https?:$/.test(url.protocol)) return { kind: 'outside', url: url.href };
  const path = url.pathname.startsWith('/ecare/') || url.pathname === '/ecare' ? url.pathname.slice('/ecare'.length) || '/' : url.pathname;
  return { kind: 'page', path: `${path}${url.search}` };
}

/** Every address of a menu: its items', sub-headings' and modules'. */
export function menuAddresses(items: readonly MenuItem[]): string[] {
  return items.flatMap((item) => [item.url, ...item.sousRubriques.flatMap((heading) => [heading.url, ...heading.modules.map((module) => module.url)])]).flatMap((url) => (url ? [url] : []));
}

/** Follows the menu the page's frame reads (`GET /api/menu/…`): its last answer, as the app parsed it. */
export function watchMenu(page: Page): () => Promise<MenuItem[]> {
  let last: Response | null = null;
  page.on('response', (response) => {
    if (new URL(response.url()).pathname.startsWith('/api/menu/') && response.ok()) last = response;
  });
  return async () => {
    if (!last) throw new Error('the page read no menu');
    return menuSchema.parse(await last.json());
  };
}

/**
 * Follows the page's requests to the API and for the app's code: a page has settled once none is
 * on its way for a moment (the version check, every 10 s, is left out). One never done, such as
 * an answer asked for ahead and read by nobody, is named in the error.
 */
export function watchRequests(page: Page): () => Promise<void> {
  const inFlight = new Set<Request>();
  const counted = (request: Request) => {
    const { pathname } = new URL(request.url());
    return pathname.startsWith('/api/') || pathname.startsWith('/ecare/assets/');
  };
  page.on('request', (request) => {
    if (counted(request)) inFlight.add(request);
  });
  page.on('requestfinished', (request) => inFlight.delete(request));
  page.on('requestfailed', (request) => inFlight.delete(request));
  return async () => {
    let quietSince = Date.now();
    const deadline = Date.now() + 30_000;
    while (Date.now() < deadline) {
      if (inFlight.size > 0) quietSince = Date.now();
      else if (Date.now() - quietSince >= 300) return;
      await page.waitForTimeout(50);
    }
    const pending = [...inFlight].map((request) => new URL(request.url()).pathname).join(', ');
    throw new Error(`${page.url()}: requests still on their way after 30 s: ${pending}`);
  };
}

/**
 * Opens an app page the way a link of the app does, without reloading the app: the router is
 * told of the new address (React Router's own history state, one step further).
 */
export async function openInApp(page: Page, path: string): Promise<void> {
  await page.evaluate((url) => {
    const current = history.state as { idx?: number } | null;
    history.pushState({ usr: null, key: `walk${Date.now().toString(36)}`, idx: (current?.idx ?? 0) + 1 }, '', url);
    dispatchEvent(new PopStateEvent('popstate', { state: history.state }));
  }, `/ecare${path === '/' ? '/' : path}`);
}

/** The links of the page's header and footer (the mobile menu's too, when it is open), as absolute addresses. */
export function frameLinks(page: Page): Promise<string[]> {
  return page.locator('header a[href], footer a[href]').evaluateAll((links) => links.map((link) => (link as HTMLAnchorElement).href));
}

/** Every http(s) link of the page, as absolute addresses. */
export function pageLinks(page: Page): Promise<string[]> {
  return page.locator('a[href^="http"], a[href^="/"]').evaluateAll((links) => links.map((link) => (link as HTMLAnchorElement).href));
}

/**
 * What is wider than the window: the document's own scroll width, and each visible element
 * reaching past either edge, a box scrolling sideways or not (a table in its own scrolling box
 * hides its last columns all the same); only what a box deliberately clips (overflow hidden) and
 * words for screen readers are left out.
 */
export function widerThanScreen(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    const found: string[] = [];
    if (document.documentElement.scrollWidth > window.innerWidth) found.push(`document ${document.documentElement.scrollWidth} px in ${window.innerWidth} px`);
    const clippedSideways = (element: Element) => {
      for (let parent = element.parentElement; parent && parent !== document.body; parent = parent.parentElement) {
        const overflow = getComputedStyle(parent).overflowX;
        if (overflow === 'hidden' || overflow === 'clip') return true;
      }
      return false;
    };
    for (const element of Array.from(document.body.querySelectorAll('*'))) {
      const box = element.getBoundingClientRect();
      if (box.width === 0 || box.height === 0 || (box.left >= -0.5 && box.right <= width + 0.5)) continue;
      const style = getComputedStyle(element);
      // Words for screen readers only, and what is not shown.
      if (style.visibility !== 'visible' || style.clip !== 'auto' || style.clipPath !== 'none' || clippedSideways(element)) continue;
      const name = `${element.tagName.toLowerCase()}${element.id ? `#${element.id}` : ''}${element.className && typeof element.className === 'string' ? `.${element.className.trim().split(/\s+/).slice(0, 3).join('.')}` : ''}`;
      found.push(`${name} from ${Math.round(box.left)} to ${Math.round(box.right)} px: “${(element.textContent ?? '').trim().slice(0, 40)}”`);
      if (found.length >= 5) break;
    }
    return found;
  });
}

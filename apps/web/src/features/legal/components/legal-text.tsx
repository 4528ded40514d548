import { LEGAL_HTML_RULES } from '@ecare/shared/legal-html';
import { useLayoutEffect, useRef } from 'react';
import { HtmlText } from '../../../components/ui/html-text.tsx';
import { useInAppLinks } from '../../../lib/use-in-app-links.ts';

/** Reading styles of the server's HTML: headings, lists, definition lists, addresses, tables. */
const LEGAL_TEXT_CLASS = [
  'max-w-3xl space-y-4 leading-relaxed',
  '[&_h2]:pt-4 [&_h2]:text-xl [&_h2]:font-bold [&_h2]:text-primary-strong',
  '[&_h3]:pt-2 [&_h3]:text-lg [&_h3]:font-semibold [&_h4]:font-semibold',
  '[&_ul]:list-disc [&_ul]:space-y-1 [&_ul]:pl-6 [&_ol]:list-decimal [&_ol]:space-y-1 [&_ol]:pl-6',
  '[&_a]:link',
  '[&_dl]:grid [&_dl]:gap-x-6 sm:[&_dl]:grid-cols-[minmax(10rem,16rem)_1fr] [&_dt]:font-semibold [&_dd]:mb-3 sm:[&_dd]:mb-2',
  '[&_address]:rounded-md [&_address]:border-l-4 [&_address]:border-primary [&_address]:bg-primary-soft [&_address]:px-4 [&_address]:py-3 [&_address]:not-italic',
  '[&_table]:w-full [&_table]:border-collapse [&_table]:text-sm sm:[&_table]:text-base',
  '[&_caption]:pb-2 [&_caption]:text-left [&_caption]:font-semibold',
  '[&_th]:border [&_th]:border-line [&_th]:bg-canvas [&_th]:p-1.5 sm:[&_th]:p-2 [&_th]:text-left [&_th]:align-top',
  '[&_td]:border [&_td]:border-line [&_td]:p-1.5 sm:[&_td]:p-2 [&_td]:align-top',
  // A long word may break, so that a table fits a phone's screen rather than scroll sideways.
  '[&_th]:[overflow-wrap:anywhere] [&_td]:[overflow-wrap:anywhere]',
  '[&_dd]:[overflow-wrap:anywhere]',
].join(' ');

/** A table wider than a narrow screen scrolls sideways in its own box, not the page. */
const TABLE_SCROLL_CLASS = 'overflow-x-auto rounded-sm';

/**
 * Puts each table of the text in a box that scrolls sideways when the table is wider than the
 * screen, as a named region.
 */
function boxTables(root: HTMLElement): void {
  for (const table of root.querySelectorAll('table')) {
    if (table.parentElement?.dataset.tableScroll !== undefined) continue;
    const box = document.createElement('div');
    box.dataset.tableScroll = '';
    box.className = TABLE_SCROLL_CLASS;
    box.setAttribute('role', 'region');
    box.setAttribute('aria-label', table.caption?.textContent?.trim() || 'Tableau');
    table.replaceWith(box);
    box.append(table);
  }
}

/** A box that scrolls takes the keyboard focus (its arrow keys scroll it); one that does not stays out of the tab order. */
function focusScrollingBoxes(root: HTMLElement): void {
  for (const box of root.querySelectorAll<HTMLElement>('[data-table-scroll]')) {
    if (box.scrollWidth > box.clientWidth) box.tabIndex = 0;
    else box.removeAttribute('tabindex');
  }
}

/**
 * A legal text from the server, reduced to the legal rule set. Its links into the portal go
 * through the router (no reload of the app); others are left to the browser.
 */
export function LegalText({ html }: { html: string }) {
  const container = useRef<HTMLDivElement>(null);

  // Before the first paint of each new text, so that nothing moves.
  useLayoutEffect(() => {
    const node = container.current;
    if (!node) return;
    boxTables(node);
    const update = () => focusScrollingBoxes(node);
    update();
    window.addEventListener('resize', update);
    return () => window.removeEventListener('resize', update);
  }, [html]);

  useInAppLinks(container);

  return (
    <div ref={container}>
      <HtmlText html={html} rules={LEGAL_HTML_RULES} className={LEGAL_TEXT_CLASS} />
    </div>
  );
}

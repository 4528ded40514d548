import { FAQ_HTML_RULES } from '@ecare/shared/faq';
import { useEffect, useRef } from 'react';
import { useNavigate } from 'react-router';
import { HtmlText } from '../../../components/ui/html-text.tsx';
import { BASENAME, stripBasename } from '../../../lib/routes.ts';

const ANSWER_CLASS = [
  'max-w-3xl space-y-3 leading-relaxed',
  '[&_ul]:list-disc [&_ul]:space-y-1 [&_ul]:pl-6 [&_ol]:list-decimal [&_ol]:space-y-1 [&_ol]:pl-6',
  '[&_a]:link [&_dt]:font-semibold [&_dd]:mb-2',
].join(' ');

/** Whether a same-origin path belongs to the portal (under its base path). */
const isInApp = (pathname: string) => BASENAME === '' || pathname === BASENAME || pathname.startsWith(`${BASENAME}/`);

/**
 * An answer from the server, reduced to the FAQ rule set. Its links into the portal go through
 * the router (the reader keeps the app, and their place in it); others are left to the browser.
 */
export function FaqAnswer({ html }: { html: string }) {
  const container = useRef<HTMLDivElement>(null);
  const navigate = useNavigate();

  useEffect(() => {
    const node = container.current;
    if (!node) return;
    const follow = (event: MouseEvent) => {
      if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
      const anchor = event.target instanceof Element ? event.target.closest('a[href]') : null;
      if (!(anchor instanceof HTMLAnchorElement)) return;
      const url = new URL(anchor.href, window.location.href);
      if (url.origin !== window.location.origin || !isInApp(url.pathname)) return;
      event.preventDefault();
      void navigate(`${stripBasename(url.pathname)}${url.search}${url.hash}`);
    };
    node.addEventListener('click', follow);
    return () => node.removeEventListener('click', follow);
  }, [navigate]);

  return (
    <div ref={container}>
      <HtmlText html={html} rules={FAQ_HTML_RULES} className={ANSWER_CLASS} />
    </div>
  );
}

import { FAQ_HTML_RULES } from '@ecare/shared/faq';
import { useRef } from 'react';
import { HtmlText } from '../../../components/ui/html-text.tsx';
import { useInAppLinks } from '../../../lib/use-in-app-links.ts';

const ANSWER_CLASS = [
  'max-w-3xl space-y-3 leading-relaxed',
  '[&_ul]:list-disc [&_ul]:space-y-1 [&_ul]:pl-6 [&_ol]:list-decimal [&_ol]:space-y-1 [&_ol]:pl-6',
  '[&_a]:link [&_dt]:font-semibold [&_dd]:mb-2',
].join(' ');

/**
 * An answer from the server, reduced to the FAQ rule set. Its links into the portal go through
 * the router (the reader keeps the app, and their place in it); others are left to the browser.
 */
export function FaqAnswer({ html }: { html: string }) {
  const container = useRef<HTMLDivElement>(null);
  useInAppLinks(container);

  return (
    <div ref={container}>
      <HtmlText html={html} rules={FAQ_HTML_RULES} className={ANSWER_CLASS} />
    </div>
  );
}

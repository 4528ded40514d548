import { HtmlText } from '../ui/html-text.tsx';

/** The banner's box and text: also drawn, before the app runs, by the page shell (app/layout/frame-shell.tsx). */
export const BANNER_BOX_CLASS = 'on-dark bg-accent text-white print:hidden';
export const BANNER_TEXT_CLASS = 'page-container py-3 text-center font-semibold [&_a]:underline [&_a]:underline-offset-2';

/** The accent banner whose HTML comes from server parameter titrE_BANDEAU (spec §2). */
export function OrangeBanner({ html }: { html: string }) {
  return (
    <div className={BANNER_BOX_CLASS}>
      <HtmlText html={html} className={BANNER_TEXT_CLASS} />
    </div>
  );
}

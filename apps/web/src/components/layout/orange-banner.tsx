import { HtmlText } from '../ui/html-text.tsx';

/** The accent banner whose HTML comes from server parameter titrE_BANDEAU (spec §2). */
export function OrangeBanner({ html }: { html: string }) {
  return (
    <div className="on-dark bg-accent text-white print:hidden">
      <HtmlText
        html={html}
        className="page-container py-3 text-center font-semibold [&_a]:underline [&_a]:underline-offset-2"
      />
    </div>
  );
}

import { useMemo } from 'react';
import { sanitizeHtml } from '../../../lib/sanitize-html.ts';

/** Where the server writes the banner into the login page's HTML (apps/api/src/platform/web). */
export const LOGIN_INFORMATION_ID = 'information-connexion';

interface LoginInformationProps {
  /** Server parameter messageAuthentification (HTML); null while the page shows what the server wrote. */
  html: string | null;
}

/**
 * Information banner of the login page (spec §2). The server writes it into the page's HTML,
 * so it is there at the first paint and nothing moves under it (decision 012); React takes the
 * markup over as it is (the inner HTML is not compared while hydrating) and rewrites it once
 * the parameters are known. Empty, the box takes no room (`empty:hidden`).
 */
export function LoginInformation({ html }: LoginInformationProps) {
  const clean = useMemo(() => (html === null ? '' : sanitizeHtml(html)), [html]);
  return (
    <div
      id={LOGIN_INFORMATION_ID}
      className="mb-6 rounded-md border-l-4 border-primary bg-primary-soft px-4 py-3 empty:hidden [&_a]:font-medium [&_a]:text-primary [&_a]:underline"
      dangerouslySetInnerHTML={{ __html: clean }}
      // The server's banner stands until the parameters are read here.
      suppressHydrationWarning
    />
  );
}

import { useEffect } from 'react';
import { SITE_TITLE } from '../../../config/site.ts';

/**
 * The document title of a back-office page. Its sections are routes of the area's own (not of
 * the route table), so they set it themselves, after the root layout's own effect.
 */
export function useAdminTitle(title: string): void {
  useEffect(() => {
    document.title = `${title} – Administration – ${SITE_TITLE}`;
  }, [title]);
}

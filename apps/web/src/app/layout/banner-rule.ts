import type { CurrentUser } from '@ecare/shared/auth';
import { isParameterOn, type ServerParameters } from '@ecare/shared/parameters';
import { pathShowsBanner } from '@ecare/shared/page-shell';

/** A web user is neither in BDP (pro-less) mode nor a customer-service user (spec §2). */
export function isWebUser(user: CurrentUser, parameters: ServerParameters | undefined): boolean {
  return !isParameterOn(parameters?.est_Bdp) && !user.serviceClient;
}

/**
 * The orange banner (titrE_BANDEAU) shows only when a user exists, for web users, outside the
 * contact form (and the pages without a session); the HTML it returns still goes through the sanitizer.
 */
export function bannerHtmlFor(
  user: CurrentUser | null,
  parameters: ServerParameters | undefined,
  pathname: string,
): string | null {
  const html = parameters?.titrE_BANDEAU.trim() ?? '';
  if (!user || html === '' || !pathShowsBanner(pathname) || !isWebUser(user, parameters)) return null;
  return html;
}

import type { ContactResponse } from '@ecare/shared/support';
import { Phone } from 'lucide-react';
import { useState } from 'react';
import { Link, useSearchParams, type LoaderFunctionArgs } from 'react-router';
import { ApiErrorAlert } from '../../components/ui/api-error-alert.tsx';
import { PageHeading } from '../../components/ui/page-heading.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { SUPPORT_LINE } from '../../config/contacts.ts';
import { fetchParameters } from '../../features/parameters/api/fetch-parameters.ts';
import { contactSubThemesQueryOptions } from '../../features/support/api/get-contact-sub-themes.ts';
import { contactThemesQueryOptions, useContactThemes } from '../../features/support/api/get-contact-themes.ts';
import { ContactForm } from '../../features/support/components/contact-form.tsx';
import { ContactSent } from '../../features/support/components/contact-sent.tsx';
import { visitorCaptchaTokenFor } from '../../lib/captcha.ts';
import { PATHS } from '../../lib/routes.ts';
import { getKnownParameters } from '../../lib/server-parameters.ts';
import { queryClient } from '../query-client.ts';
import { useSessionState } from '../session/use-session-state.ts';

/** `?idTheme=` of the address (spec §2: the security page opens the form on 13), when it is an id. */
function themeIdFrom(value: string | null): number | null {
  return value !== null && /^\d{1,9}$/.test(value) && Number(value) > 0 ? Number(value) : null;
}

/** The themes, and the sub-themes of the theme the address names, read before the page shows. */
export async function contactLoader({ request }: LoaderFunctionArgs) {
  const idTheme = themeIdFrom(new URL(request.url).searchParams.get('idTheme'));
  await Promise.all([
    queryClient.prefetchQuery(contactThemesQueryOptions()),
    idTheme === null ? null : queryClient.prefetchQuery(contactSubThemesQueryOptions(idTheme)),
  ]);
  return null;
}

/** A visitor's token for one call, whenever a captcha is configured (decision 024). */
async function visitorCaptcha(): Promise<string | undefined> {
  return visitorCaptchaTokenFor(getKnownParameters() ?? (await fetchParameters()));
}

/**
 * /assistance/formulaire-contact?idTheme=…: writes to the customer service, signed in (the
 * sender is the customer, their chosen account named) or not (name and e-mail asked, with the
 * captcha when one is configured). Shows the request's reference once sent.
 */
export function ContactRoute() {
  const [params] = useSearchParams();
  const initialThemeId = themeIdFrom(params.get('idTheme'));
  const { authenticated, user, account } = useSessionState();
  const themes = useContactThemes();
  const [sent, setSent] = useState<ContactResponse | null>(null);
  // A new form (and its own state) for each message.
  const [formKey, setFormKey] = useState(0);
  const sessionPending = authenticated && user === null;

  return (
    <>
      <PageHeading intro={'Une question, une demande ou une réclamation\u00a0? Écrivez au service client\u00a0: nous vous répondons par e-mail.'}>
        Formulaire de contact
      </PageHeading>
      <div className="grid gap-8 lg:grid-cols-[minmax(0,1fr)_18rem]">
        <div>
          {sent ? (
            <ContactSent
              response={sent}
              follow={
                user ? (
                  <Link to={PATHS.accountRequests} className="btn-primary">
                    Suivre mes demandes
                  </Link>
                ) : null
              }
              onAnother={() => {
                setSent(null);
                setFormKey((key) => key + 1);
              }}
            />
          ) : themes.isError ? (
            <ApiErrorAlert error={themes.error}>
              <button type="button" className="btn-secondary" onClick={() => void themes.refetch()}>
                Réessayer
              </button>
            </ApiErrorAlert>
          ) : themes.isPending || sessionPending ? (
            <p className="flex items-center gap-3 text-muted">
              <Spinner /> Chargement du formulaire…
            </p>
          ) : (
            <ContactForm
              key={formKey}
              themes={themes.data}
              initialThemeId={initialThemeId}
              customer={user ? { prenom: user.prenom, nom: user.nom, email: user.email } : null}
              account={account ? { idClientBscs: account.idClientBscs, label: `${account.raisonSociale} – compte ${account.codeClientBscs}` } : null}
              captcha={user ? undefined : visitorCaptcha}
              onSent={setSent}
            />
          )}
        </div>
        <aside aria-labelledby="contact-telephone" className="card h-fit space-y-2">
          <h2 id="contact-telephone" className="flex items-center gap-2 text-lg font-bold text-primary-strong">
            <Phone aria-hidden="true" className="size-5" />
            Par téléphone
          </h2>
          <p>
            Appelez le{' '}
            <a href={`tel:${SUPPORT_LINE.number}`} className="link whitespace-nowrap font-semibold">
              {SUPPORT_LINE.number}
            </a>{' '}
            ({SUPPORT_LINE.pricing}), {SUPPORT_LINE.hours}.
          </p>
          <p>
            Avant d’écrire, la réponse est peut-être dans les{' '}
            <Link to={PATHS.faq} className="link">
              questions fréquentes
            </Link>
            .
          </p>
        </aside>
      </div>
    </>
  );
}

import { EMAIL_CHANGE_MESSAGES } from '@ecare/shared/email-change';
import { useEffect, useRef, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { Alert } from '../../components/ui/alert.tsx';
import { ApiErrorAlert } from '../../components/ui/api-error-alert.tsx';
import { PageHeading } from '../../components/ui/page-heading.tsx';
import { useDecideEmailChange } from '../../features/email-change/api/decide-email-change.ts';
import { useEmailChange } from '../../features/email-change/api/get-email-change.ts';
import { emailChangeView, type EmailLinkKind } from '../../features/email-change/components/email-change-status.tsx';
import { isApiError } from '../../lib/api-error.ts';
import { PATHS } from '../../lib/routes.ts';

const PAGES: Record<EmailLinkKind, { heading: string; decision: 'valider' | 'annuler' }> = {
  confirmation: { heading: 'Confirmation de votre nouvelle adresse e-mail', decision: 'valider' },
  annulation: { heading: 'Annulation du changement d’adresse e-mail', decision: 'annuler' },
};

function LoginLink() {
  return (
    <p className="mt-5">
      <Link to={PATHS.login} className="link">
        Aller à la page de connexion
      </Link>
    </p>
  );
}

function InvalidLink() {
  return (
    <>
      <Alert tone="error">{EMAIL_CHANGE_MESSAGES.invalidLink}</Alert>
      <LoginLink />
    </>
  );
}

/**
 * The link's state first, then the decision on an explicit button: a mail scanner that opens
 * the link decides nothing.
 */
function EmailLinkPanel({ kind, guid }: { kind: EmailLinkKind; guid: string }) {
  const state = useEmailChange(guid);
  const decide = useDecideEmailChange(guid, PAGES[kind].decision);
  const [attempted, setAttempted] = useState(false);
  const messageRef = useRef<HTMLDivElement>(null);

  // After a decision the button goes away: focus follows the new message.
  useEffect(() => {
    if (decide.isSuccess) messageRef.current?.focus();
  }, [decide.isSuccess]);

  if (state.error) {
    // The server refuses a malformed guid outright: as invalid as an unknown one.
    return isApiError(state.error) && state.error.status === 400 ? <InvalidLink /> : <ApiErrorAlert error={state.error} />;
  }
  if (!state.data) return null;

  const view = emailChangeView(kind, state.data, attempted);
  return (
    <>
      <div ref={messageRef} tabIndex={-1} className="outline-none">
        <Alert tone={view.tone}>{view.text}</Alert>
      </div>
      {decide.error ? <ApiErrorAlert error={decide.error} /> : null}
      {view.action ? (
        <button
          type="button"
          className="btn-primary mt-5"
          disabled={decide.isPending}
          onClick={() => decide.mutate(undefined, { onSuccess: () => setAttempted(true) })}
        >
          {view.action}
        </button>
      ) : (
        <LoginLink />
      )}
    </>
  );
}

function EmailLinkPage({ kind }: { kind: EmailLinkKind }) {
  const guid = useSearchParams()[0].get('guid')?.trim() ?? '';
  return (
    <>
      <PageHeading>{PAGES[kind].heading}</PageHeading>
      <section aria-label="État de la demande" className="card max-w-2xl">
        {guid === '' ? <InvalidLink /> : <EmailLinkPanel key={guid} kind={kind} guid={guid} />}
      </section>
    </>
  );
}

/** /identification/confirmationmodificationemail?guid=…: link sent to the new address (no session loading). */
export function ConfirmEmailChangeRoute() {
  return <EmailLinkPage kind="confirmation" />;
}

/** /identification/confirmationannulationemail?guid=…: link sent to the old address (no session loading). */
export function CancelEmailChangeRoute() {
  return <EmailLinkPage kind="annulation" />;
}

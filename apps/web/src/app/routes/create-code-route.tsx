import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Link, redirect, useLoaderData, type LoaderFunctionArgs } from 'react-router';
import { Alert } from '../../components/ui/alert.tsx';
import { PageHeading } from '../../components/ui/page-heading.tsx';
import { createCode } from '../../features/password/api/create-code.ts';
import { verifyGuid } from '../../features/password/api/verify-guid.ts';
import {
  CodeStrengthFields,
  EMPTY_CODE_FIELDS,
  type CodeFieldsValue,
} from '../../features/password/components/code-strength-fields.tsx';
import { apiErrorMessage } from '../../lib/api-error-message.ts';
import { isApiError } from '../../lib/api-error.ts';
import { PATHS } from '../../lib/routes.ts';

type LinkCheck = { kind: 'valid'; guid: string; email: string } | { kind: 'unchecked'; message: string };

/**
 * Spec §4 "Create code": a missing guid, or one the server says is not ok, leads to
 * /pages/accueil. A check that got no verdict (too many requests, network) is shown instead.
 */
export async function createCodeLoader({ params, request }: LoaderFunctionArgs): Promise<LinkCheck> {
  const guid = params.guid?.trim() ?? '';
  if (guid === '') throw redirect(PATHS.home);
  try {
    const check = await verifyGuid(guid, request.signal);
    if (!check.ok) throw redirect(PATHS.home);
    return { kind: 'valid', guid, email: check.email };
  } catch (error) {
    if (error instanceof Response) throw error;
    // A malformed guid is refused by the route's schema: as invalid as an unknown one.
    if (isApiError(error) && (error.status === 400 || error.status === 404)) throw redirect(PATHS.home);
    return { kind: 'unchecked', message: apiErrorMessage(error) };
  }
}

type SubmitState = { kind: 'editing' | 'pending' | 'done' } | { kind: 'failed'; message: string };

function CreatedNotice() {
  const noticeRef = useRef<HTMLParagraphElement>(null);
  useEffect(() => noticeRef.current?.focus(), []);
  return (
    <>
      <PageHeading>Votre nouveau code confidentiel</PageHeading>
      <div className="card max-w-2xl space-y-5">
        <p ref={noticeRef} tabIndex={-1} role="status" className="font-semibold text-success">
          Votre nouveau code confidentiel a bien été pris en compte.
        </p>
        <Link to={PATHS.login} className="btn-primary">
          Se connecter
        </Link>
      </div>
    </>
  );
}

function CreateCodeForm({ guid, email }: { guid: string; email: string }) {
  const [fields, setFields] = useState<CodeFieldsValue>(EMPTY_CODE_FIELDS);
  const [robust, setRobust] = useState(false);
  const [state, setState] = useState<SubmitState>({ kind: 'editing' });

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!robust || state.kind === 'pending') return;
    setState({ kind: 'pending' });
    try {
      await createCode({ guid, email, code: fields.newCode });
      setFields(EMPTY_CODE_FIELDS);
      setState({ kind: 'done' });
    } catch (error) {
      setState({ kind: 'failed', message: apiErrorMessage(error) });
    }
  };

  if (state.kind === 'done') return <CreatedNotice />;

  return (
    <>
      <PageHeading intro={`Identifiant : ${email}`}>Veuillez créer votre mot de passe</PageHeading>
      <form noValidate onSubmit={(event) => void submit(event)} className="card max-w-2xl space-y-6">
        <CodeStrengthFields
          value={fields}
          onChange={(next, nextRobust) => {
            setFields(next);
            setRobust(nextRobust);
          }}
          disabled={state.kind === 'pending'}
          username={email}
        />
        {state.kind === 'failed' ? <Alert tone="error">{state.message}</Alert> : null}
        <div className="flex flex-wrap gap-3">
          <Link to={PATHS.home} className="btn-secondary">
            Annuler
          </Link>
          <button type="submit" className="btn-primary" disabled={!robust || state.kind === 'pending'}>
            Valider
          </button>
        </div>
      </form>
    </>
  );
}

/** /identification/creer-code-confidentiel/{guid}: creation of a code from an e-mailed link (no session loading). */
export function CreateCodeRoute() {
  const check = useLoaderData<typeof createCodeLoader>();
  if (check.kind === 'unchecked') {
    return (
      <>
        <PageHeading>Veuillez créer votre mot de passe</PageHeading>
        <Alert tone="error">{check.message}</Alert>
      </>
    );
  }
  return <CreateCodeForm key={check.guid} guid={check.guid} email={check.email} />;
}

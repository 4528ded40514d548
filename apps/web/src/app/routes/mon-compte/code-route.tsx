import { useState, type FormEvent } from 'react';
import { Alert } from '../../../components/ui/alert.tsx';
import { PageHeading } from '../../../components/ui/page-heading.tsx';
import { useCurrentUser } from '../../../features/auth/api/get-current-user.ts';
import { changeCode } from '../../../features/password/api/change-code.ts';
import {
  CodeStrengthFields,
  EMPTY_CODE_FIELDS,
  type CodeFieldsValue,
} from '../../../features/password/components/code-strength-fields.tsx';
import { apiErrorMessage } from '../../../lib/api-error-message.ts';

export { accountAreaLoader as codeLoader } from './account-loader.ts';

type SubmitState = { kind: 'editing' | 'pending' | 'done' } | { kind: 'failed'; message: string };

/** /mon-compte/code-confidentiel: change of the signed-in user's code; their other sessions end. */
export function CodeRoute() {
  const user = useCurrentUser().data;
  const [fields, setFields] = useState<CodeFieldsValue>(EMPTY_CODE_FIELDS);
  const [robust, setRobust] = useState(false);
  const [state, setState] = useState<SubmitState>({ kind: 'editing' });
  // A new form after each success, so the strength fields start afresh.
  const [round, setRound] = useState(0);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!user || !robust || state.kind === 'pending') return;
    setState({ kind: 'pending' });
    try {
      await changeCode({ email: user.email, oldCode: fields.oldCode, newCode: fields.newCode });
      setFields(EMPTY_CODE_FIELDS);
      setRobust(false);
      setRound(round + 1);
      setState({ kind: 'done' });
    } catch (error) {
      setState({ kind: 'failed', message: apiErrorMessage(error) });
    }
  };

  return (
    <>
      <PageHeading intro="Saisissez votre code confidentiel actuel puis choisissez le nouveau.">
        Changer mon code confidentiel
      </PageHeading>
      <form noValidate onSubmit={(event) => void submit(event)} className="card max-w-2xl space-y-6">
        <CodeStrengthFields
          key={round}
          value={fields}
          withOldCode
          onChange={(next, nextRobust) => {
            setFields(next);
            setRobust(nextRobust);
            if (state.kind !== 'pending') setState({ kind: 'editing' });
          }}
          disabled={state.kind === 'pending'}
          username={user?.email}
        />
        {state.kind === 'failed' ? <Alert tone="error">{state.message}</Alert> : null}
        <div role="status">
          {state.kind === 'done' ? (
            <Alert tone="success" live={false}>
              Votre nouveau code confidentiel a bien été pris en compte. Vos autres sessions ouvertes ont été fermées.
            </Alert>
          ) : null}
        </div>
        <button type="submit" className="btn-primary" disabled={!robust || state.kind === 'pending'}>
          Valider
        </button>
      </form>
    </>
  );
}

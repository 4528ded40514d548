import { FAQ_ERRORS } from '@ecare/shared/faq-errors';
import { useEffect, useId, useRef, useState } from 'react';
import { Link } from 'react-router';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { hasErrorCode } from '../../../lib/api-error.ts';
import { apiErrorMessage } from '../../../lib/api-error-message.ts';
import { PATHS } from '../../../lib/routes.ts';
import { useRecordFaqStatistic } from '../api/record-faq-statistic.ts';
import { useFaqStatistics, type FaqOpinion } from './faq-statistics.tsx';

function Thanks({ opinion }: { opinion: FaqOpinion }) {
  if (opinion === 'DEJA_DONNE') return <>{FAQ_ERRORS.FAQ_VOTE_ALREADY_RECORDED.message}</>;
  if (opinion === 'OUI') return <>Merci pour votre avis&nbsp;!</>;
  return (
    <>
      Merci pour votre avis. Vous n’avez pas trouvé votre réponse&nbsp;?{' '}
      <Link to={PATHS.contactForm} className="link">
        Écrivez-nous
      </Link>
      .
    </>
  );
}

/**
 * "Cette réponse vous a-t-elle aidé ?" with Oui and Non: one opinion per session and question
 * (the server says so when one was given before). Once given, the buttons give way to the
 * thanks, which takes the focus so that the keyboard does not fall back to the top of the page.
 */
export function FaqFeedback({ idQuestion }: { idQuestion: number }) {
  const labelId = useId();
  const { opinions, setOpinion } = useFaqStatistics();
  const opinion = opinions.get(idQuestion);
  const vote = useRecordFaqStatistic();
  const thanks = useRef<HTMLParagraphElement>(null);
  const [answeredHere, setAnsweredHere] = useState(false);

  useEffect(() => {
    if (answeredHere && opinion) thanks.current?.focus();
  }, [answeredHere, opinion]);

  const send = (utile: boolean) => {
    vote.mutate(
      { idQuestion, utile },
      {
        onSuccess: () => {
          setAnsweredHere(true);
          setOpinion(idQuestion, utile ? 'OUI' : 'NON');
        },
        onError: (error) => {
          if (!hasErrorCode(error, 'FAQ_VOTE_ALREADY_RECORDED')) return;
          setAnsweredHere(true);
          setOpinion(idQuestion, 'DEJA_DONNE');
        },
      },
    );
  };

  return (
    <div className="mt-4 rounded-md bg-canvas px-4 py-3">
      {opinion ? null : (
        <div role="group" aria-labelledby={labelId} className="flex flex-wrap items-center gap-x-4 gap-y-2">
          <p id={labelId} className="font-semibold">
            Cette réponse vous a-t-elle aidé&nbsp;?
          </p>
          <div className="flex gap-3">
            <button type="button" className="btn-secondary min-w-20" disabled={vote.isPending} onClick={() => send(true)}>
              Oui
            </button>
            <button type="button" className="btn-secondary min-w-20" disabled={vote.isPending} onClick={() => send(false)}>
              Non
            </button>
          </div>
          {vote.isPending ? <Spinner small /> : null}
        </div>
      )}
      {/* Always in the page, so that the thanks (or the failure) is announced when it appears. */}
      <p ref={thanks} tabIndex={-1} role="status" className="outline-offset-4">
        {opinion ? <Thanks opinion={opinion} /> : null}
      </p>
      {vote.error && !opinion ? (
        <p role="alert" className="mt-2 text-danger">
          {apiErrorMessage(vote.error)}
        </p>
      ) : null}
    </div>
  );
}

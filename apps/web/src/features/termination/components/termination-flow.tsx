import type { TerminationStatusAnswer } from '@ecare/shared/termination';
import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { Alert } from '../../../components/ui/alert.tsx';
import { ReadFailed, WaitingText } from '../../../components/ui/query-states.tsx';
import { StepList } from '../../../components/ui/step-list.tsx';
import { useCommitment } from '../api/get-commitment.ts';
import { useReasons } from '../api/get-reasons.ts';
import { useSubReasons } from '../api/get-sub-reasons.ts';
import { useTerminationInProgress } from '../api/get-termination-in-progress.ts';
import { useTerminationDraft } from '../utils/termination-draft.ts';
import { TERMINATION_STEPS, type TerminationStep } from '../utils/termination-steps.ts';
import { FeesStep } from './fees-step.tsx';
import { ProofsStep } from './proofs-step.tsx';
import { ReasonStep } from './reason-step.tsx';
import { RecapStep } from './recap-step.tsx';
import { ScheduledTermination } from './scheduled-termination.tsx';
import { SubReasonStep } from './sub-reason-step.tsx';

interface TerminationFlowProps {
  idContrat: number;
  step: TerminationStep;
  onStep: (step: TerminationStep) => void;
  /** Where the line's page is, to go back to it. */
  linePath: string;
}

/**
 * A line's termination (decision 031): reason → sub-reason → commitment and fees → proofs → recap
 * → confirmation, the answers kept in one draft on the server whatever the step shown; a
 * scheduled termination shows instead, with its cancellation; an obstacle says what to do.
 */
export function TerminationFlow({ idContrat, step, onStep, linePath }: TerminationFlowProps) {
  const commitment = useCommitment(idContrat);
  const reasons = useReasons(idContrat);
  const scheduled = useTerminationInProgress(idContrat);
  const { draft, persist, reset, query: draftQuery } = useTerminationDraft(idContrat);
  const [sent, setSent] = useState<TerminationStatusAnswer | null>(null);
  const [cancelled, setCancelled] = useState<TerminationStatusAnswer | null>(null);
  const heading = useRef<HTMLDivElement>(null);

  const reason = reasons.data?.find((candidate) => candidate.idMotif === draft.idMotif) ?? null;
  const subReasons = useSubReasons(reason?.aSousMotifs ? reason.idMotif : null);
  const subReason = subReasons.data?.find((candidate) => candidate.idMotif === draft.idSousMotif) ?? null;

  // Each step starts at its top, its heading read first.
  useEffect(() => {
    heading.current?.focus();
  }, [step]);

  if (commitment.error) return <ReadFailed error={commitment.error} onRetry={() => void commitment.refetch()} pending={commitment.isFetching} />;
  if (reasons.error) return <ReadFailed error={reasons.error} onRetry={() => void reasons.refetch()} pending={reasons.isFetching} />;
  if (draftQuery.error) return <ReadFailed error={draftQuery.error} onRetry={() => void draftQuery.refetch()} pending={draftQuery.isFetching} />;
  if (commitment.isPending || reasons.isPending || scheduled.isPending || draftQuery.isPending) return <WaitingText>Chargement de la démarche de résiliation…</WaitingText>;

  if (cancelled) {
    return (
      <Alert tone="success" title="La résiliation est annulée">
        <p>La ligne reste active. Un e-mail de confirmation de l’annulation vous a été envoyé.</p>
        <Link to={linePath} className="link">
          Retour à la ligne
        </Link>
      </Alert>
    );
  }
  const current = sent ?? scheduled.data ?? null;
  if (current && current.statut === 'PROGRAMMEE') {
    return (
      <>
        <StepList label="Étapes de la résiliation" steps={TERMINATION_STEPS.map((s) => s.label)} current={TERMINATION_STEPS.length - 1} />
        <ScheduledTermination status={current} justSent={sent !== null} onCancelled={setCancelled} />
        <p className="mt-6">
          <Link to={linePath} className="link">
            Retour à la ligne
          </Link>
        </p>
      </>
    );
  }

  const { data: line } = commitment;
  if (line.empechement) {
    return (
      <Alert tone="info" title="Cette ligne ne peut pas être résiliée en ligne pour l’instant">
        <p>{line.empechement.message}</p>
        <Link to={linePath} className="link">
          Retour à la ligne
        </Link>
      </Alert>
    );
  }

  const readOnly = !line.peutResilier;
  const hasSubReasons = reason?.aSousMotifs === true;
  // A step whose answers before it are missing opens the first one missing.
  const shown: TerminationStep =
    step !== 'motif' && !reason
      ? 'motif'
      : step !== 'motif' && step !== 'precision' && hasSubReasons && !subReason
        ? 'precision'
        : (step === 'justificatifs' || step === 'recapitulatif') && draft.dateEffet === null
          ? 'frais'
          : step === 'precision' && !hasSubReasons
            ? 'frais'
            : step === 'confirmation'
              ? 'recapitulatif'
              : step;
  const index = TERMINATION_STEPS.findIndex((s) => s.id === shown);
  const justificatif = subReason?.justificatif ?? reason?.justificatif ?? null;
  const back = (to: TerminationStep) => () => onStep(to);

  return (
    <>
      <StepList label="Étapes de la résiliation" steps={TERMINATION_STEPS.map((s) => s.label)} current={index} />
      {readOnly ? (
        <Alert tone="info" className="mb-6">
          Vous pouvez consulter la démarche et les frais. Seul un gestionnaire du compte de facturation peut envoyer la demande de résiliation.
        </Alert>
      ) : null}
      <div ref={heading} tabIndex={-1} className="mb-4 outline-none">
        <h2 className="text-2xl font-bold text-primary-strong">{TERMINATION_STEPS[index]?.label}</h2>
      </div>
      {shown === 'motif' && reasons.data ? (
        <ReasonStep
          reasons={reasons.data}
          idMotif={draft.idMotif}
          onChosen={async (idMotif) => {
            await persist({ type: 'reason', idMotif });
            const chosen = reasons.data?.find((candidate) => candidate.idMotif === idMotif);
            onStep(chosen?.aSousMotifs ? 'precision' : 'frais');
          }}
        />
      ) : null}
      {shown === 'precision' && reason ? (
        subReasons.data ? (
          <SubReasonStep
            reason={reason}
            subReasons={subReasons.data}
            idSousMotif={draft.idSousMotif}
            onChosen={async (idSousMotif) => {
              await persist({ type: 'subReason', idSousMotif });
              onStep('frais');
            }}
            onBack={back('motif')}
          />
        ) : subReasons.error ? (
          <ReadFailed error={subReasons.error} onRetry={() => void subReasons.refetch()} pending={subReasons.isFetching} />
        ) : (
          <WaitingText>Chargement des précisions du motif…</WaitingText>
        )
      ) : null}
      {shown === 'frais' && reason ? (
        <FeesStep
          commitment={line}
          idMotifFrais={subReason?.idMotif ?? reason.idMotif}
          dateEffet={draft.dateEffet}
          onChosen={async (dateEffet) => {
            await persist({ type: 'date', dateEffet });
            onStep('justificatifs');
          }}
          onBack={back(hasSubReasons ? 'precision' : 'motif')}
        />
      ) : null}
      {shown === 'justificatifs' ? (
        <ProofsStep
          idContrat={idContrat}
          justificatif={justificatif}
          proofs={draft.piecesJointes}
          onAdded={(proof) => void persist({ type: 'proofAdded', proof })}
          onRemoved={(cle) => void persist({ type: 'proofRemoved', cle })}
          onNext={() => onStep('recapitulatif')}
          onBack={back('frais')}
          readOnly={readOnly}
        />
      ) : null}
      {shown === 'recapitulatif' && reason && draft.dateEffet ? (
        <RecapStep
          commitment={line}
          reason={reason}
          subReason={subReason}
          dateEffet={draft.dateEffet}
          proofs={draft.piecesJointes}
          commentaire={draft.commentaire}
          onComment={(commentaire) => void persist({ type: 'comment', commentaire })}
          onSubmitted={(status) => {
            setSent(status);
            reset();
            onStep('confirmation');
          }}
          onBack={back('justificatifs')}
          readOnly={readOnly}
        />
      ) : null}
    </>
  );
}

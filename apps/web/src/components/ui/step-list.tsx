import { Check } from 'lucide-react';

interface StepListProps {
  /** Step names, in order. */
  steps: readonly string[];
  /** Index of the current step, from 0. */
  current: number;
  /** Name of the list ("Étapes de l’ajout de ligne"). */
  label: string;
}

/**
 * Where a multi-step flow stands (DSFR "indicateur d’étapes"): "Étape 2 sur 4" in words, the
 * steps as an ordered list with aria-current="step" on the current one.
 */
export function StepList({ steps, current, label }: StepListProps) {
  const index = Math.min(Math.max(current, 0), steps.length - 1);
  return (
    <nav aria-label={label} className="mb-6">
      <p className="text-sm font-semibold text-muted">
        Étape {index + 1} sur {steps.length}
        <span className="sr-only">{`\u00a0: ${steps[index] ?? ''}`}</span>
      </p>
      <ol className="mt-2 grid gap-2 sm:auto-cols-fr sm:grid-flow-col">
        {steps.map((step, position) => {
          const state = position < index ? 'done' : position === index ? 'current' : 'todo';
          return (
            <li
              key={step}
              aria-current={state === 'current' ? 'step' : undefined}
              data-state={state}
              className={`flex items-center gap-2 border-t-4 pt-2 text-sm ${
                state === 'todo' ? 'border-line text-muted' : 'border-primary font-semibold text-primary-strong'
              }`}
            >
              {state === 'done' ? <Check aria-hidden="true" className="size-4 shrink-0" /> : null}
              <span>
                {step}
                {state === 'done' ? <span className="sr-only"> (terminée)</span> : null}
              </span>
            </li>
          );
        })}
      </ol>
    </nav>
  );
}

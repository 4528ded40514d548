import type { ReactNode } from 'react';
import { Link } from 'react-router';

export interface AnswerRow {
  /** What was asked ("Forfait"). */
  label: string;
  /** What was answered, as shown. */
  value: ReactNode;
  /** Where to change it: the step that asked. */
  changeTo?: string;
}

interface CheckAnswersProps {
  /** Heading of the block ("Votre nouvelle ligne"). */
  title: string;
  rows: readonly AnswerRow[];
  /** Level of the heading in the page outline. */
  headingLevel?: 2 | 3;
}

/**
 * "Check your answers" recap before confirming (GOV.UK pattern): question, answer and a
 * "Modifier" link whose accessible name says what it changes.
 */
export function CheckAnswers({ title, rows, headingLevel = 2 }: CheckAnswersProps) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  return (
    <section className="card">
      <Heading className="text-xl font-bold text-primary-strong">{title}</Heading>
      <dl className="mt-4 divide-y divide-line-soft">
        {rows.map((row) => (
          <div key={row.label} className="grid gap-1 py-3 sm:grid-cols-[minmax(10rem,1fr)_2fr_auto] sm:gap-4">
            <dt className="font-semibold">{row.label}</dt>
            <dd className="break-words">{row.value}</dd>
            <dd>
              {row.changeTo ? (
                <Link to={row.changeTo} className="link">
                  Modifier<span className="sr-only"> {row.label.toLocaleLowerCase('fr-FR')}</span>
                </Link>
              ) : null}
            </dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

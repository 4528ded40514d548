import { ChevronDown } from 'lucide-react';
import type { ReactNode } from 'react';
import { Button, Disclosure, DisclosurePanel, Heading } from 'react-aria-components';
import { FaqAnswer } from './faq-answer.tsx';
import { FaqFeedback } from './faq-feedback.tsx';
import { useFaqStatistics } from './faq-statistics.tsx';

interface FaqQuestionItemProps {
  idQuestion: number;
  /** The question as the trigger shows it (plain text, or highlighted search words). */
  title: ReactNode;
  reponse: string;
  /** Level of the question's heading in the page's outline. */
  level: 3 | 4;
  /** Shown under the question while it is closed too (its theme, a passage of the answer). */
  details?: ReactNode;
}

/**
 * One question as a disclosure (WAI-ARIA pattern: a button in a heading, its panel below):
 * opening it counts a view, and its answer ends with "Cette réponse vous a-t-elle aidé ?".
 */
export function FaqQuestionItem({ idQuestion, title, reponse, level, details }: FaqQuestionItemProps) {
  const { opened } = useFaqStatistics();
  return (
    <Disclosure
      className="group border-b border-line-soft last:border-b-0"
      onExpandedChange={(isExpanded) => {
        if (isExpanded) opened(idQuestion);
      }}
    >
      <Heading level={level} className="text-base">
        <Button
          slot="trigger"
          className="flex min-h-11 w-full items-start justify-between gap-3 py-3 text-left font-semibold text-primary-strong hover:text-primary hover:underline"
        >
          <span>{title}</span>
          <ChevronDown
            aria-hidden="true"
            className="mt-0.5 size-5 shrink-0 transition-transform group-data-[expanded]:rotate-180 motion-reduce:transition-none"
          />
        </Button>
      </Heading>
      {details ? <div className="-mt-1 pb-3 text-sm text-muted group-data-[expanded]:hidden">{details}</div> : null}
      <DisclosurePanel className="pb-5">
        <FaqAnswer html={reponse} />
        <FaqFeedback idQuestion={idQuestion} />
      </DisclosurePanel>
    </Disclosure>
  );
}

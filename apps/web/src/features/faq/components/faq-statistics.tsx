import { createContext, useCallback, useContext, useMemo, useRef, useState, type ReactNode } from 'react';
import { useRecordFaqStatistic } from '../api/record-faq-statistic.ts';

/** What the reader answered to "Cette réponse vous a-t-elle aidé ?", or that it had been given before. */
export type FaqOpinion = 'OUI' | 'NON' | 'DEJA_DONNE';

interface FaqStatistics {
  /** Counts a view the first time a question is opened on this page. */
  opened(idQuestion: number): void;
  opinions: ReadonlyMap<number, FaqOpinion>;
  setOpinion(idQuestion: number, opinion: FaqOpinion): void;
}

const FaqStatisticsContext = createContext<FaqStatistics | null>(null);

/**
 * The page's memory of the questions opened and the opinions given: a question shown in several
 * places (search results, most consulted, its theme) is counted once per visit of the page, and
 * shows the thanks wherever the reader voted.
 */
export function FaqStatisticsProvider({ children }: { children: ReactNode }) {
  const record = useRecordFaqStatistic();
  const { mutate } = record;
  const seen = useRef(new Set<number>());
  const [opinions, setOpinions] = useState<ReadonlyMap<number, FaqOpinion>>(new Map());

  const opened = useCallback(
    (idQuestion: number) => {
      if (seen.current.has(idQuestion)) return;
      seen.current.add(idQuestion);
      // A view that could not be counted is not the reader's concern: nothing is shown.
      mutate({ idQuestion });
    },
    [mutate],
  );
  const setOpinion = useCallback((idQuestion: number, opinion: FaqOpinion) => {
    setOpinions((current) => new Map(current).set(idQuestion, opinion));
  }, []);
  const value = useMemo(() => ({ opened, opinions, setOpinion }), [opened, opinions, setOpinion]);
  return <FaqStatisticsContext.Provider value={value}>{children}</FaqStatisticsContext.Provider>;
}

export function useFaqStatistics(): FaqStatistics {
  const statistics = useContext(FaqStatisticsContext);
  if (!statistics) throw new Error('useFaqStatistics needs a FaqStatisticsProvider');
  return statistics;
}

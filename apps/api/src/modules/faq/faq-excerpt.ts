import { HIGHLIGHT_START, HIGHLIGHT_STOP } from './faq.repository.ts';

/** Sentences of an answer an excerpt shows at most, and the words one sentence keeps at most. */
const MAX_SENTENCES = 2;
const MAX_WORDS = 40;

const sentences = new Intl.Segmenter('fr', { granularity: 'sentence' });

/**
 * The excerpt of a search result: the whole sentences of the answer that hold a match (between
 * the highlight marks), two at most, joined by « … ». A reader gets sentences that start with
 * their first word and end with their full stop; only a sentence longer than 40 words is cut,
 * around its first match, at word boundaries and with « … » where it was cut. Empty when no
 * sentence holds a match.
 */
export function sentenceExcerpt(marked: string): string {
  const matching = [...sentences.segment(marked)]
    .map(({ segment }) => segment.trim())
    .filter((sentence) => sentence.includes(HIGHLIGHT_START))
    .slice(0, MAX_SENTENCES);
  // One « … » between two parts, even where a cut sentence already ends or starts with one.
  return matching
    .map(shortened)
    .reduce((excerpt, part) => (excerpt === '' ? part : `${excerpt.replace(/ …$/u, '')} … ${part.replace(/^… /u, '')}`), '');
}

function shortened(sentence: string): string {
  const words = sentence.split(/\s+/);
  if (words.length <= MAX_WORDS) return sentence;
  const firstMatch = words.findIndex((word) => word.includes(HIGHLIGHT_START));
  const start = Math.max(0, Math.min(firstMatch - Math.floor(MAX_WORDS / 3), words.length - MAX_WORDS));
  let kept = words.slice(start, start + MAX_WORDS);
  // A cut never leaves a mark open: the words after it up to its end stay.
  const lastStart = kept.join(' ').lastIndexOf(HIGHLIGHT_START);
  if (lastStart > kept.join(' ').lastIndexOf(HIGHLIGHT_STOP)) {
    const closing = words.findIndex((word, index) => index >= start + MAX_WORDS && word.includes(HIGHLIGHT_STOP));
    if (closing >= 0) kept = words.slice(start, closing + 1);
  }
  return `${start > 0 ? '… ' : ''}${kept.join(' ')}${start + kept.length < words.length ? ' …' : ''}`;
}

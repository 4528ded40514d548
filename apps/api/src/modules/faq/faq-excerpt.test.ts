import { describe, expect, it } from 'vitest';
import { sentenceExcerpt } from './faq-excerpt.ts';
import { HIGHLIGHT_START as S, HIGHLIGHT_STOP as E } from './faq.repository.ts';

const mark = (word: string) => `${S}${word}${E}`;

describe('sentenceExcerpt', () => {
  it('keeps the whole sentences that hold a match, from their first word to their full stop', () => {
    const answer = `Le code PUK débloque la carte. Il figure sur le support de la carte SIM ou sur la page de la ligne, rubrique ${mark('PUK')}. Appelez le 3179 sinon.`;
    expect(sentenceExcerpt(answer)).toBe(`Il figure sur le support de la carte SIM ou sur la page de la ligne, rubrique ${mark('PUK')}.`);
  });

  it('joins two matching sentences with an ellipsis and leaves out a third', () => {
    const answer = `La ${mark('résiliation')} se demande en ligne. Rien d’autre. Une ${mark('résiliation')} se suit dans Mes demandes. La ${mark('résiliation')} est confirmée par e-mail.`;
    expect(sentenceExcerpt(answer)).toBe(`La ${mark('résiliation')} se demande en ligne. … Une ${mark('résiliation')} se suit dans Mes demandes.`);
  });

  it('is empty when no sentence holds a match', () => {
    expect(sentenceExcerpt('Une réponse sans rien de marqué. Une autre phrase.')).toBe('');
  });

  it('cuts a very long sentence around its first match, at word boundaries, saying where it cut', () => {
    const before = Array.from({ length: 30 }, (_, index) => `avant${index}`).join(' ');
    const after = Array.from({ length: 30 }, (_, index) => `après${index}`).join(' ');
    const excerpt = sentenceExcerpt(`Début ${before} ${mark('SIM')} ${after} fin.`);
    expect(excerpt.startsWith('… ')).toBe(true);
    expect(excerpt.endsWith(' …')).toBe(true);
    expect(excerpt).toContain(mark('SIM'));
    expect(excerpt.split(' ').filter((word) => word !== '…')).toHaveLength(40);
    expect(excerpt).not.toMatch(/avant\d*[^\d ]|après\d*[^\d ]/u);
  });

  it('puts one ellipsis between a cut sentence and the next', () => {
    const long = Array.from({ length: 50 }, (_, index) => `mot${index}`).join(' ');
    const excerpt = sentenceExcerpt(`${mark('Carte')} ${long}. La ${mark('carte')} suivante.`);
    expect(excerpt).toMatch(/mot\d+ … La /u);
    expect(excerpt).not.toContain('… …');
  });

  it('never leaves a mark open where it cuts', () => {
    const words = Array.from({ length: 60 }, (_, index) => `mot${index}`);
    words[2] = `${S}carte`;
    words[45] = `SIM${E}`;
    const excerpt = sentenceExcerpt(`${words.join(' ')}.`);
    expect(excerpt.split(S).length).toBe(excerpt.split(E).length);
  });
});

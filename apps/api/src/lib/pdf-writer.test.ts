import { describe, expect, it } from 'vitest';
import { lostCharacters, pdfLines } from '../test/pdf-text.ts';
import { PdfWriter } from './pdf-writer.ts';

const euros = new Intl.NumberFormat('fr-FR', { style: 'currency', currency: 'EUR' });

/** What the portal's documents print: French, amounts as `Intl` writes them (narrow spaces), the minus sign of discounts, customers' names. */
const SAMPLES = [
  'Récapitulatif contractuel – ajout de lignes : « Forfait Pro 50 Go » × 2… l’œuvre, Œuvre, ÇA, À, É, È, Ê, Ë, Î, Ï, Ô, Û, Ù, Ü, Ÿ, æ, °, ·',
  `Promotion : −${euros.format(5)} HT par mois pendant 6 mois`,
  `Total : ${euros.format(1234.56)} TTC, différence −${euros.format(12.5)} HT`,
  'Małgorzata Wójcik, Ștefan Țurcanu, Şükrü Çelik, Antonín Dvořák, Øystein Ærø, Ñúñez, Ελένη, Дмитрий',
  'Débit ≤ 100 Mbit/s ≥ 10 Mbit/s, échéance → 05/01/2027, ✓',
];

describe('PdfWriter', () => {
  it('writes every character the portal prints, the minus sign of negative amounts and foreign names included', async () => {
    const writer = await PdfWriter.create({
      title: 'Essai – caractères',
      subject: 'Caractères imprimés',
      author: 'Telora Pro',
      keywords: ['essai'],
      brandName: 'Telora Pro',
      createdAt: new Date('2026-05-04T08:00:00Z'),
      footerMention: 'Telora SAS – mention légale',
      footerReference: 'Réf. −1,00 €',
    });
    for (const [index, sample] of SAMPLES.entries()) {
      if (index % 2 === 0) writer.text(sample);
      else writer.row('Libellé', sample);
    }
    writer.heading('Titre « gras » : Łódź −3,00 €');
    writer.bullet('Élément – Ołówek');
    writer.columns([
      { text: 'Remise', width: 200 },
      { text: `−${euros.format(7.25)}`, width: 100, align: 'right', bold: true },
    ]);
    const text = await pdfLines(await writer.save());
    const plain = (value: string) => value.replace(/[\u00a0\u202f]/g, ' ');
    for (const sample of SAMPLES) {
      for (const word of plain(sample).split(/[ ,]+/).filter(Boolean)) expect(text).toContain(word);
    }
    expect(text).toContain('−5,00 € HT par mois');
    expect(text).toContain('Titre « gras » : Łódź −3,00 €');
    expect(text).toContain('Élément – Ołówek');
    expect(text).toContain('−7,25 €');
    expect(text).toContain('Réf. −1,00 €');
  });

  it('writes the letters of one document right after another used their accented forms (the fonts are shared)', async () => {
    const info = { title: 'Essai', subject: 'Essai', author: 'Telora Pro', keywords: [], brandName: 'Telora Pro', createdAt: new Date('2026-05-04T08:00:00Z'), footerMention: 'Mention' };
    const first = await PdfWriter.create(info);
    first.row('À la commande, Écrit', 'À Ê Ç');
    await first.save();
    const second = await PdfWriter.create(info);
    second.row('Assurance, Écrit, Ça', 'A E C Assurance');
    const text = await pdfLines(await second.save());
    expect(text).toContain('Assurance, Écrit, Ça');
    expect(text).toContain('A E C Assurance');
    expect(lostCharacters('\u0001ssurance')).toHaveLength(1);
  });

  it('still writes a document when a character is beyond the typeface, with a question mark in its place', async () => {
    const writer = await PdfWriter.create({
      title: 'Essai',
      subject: 'Essai',
      author: 'Telora Pro',
      keywords: [],
      brandName: 'Telora Pro',
      createdAt: new Date('2026-05-04T08:00:00Z'),
      footerMention: 'Mention',
    });
    writer.text('Société 株式会社');
    const bytes = await writer.save();
    await expect(pdfLines(bytes)).rejects.toThrow(/could not show/);
    expect(lostCharacters('Société ??')).toHaveLength(1);
    expect(lostCharacters('Pourquoi ma facture a changé ?')).toEqual([]);
  });
});

import { createHash } from 'node:crypto';
import type { LegalPage, StaticDocument } from '@ecare/shared';
import { LEGAL_HTML_RULES } from '@ecare/shared/legal-html';
import { fail } from '../../lib/errors.ts';
import { sanitizeHtml } from '../../lib/sanitize-html.ts';
import { renderStaticDocument } from './legal.document.ts';
import type { LegalRepository } from './legal.repository.ts';

export interface LegalDeps {
  repo: LegalRepository;
  brandName: string;
}

export interface StaticDocumentFile {
  filename: string;
  bytes: Uint8Array;
}

/** Stands for the brand in stored texts (decision 022). */
const BRAND_PLACEHOLDER = '{{marque}}';

const escapeHtml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** Lower-case ASCII words joined by hyphens: "Telora Pro" → "telora-pro". */
function slug(text: string): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9.]+/g, '-')
    .replace(/^[-.]+|[-.]+$/g, '');
}

export function createLegalService({ repo, brandName }: LegalDeps) {
  /** Made PDFs, by type, with what they were made from: a document changes only with its row. */
  const made = new Map<string, { source: string; bytes: Uint8Array }>();

  const fileName = (type: string, version: string) => `${slug(type) || 'document'}-${slug(brandName) || 'document'}-${slug(version) || 'version'}.pdf`;

  return {
    /**
     * A legal or information page by its code, for anyone (no session: legal notices must be
     * readable signed out). The stored HTML is reduced to the legal rule set on every answer,
     * so a row written by hand can never carry a script to the page.
     */
    async page(pageCode: string): Promise<LegalPage> {
      const row = await repo.page(pageCode);
      if (!row) throw fail('LEGAL_PAGE_NOT_FOUND');
      return {
        pageCode: row.pageCode,
        titre: row.titre.replaceAll(BRAND_PLACEHOLDER, brandName),
        contenuHtml: sanitizeHtml(row.contenuHtml.replaceAll(BRAND_PLACEHOLDER, escapeHtml(brandName)), LEGAL_HTML_RULES),
        miseAJour: row.miseAJour,
      };
    },

    async documents(): Promise<StaticDocument[]> {
      const rows = await repo.documents();
      return rows.map((row) => ({ ...row, nomFichier: fileName(row.type, row.version) }));
    },

    /** A static document as a PDF, made from its stored text on the first request for its current version. */
    async document(type: string): Promise<StaticDocumentFile> {
      const row = await repo.document(type);
      if (!row) throw fail('STATIC_DOCUMENT_NOT_FOUND');
      const source = createHash('sha256').update(JSON.stringify([row.titre, row.version, row.dateVersion, row.contenu])).digest('hex');
      let entry = made.get(row.type);
      if (entry?.source !== source) {
        entry = { source, bytes: await renderStaticDocument({ ...row, brandName }) };
        made.set(row.type, entry);
      }
      return { filename: fileName(row.type, row.version), bytes: entry.bytes };
    },
  };
}
export type LegalService = ReturnType<typeof createLegalService>;

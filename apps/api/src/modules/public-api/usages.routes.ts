import { TMF_USAGE_TYPES, tmfErrorSchema, tmfIdParamSchema, tmfItemQuerySchema, usageQuerySchema, usageSchema, type TmfUsage } from '@ecare/shared';
import { addDays } from '@ecare/shared/paris-time';
import { z } from 'zod';
import type { ModuleApp } from '../../core/module.ts';
import { fail } from '../../lib/errors.ts';
import { apiClientOf } from './public-api.scope.ts';
import { dayTime, euros, hrefOf, selectFields, sendPage } from './tmf.ts';
import type { UsageRow, UsagesRepository, UsageType } from './usages.repository.ts';

const PATH = '/usageManagement/usage';
const PRODUCT_PATH = '/productInventory/product';
const UNITS: Record<UsageType, string> = { data: 'octet', voice: 'seconde', sms: 'unité', roamingData: 'octet', roamingVoice: 'seconde' };
const ID_PATTERN = new RegExp(`^(\\d{1,9})-(\\d{4}-\\d{2}-\\d{2})-(${TMF_USAGE_TYPES.join('|')})$`);

/** One kind of use of a line over a day as a TMF635 Usage, rated: its out-of-bundle share (HT), not billed yet. */
function usage(row: UsageRow): TmfUsage {
  const id = `${row.idContrat}-${row.jour}-${row.usageType}`;
  return {
    id,
    href: hrefOf(PATH, id),
    '@type': 'Usage',
    usageDate: dayTime(row.jour),
    usageType: row.usageType,
    status: 'rated',
    usageCharacteristic: [
      { name: 'volume', valueType: 'number', value: row.volume },
      { name: 'unit', valueType: 'string', value: UNITS[row.usageType] },
    ],
    relatedParty: [{ id: String(row.idContrat), href: hrefOf(PRODUCT_PATH, row.idContrat), name: row.numeroLigne, role: 'line', '@referredType': 'Product' }],
    ratedProductUsage: [{ isBilled: false, taxExcludedRatingAmount: euros(row.amountCentimes) }],
  };
}

/** A day as the identifiers write it, and a real one (2025-02-30 is none). */
const realDay = (day: string) => z.iso.date().safeParse(day).success && !day.startsWith('0000');

const DESCRIPTION = [
  'Une Usage par ligne, jour (en France) et nature : data et roamingData en octets, voice et roamingVoice en secondes, sms en unités. Les plus récentes d’abord, puis par ligne et par nature.',
  'Filtres : usageDate.gte et usageDate.lt (jours AAAA-MM-JJ), relatedParty.id (l’identifiant d’une ligne du compte), usageType.',
  'ratedProductUsage donne le hors forfait HT du jour : ce qui est dépensé en France est porté par la première nature utilisée ce jour-là parmi data, voice et sms, ce qui est dépensé à l’étranger par roamingData, sinon roamingVoice ; les montants d’un jour s’additionnent à son hors forfait.',
].join(' ');

/** TMF635 Usage: the day-by-day use of the account's lines (scope consommation:lecture). */
export async function usagesRoutes(scope: ModuleApp, repo: UsagesRepository) {
  const tags = ['v1 consommation'];
  const errors = { 400: tmfErrorSchema, 401: tmfErrorSchema, 403: tmfErrorSchema, 404: tmfErrorSchema, 429: tmfErrorSchema };
  const config = { portee: 'consommation:lecture' } as const;

  scope.get(
    PATH,
    {
      config,
      schema: { tags, summary: 'Les consommations des lignes du compte (TMF635 Usage), page par page', description: DESCRIPTION, querystring: usageQuerySchema, response: { 200: z.array(usageSchema), ...errors } },
    },
    async (request, reply) => {
      const { offset, limit, fields, usageType, ...rest } = request.query;
      const line = rest['relatedParty.id'];
      const page = await repo.page(
        apiClientOf(request).idClientBscs,
        { from: rest['usageDate.gte'], before: rest['usageDate.lt'], usageType, ...(line !== undefined ? { idContrat: Number(line) } : {}) },
        offset,
        limit,
      );
      return sendPage(reply, { total: page.total, items: page.rows.map(usage) }, fields);
    },
  );

  scope.get(
    `${PATH}/:id`,
    {
      config,
      schema: { tags, summary: 'Une consommation d’une ligne du compte (TMF635 Usage)', params: tmfIdParamSchema, querystring: tmfItemQuerySchema, response: { 200: usageSchema, ...errors } },
    },
    async (request) => {
      const [, line, day, kind] = ID_PATTERN.exec(request.params.id) ?? [];
      const usageType = TMF_USAGE_TYPES.find((type) => type === kind);
      if (line === undefined || day === undefined || usageType === undefined || !realDay(day)) throw fail('API_RESOURCE_UNKNOWN');
      const page = await repo.page(apiClientOf(request).idClientBscs, { idContrat: Number(line), from: day, before: addDays(day, 1), usageType }, 0, 1);
      const [row] = page.rows;
      if (!row) throw fail('API_RESOURCE_UNKNOWN');
      return selectFields(usage(row), request.query.fields);
    },
  );
}

import { productQuerySchema, productSchema, tmfErrorSchema, tmfIdParamSchema, tmfItemQuerySchema, type TmfProduct } from '@ecare/shared';
import { z } from 'zod';
import type { ModuleApp } from '../../core/module.ts';
import { fail } from '../../lib/errors.ts';
import type { ProductFilters, ProductRow, ProductsRepository } from './products.repository.ts';
import { apiClientOf } from './public-api.scope.ts';
import { hrefOf, selectFields, sendPage } from './tmf.ts';

const PATH = '/productInventory/product';
const STATUS: Record<ProductRow['codeStatut'], NonNullable<TmfProduct['status']>> = {
  EN_COURS: 'pendingActive',
  ACTIF: 'active',
  SUSPENDU: 'suspended',
  RESILIE: 'terminated',
};
const CODE_OF = Object.fromEntries(Object.entries(STATUS).map(([code, status]) => [status, code])) as Record<NonNullable<TmfProduct['status']>, ProductRow['codeStatut']>;

const text = (name: string, value: string | null) => ({ name, valueType: 'string', value });

/** A line as a TMF637 Product: the number, the SIM (its last four digits only), the cost centre, the labels, the barrings. */
function product(row: ProductRow): TmfProduct {
  const user = [row.utilisateurPrenom, row.utilisateurNom].filter(Boolean).join(' ');
  return {
    id: String(row.idContrat),
    href: hrefOf(PATH, row.idContrat),
    '@type': 'Product',
    name: row.numeroLigne,
    status: STATUS[row.codeStatut],
    isBundle: false,
    startDate: row.dateActivation.toISOString(),
    productOffering: { id: String(row.idOffre), name: row.offre, '@referredType': 'ProductOffering' },
    productCharacteristic: [
      text('msisdn', row.numeroLigne),
      text('simType', row.typeSim === 'ESIM' ? 'eSIM' : 'SIM'),
      text('costCentre', row.centreCode),
      text('costCentreName', row.centreLibelle),
      { name: 'labels', valueType: 'array', value: row.etiquettes },
      text('user', user === '' ? null : user),
      { name: 'roamingBarred', valueType: 'boolean', value: row.barrageItinerance },
      { name: 'internationalCallsBarred', valueType: 'boolean', value: row.barrageInternational },
    ],
    realizingResource: [
      {
        id: `sim-${row.idContrat}`,
        name: row.iccid ? `${row.typeSim === 'ESIM' ? 'eSIM' : 'SIM'} …${row.iccid.slice(-4)}` : row.typeSim === 'ESIM' ? 'eSIM' : 'SIM',
        '@referredType': 'SimCard',
      },
    ],
  };
}

/** TMF637 Product Inventory: the account's lines (scope lignes:lecture). */
export async function productsRoutes(scope: ModuleApp, repo: ProductsRepository) {
  const tags = ['v1 lignes'];
  const errors = { 400: tmfErrorSchema, 401: tmfErrorSchema, 403: tmfErrorSchema, 404: tmfErrorSchema, 429: tmfErrorSchema };

  scope.get(
    PATH,
    {
      config: { portee: 'lignes:lecture' },
      schema: {
        tags,
        summary: 'Les lignes du compte (TMF637 Product), page par page',
        description: 'Filtres : status, productOffering.id, costCentre (code du centre de coût). Tri par identifiant.',
        querystring: productQuerySchema,
        response: { 200: z.array(productSchema), ...errors },
      },
    },
    async (request, reply) => {
      const { offset, limit, fields, status, costCentre, ...rest } = request.query;
      const filters: ProductFilters = { codeStatut: status ? CODE_OF[status] : undefined, centreCode: costCentre };
      const offering = rest['productOffering.id'];
      if (offering !== undefined) filters.idOffre = Number(offering);
      const page = await repo.page(apiClientOf(request).idClientBscs, filters, offset, limit);
      return sendPage(reply, { total: page.total, items: page.rows.map(product) }, fields);
    },
  );

  scope.get(
    `${PATH}/:id`,
    {
      config: { portee: 'lignes:lecture' },
      schema: { tags, summary: 'Une ligne du compte (TMF637 Product)', params: tmfIdParamSchema, querystring: tmfItemQuerySchema, response: { 200: productSchema, ...errors } },
    },
    async (request) => {
      const id = /^\d{1,9}$/.test(request.params.id) ? Number(request.params.id) : null;
      const row = id === null ? undefined : await repo.one(apiClientOf(request).idClientBscs, id);
      if (!row) throw fail('API_RESOURCE_UNKNOWN');
      return selectFields(product(row), request.query.fields);
    },
  );
}

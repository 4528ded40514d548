import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { API_REQUESTS_PER_MINUTE, PUBLIC_API_PREFIX } from '@ecare/shared';
import { defineModule, type ModuleApp } from '../../core/module.ts';
import { createCustomerBillsRepository } from './customer-bills.repository.ts';
import { customerBillsRoutes } from './customer-bills.routes.ts';
import { oauthRoutes } from './oauth.routes.ts';
import { createProductOrdersRepository } from './product-orders.repository.ts';
import { productOrdersRoutes } from './product-orders.routes.ts';
import { createProductsRepository } from './products.repository.ts';
import { productsRoutes } from './products.routes.ts';
import { publicApiScope } from './public-api.scope.ts';
import { createUsagesRepository } from './usages.repository.ts';
import { usagesRoutes } from './usages.routes.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The public API's own OpenAPI document (/api/v1/openapi.json). */
    publicApiDocument: FastifyInstance['swagger'];
  }
}

const DESCRIPTION = [
  'L’API des clients professionnels : leurs lignes, factures, consommations et commandes, pour leurs propres outils (gestion des notes de frais, comptabilité, MDM).',
  'Authentification : `Authorization: Bearer` une clé d’API créée par un gestionnaire du compte (page « API et webhooks »), ou le jeton d’une heure obtenu contre elle par `POST /api/v1/oauth/token` (OAuth 2, client credentials). Une clé ne lit que son compte et ses portées.',
  `Limite : ${API_REQUESTS_PER_MINUTE} requêtes par minute et par clé (en-têtes RateLimit-Limit, RateLimit-Remaining, RateLimit-Reset ; au-delà 429 et Retry-After).`,
  'Listes : offset et limit (100 par défaut, 1 000 au plus), en-têtes X-Total-Count et X-Result-Count, fields= pour ne garder que certains attributs. Dates ISO 8601, montants en euros. Erreurs : { code, reason, message, status }.',
].join('\n\n');

/** The second OpenAPI document, of /api/v1 alone, and its reference page; the routes are documented as they are declared. */
async function registerPublicApiDocument(app: FastifyInstance, brandName: string) {
  await app.register(fastifySwagger, {
    decorator: 'publicApiDocument',
    openapi: {
      openapi: '3.0.3',
      info: { title: `API publique – ${brandName}`, version: '1.0.0', description: DESCRIPTION },
      servers: [{ url: '/' }],
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer', description: 'Une clé d’API ou un jeton OAuth' } } },
      security: [{ bearer: [] }],
    },
    transform: (input) => {
      const transformed = jsonSchemaTransform(input);
      return input.url.startsWith(`${PUBLIC_API_PREFIX}/`) && !input.url.startsWith(`${PUBLIC_API_PREFIX}/docs`)
        ? transformed
        : { ...transformed, schema: { ...transformed.schema, hide: true } };
    },
  });
  // In a context of its own: the page's plugin decorates the instance it is registered on, as the portal's page did.
  await app.register(async (page) => {
    await page.register(fastifySwaggerUi, {
      routePrefix: `${PUBLIC_API_PREFIX}/docs`,
      transformSpecification: () => app.publicApiDocument(),
      transformSpecificationClone: false,
    });
  });
}

/**
 * The public API /api/v1 (decision 061): the customer's own tools read the lines, invoices,
 * usage and orders of one billing account with a key the account's managers created, in the
 * shapes of the TM Forum Open APIs, with their own OpenAPI document and reference page.
 */
export const publicApiModule = defineModule(
  'public-api',
  async (app, core) => {
    await registerPublicApiDocument(app, core.config.brandName);
    app.get(`${PUBLIC_API_PREFIX}/openapi.json`, { schema: { hide: true } }, async () => app.publicApiDocument());
    await app.register(oauthRoutes, { prefix: PUBLIC_API_PREFIX });
    await app.register(
      async (scope: ModuleApp) => {
        publicApiScope(scope, core);
        // The public API only reads: all of it on the read replica when one is in use (decision 064).
        await productsRoutes(scope, createProductsRepository(core.reads));
        await customerBillsRoutes(scope, createCustomerBillsRepository(core.reads), app.invoices.document);
        await usagesRoutes(scope, createUsagesRepository(core.reads));
        await productOrdersRoutes(scope, createProductOrdersRepository(core.reads));
      },
      { prefix: PUBLIC_API_PREFIX },
    );
  },
  { dependencies: ['api-keys', 'invoices'] },
);

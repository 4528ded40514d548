import { Validator } from '@seriousme/openapi-schema-validator';
import { describe, expect, it } from 'vitest';
import { useTestContext } from '../../test/harness.ts';

const { t } = useTestContext(async () => ({}));

interface Operation {
  security?: unknown[];
  parameters?: { name: string; in: string }[];
  responses: Record<string, unknown>;
}

describe('The public API’s OpenAPI document and reference page', () => {
  it('is a valid OpenAPI 3.0 document of /api/v1 alone, by an independent validator', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/v1/openapi.json' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('application/json');
    const document = response.json() as { openapi: string; paths: Record<string, Record<string, Operation>> };
    const result = await new Validator().validate(document);
    expect(result.errors ?? [], JSON.stringify(result.errors, null, 1)).toEqual([]);
    expect(result.valid).toBe(true);
    expect(document.openapi).toBe('3.0.3');

    const paths = Object.keys(document.paths);
    expect(paths.every((path) => path.startsWith('/api/v1/'))).toBe(true);
    expect(paths).toEqual(expect.arrayContaining(['/api/v1/oauth/token', '/api/v1/productInventory/product', '/api/v1/productInventory/product/{id}']));
    // The portal's own routes stay in the portal's document.
    expect(paths.some((path) => path.includes('/api/clients'))).toBe(false);
    const list = document.paths['/api/v1/productInventory/product']?.get;
    expect(list?.parameters?.map((parameter) => parameter.name)).toEqual(expect.arrayContaining(['offset', 'limit', 'fields', 'status', 'productOffering.id', 'costCentre']));
    expect(Object.keys(list?.responses ?? {})).toEqual(expect.arrayContaining(['200', '401', '403', '429']));
  });

  it('answers the reference page, which reads that document', async () => {
    const page = await t.app.inject({ method: 'GET', url: '/api/v1/docs' });
    const landing = page.statusCode === 302 ? await t.app.inject({ method: 'GET', url: String(page.headers.location) }) : page;
    expect(landing.statusCode).toBe(200);
    expect(landing.headers['content-type']).toContain('text/html');
    const served = await t.app.inject({ method: 'GET', url: '/api/v1/docs/json' });
    expect(served.statusCode).toBe(200);
    expect(served.json()).toEqual((await t.app.inject({ method: 'GET', url: '/api/v1/openapi.json' })).json());
  });
});

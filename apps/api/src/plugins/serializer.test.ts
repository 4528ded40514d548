import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { billingAccountListSchema, sessionDataSchema } from '@ecare/shared';
import { responseSerializerCompiler } from './serializer.ts';

const compile = (schema: z.ZodType) => responseSerializerCompiler({ schema, method: 'GET', url: '/x', httpStatus: '200' });

describe('response serializer', () => {
  it('writes only the fields the schema declares, at every depth', () => {
    const serialize = compile(z.object({ nom: z.string(), lignes: z.array(z.object({ numero: z.string() })) }));
    const json = serialize({ nom: 'A', passwordHash: 'secret', lignes: [{ numero: '0612345678', interne: 1 }] });
    expect(JSON.parse(json)).toEqual({ nom: 'A', lignes: [{ numero: '0612345678' }] });
  });

  it('keeps nulls, literals and nested objects of the real schemas', () => {
    const account = {
      idClientBscs: 1000001,
      codeClientBscs: '1.1000001',
      statut: 'ACTIF',
      statutContratFixe: null,
      nbContratsMobile: 12,
      isGestionnaire: true,
      sirenSiret: '73282932000074',
      raisonSociale: 'Boulangerie Lemoine SARL',
      nom: 'Lemoine',
      prenom: 'Sophie',
      email: 'contact@boulangerie-lemoine.example',
      telephone: '0102030405',
      adresse: { numero: '12', voie: 'rue Pasteur', codePostal: '21000', ville: 'Dijon' },
    };
    expect(JSON.parse(compile(billingAccountListSchema)([account]))).toEqual([account]);
    const user = {
      utilisateur: false, mandataire: false, gestionnaire: true, serviceClient: false, administration: false,
      prenom: 'Sophie', nom: 'Lemoine', email: 'g@demo.test', usernameSC: null, nomSC: null,
      idClientBscs: 1000001, idClientBscsMandataire: null, idContrat: null,
    };
    const session = { authenticated: true, currentUser: user, current_compte_facturation: account, current_ligne: null };
    expect(JSON.parse(compile(sessionDataSchema)(session))).toEqual(session);
  });
});

describe('response serializers of apps built again', () => {
  it('compile a shared schema once for the process, and a new schema anew', () => {
    const shared = z.object({ numero: z.string() });
    const first = compile(shared);
    expect(compile(shared)).toBe(first);
    expect(compile(z.object({ numero: z.string() }))).not.toBe(first);
    expect(JSON.parse(compile(shared)({ numero: '0612345678', secret: 'x' }))).toEqual({ numero: '0612345678' });
  });
});

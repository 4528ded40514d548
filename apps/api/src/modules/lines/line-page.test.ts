import { describe, expect, it } from 'vitest';
import { API_ERRORS, lineDetailSchema } from '@ecare/shared';
import { OFFERS } from '../../db/reference/index.ts';
import { demoFixture } from '../../test/demo-fixture.ts';
import { bodyOf, errorOf, useTestContext } from '../../test/harness.ts';

const { t, f } = useTestContext(demoFixture);

const detail = async (idContrat: number, token: string) => {
  const response = await t.get(`/api/ligne/${idContrat}`, token);
  expect(response.statusCode, response.body).toBe(200);
  return { body: bodyOf(response, lineDetailSchema), raw: response.body };
};

describe('GET /api/ligne/{id_contrat}', () => {
  it('carries the plan and its price, options, dates, line user, SIM kind and the end of the ICCID, never the card or its PUK', async () => {
    const line = f.colleagues[0];
    if (!line?.iccid || !line.puk || !line.puk2) throw new Error('demo line without SIM card');
    const { body, raw } = await detail(line.idContrat, f.manager);
    const offer = OFFERS.find((o) => o.idOffreEngagement === line.idOffreEngagement);
    expect(body).toMatchObject({
      idContrat: line.idContrat,
      idClientBscs: f.account,
      numeroLigne: line.numeroLigne,
      codeStatut: 'ACTIF',
      libelleOffre: offer?.libelle,
      prixMensuelHT: (offer?.prixMensuelCentimes ?? 0) / 100,
      options: line.options,
      dateActivation: line.dateActivation.toISOString(),
      dateFinEngagement: line.dateFinEngagement,
      typeSim: line.typeSim,
      iccidFin: line.iccid.slice(-4),
      utilisateur: { prenom: line.utilisateurPrenom, nom: line.utilisateurNom, email: line.utilisateurEmail, inscriptionAnnuaire: line.inscriptionAnnuaire },
      barrages: { itinerance: line.barrageItinerance, international: line.barrageInternational },
    });
    expect(body.prixMensuelTTC).toBeCloseTo(body.prixMensuelHT * 1.2, 2);
    expect(raw).not.toContain(line.iccid);
    expect(raw).not.toContain(line.puk);
    expect(raw).not.toContain(line.puk2);
  });

  it('offers a manager every action on an active line, and none that its state forbids', async () => {
    const active = f.colleagues[1];
    if (!active) throw new Error('no line');
    expect((await detail(active.idContrat, f.manager)).body.actions).toEqual(['PUK', 'RIO', 'ACTIVATION_SIM', 'PERTE_OU_VOL', 'UTILISATEUR', 'ANNUAIRE', 'BARRAGE']);
    // Suspended for another reason than a loss or theft declaration: no new declaration, no restoration here.
    expect((await detail(f.suspended.idContrat, f.manager)).body.actions).toEqual(['PUK', 'RIO', 'ACTIVATION_SIM', 'UTILISATEUR', 'ANNUAIRE', 'BARRAGE']);
  });

  it('shows the line user their own line with the actions a line user may take', async () => {
    const { body } = await detail(f.own.idContrat, f.lineUser);
    expect(body.utilisateur).toEqual({ prenom: 'Julien', nom: 'Roux', email: 'utilisateur@demo.test', inscriptionAnnuaire: f.own.inscriptionAnnuaire });
    // Their own directory listing too, but not who the line's user is (decision 020).
    expect(body.actions).toEqual(['PUK', 'RIO', 'PERTE_OU_VOL', 'ANNUAIRE']);
  });

  it('tells eSIM lines apart', async () => {
    const [esim] = f.esim;
    if (!esim) throw new Error('no eSIM line');
    expect((await detail(esim.idContrat, f.manager)).body.typeSim).toBe('ESIM');
  });

  it('answers 403 to a line user on a colleague’s line and to another customer', async () => {
    const colleague = f.colleagues[0]?.idContrat ?? 0;
    for (const [token, id] of [
      [f.lineUser, colleague],
      [f.stranger, colleague],
      [f.stranger, f.own.idContrat],
    ] as const) {
      const response = await t.get(`/api/ligne/${id}`, token);
      expect(response.statusCode).toBe(403);
      expect(errorOf(response)).toEqual({ code: 'FORBIDDEN_CONTRACT', exceptionMessage: API_ERRORS.FORBIDDEN_CONTRACT.message });
    }
  });

  it('refuses an invalid id (400) and an anonymous caller (401)', async () => {
    for (const id of ['abc', '0', '-4', '99999999999']) {
      const response = await t.get(`/api/ligne/${id}`, f.manager);
      expect(response.statusCode, id).toBe(400);
      expect(errorOf(response).code).toBe('VALIDATION');
    }
    const anonymous = await t.get(`/api/ligne/${f.own.idContrat}`);
    expect(anonymous.statusCode).toBe(401);
    expect(errorOf(anonymous).code).toBe('UNAUTHENTICATED');
  });
});

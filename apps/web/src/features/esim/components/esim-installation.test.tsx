import { esimResponseSchema, type EsimResponse } from '@ecare/shared/esim';
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { SUPPORT_LINE } from '../../../config/contacts.ts';
import { ESIM_DEFAULT_PIN } from '../../../config/esim.ts';
import { renderPage } from '../../../test/render.tsx';
import { EsimInstallation } from './esim-installation.tsx';
import { maskCode } from './manual-installation.tsx';

afterEach(cleanup);

const CODE = 'K7QW-3MZP-X9TB-H2RC';

function esim(overrides: Partial<EsimResponse> = {}): EsimResponse {
  return esimResponseSchema.parse({
    numGsm: '0612345678',
    numGsmValide: true,
    libelleOffreEngagement: 'Forfait Pro 100 Go',
    numContrat: 5_000_123,
    qrCode: 'data:image/png;base64,iVBORw0KGgo=',
    codeActivation: CODE,
    urlSMDP: 'smdp.telora.example',
    messageErreur: null,
    ...overrides,
  });
}

/** The value shown next to a term. */
const valueOf = (term: string) => screen.getByText(term, { selector: 'dt' }).nextElementSibling?.textContent;

describe('EsimInstallation', () => {
  it('masks the activation code, in the iOS code and in the Android add code, until asked to show it', () => {
    renderPage(<EsimInstallation esim={esim()} />);
    expect(document.body.textContent).not.toContain(CODE);
    expect(valueOf('Code d’activation')).toBe(`${maskCode(CODE)}masqué`);
    expect(valueOf('Code d’ajout')).toBe(`LPA:1$smdp.telora.example$${maskCode(CODE)}masqué`);
    expect(maskCode(CODE)).toBe('••••-••••-••••-••••');
    expect(valueOf('Adresse SM-DP+')).toBe('smdp.telora.example');

    const toggle = screen.getByRole('button', { name: 'Afficher le code d’activation' });
    const codes = document.getElementById(toggle.getAttribute('aria-controls') ?? '');
    expect(codes?.textContent).toContain('Code d’activation');
    fireEvent.click(toggle);
    expect(valueOf('Code d’activation')).toBe(CODE);
    expect(valueOf('Code d’ajout')).toBe(`LPA:1$smdp.telora.example$${CODE}`);
    expect(screen.getByText('Le code d’activation est affiché.')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Masquer le code d’activation' }));
    expect(document.body.textContent).not.toContain(CODE);
  });

  it('shows the line, the four steps with the QR code, the default PIN and the support line', () => {
    renderPage(<EsimInstallation esim={esim()} />);
    expect(valueOf('Numéro de ligne')).toBe('06 12 34 56 78');
    expect(valueOf('Forfait')).toBe('Forfait Pro 100 Go');
    expect(valueOf('Numéro de contrat')).toBe('5000123');

    const steps = within(screen.getByRole('region', { name: 'Installer l’eSIM avec le QR code' })).getAllByRole('listitem');
    const topLevel = steps.filter((item) => item.parentElement?.tagName === 'OL');
    expect(topLevel).toHaveLength(4);
    expect(topLevel[0]?.textContent).toContain('*#06#');
    expect(topLevel[0]?.textContent).toContain('EID');
    expect(topLevel[0]?.textContent).toContain('ne retirez pas la carte SIM');
    expect(topLevel[1]?.textContent).toContain('Données cellulaires › , puis Ajouter une eSIM › , puis Utiliser un code QR');
    expect(topLevel[1]?.textContent).toContain('Connexions › , puis Gestionnaire de cartes SIM');
    const qr = screen.getByRole('img');
    expect(qr.getAttribute('src')).toBe('data:image/png;base64,iVBORw0KGgo=');
    expect(qr.getAttribute('alt')).toBe(
      'QR code d’installation de l’eSIM de la ligne 06 12 34 56 78, à scanner avec le téléphone ; son contenu figure dans l’installation manuelle ci-dessous.',
    );
    expect(topLevel[3]?.textContent).toContain(`code PIN par défaut\u00a0: ${ESIM_DEFAULT_PIN}`);
    expect(screen.getByRole('link', { name: SUPPORT_LINE.number }).getAttribute('href')).toBe(`tel:${SUPPORT_LINE.number}`);
  });

  it('leaves the number out when it is not valid', () => {
    renderPage(<EsimInstallation esim={esim({ numGsm: '0000000000', numGsmValide: false })} />);
    expect(screen.queryByText('Numéro de ligne')).toBeNull();
    expect(document.body.textContent).not.toContain('00 00 00 00 00');
    expect(screen.getByRole('img').getAttribute('alt')).toContain('du contrat 5000123');
  });
});

import { errorMessage } from '@ecare/shared/errors';
import { contactSubThemeListSchema, contactThemeListSchema, type ContactResponse } from '@ecare/shared/support';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, stubFetch } from '../../../test/fetch-stub.ts';
import { fillJsdomGaps } from '../../../test/jsdom-gaps.ts';
import { renderPage } from '../../../test/render.tsx';
import { stubXhr, type UploadAnswer } from '../../../test/xhr-stub.ts';
import { ContactForm, type ContactCustomer } from './contact-form.tsx';

beforeEach(fillJsdomGaps);
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const THEMES = contactThemeListSchema.parse([
  { idTheme: 1, libelle: 'Facturation', ordre: 1 },
  { idTheme: 7, libelle: 'Service après-vente', ordre: 7 },
  { idTheme: 13, libelle: 'Sécurité et données personnelles', ordre: 13 },
]);
const SUB_THEMES: Record<string, unknown> = {
  '/api/Faq/contact_sous_themes/7': contactSubThemeListSchema.parse([
    { idSousTheme: 701, idTheme: 7, libelle: 'Panne ou casse d’un téléphone', ordre: 1 },
    { idSousTheme: 702, idTheme: 7, libelle: 'Garantie et échange', ordre: 2 },
  ]),
  '/api/Faq/contact_sous_themes/13': contactSubThemeListSchema.parse([{ idSousTheme: 1301, idTheme: 13, libelle: 'Cyberattaque du 4 juillet 2022', ordre: 1 }]),
};
const SENT: ContactResponse = { reference: 'SUP-2026-000042', dateCreation: '2026-03-02T10:00:00.000Z', email: 'claire@atelier.example' };

const PDF = () => new File(['%PDF-1.7\n%%EOF\n'], 'constat.pdf', { type: 'application/pdf' });
const DISGUISED = () => new File(['MZ\u0090\u0000\u0003\u0000\u0000\u0000programme'], 'facture.pdf', { type: 'application/pdf' });

function serveSubThemes() {
  return stubFetch((request) => jsonResponse(SUB_THEMES[request.url] ?? [], SUB_THEMES[request.url] ? 200 : 404));
}

function renderForm(options: { customer?: ContactCustomer | null; initialThemeId?: number | null; answer?: UploadAnswer; captcha?: () => Promise<string | undefined> } = {}) {
  const onSent = vi.fn();
  const { uploads } = stubXhr(() => options.answer ?? { status: 200, body: SENT, progress: [8, 16], total: 16 });
  renderPage(
    <ContactForm
      themes={THEMES}
      initialThemeId={options.initialThemeId ?? null}
      customer={options.customer ?? null}
      account={options.customer ? { idClientBscs: 31, label: 'Boulangerie Lemoine – compte 1.31' } : null}
      captcha={options.captcha}
      onSent={onSent}
    />,
  );
  return { onSent, uploads };
}

function fillMessage() {
  fireEvent.change(screen.getByLabelText(/^Objet/), { target: { value: 'Écran cassé' } });
  fireEvent.change(screen.getByLabelText(/^Votre message/), { target: { value: 'L’écran est fissuré.' } });
}

function fillVisitor() {
  fireEvent.change(screen.getByLabelText(/^Prénom/), { target: { value: 'Claire' } });
  fireEvent.change(screen.getByLabelText(/^Nom/), { target: { value: 'Fontaine' } });
  fireEvent.change(screen.getByLabelText(/^Adresse e-mail/), { target: { value: 'claire@atelier.example' } });
}

const send = () => fireEvent.click(screen.getByRole('button', { name: 'Envoyer le message' }));

describe('ContactForm', () => {
  it('opens on the theme of the address, asks its sub-theme and sends a visitor’s message as multipart with its attachment', async () => {
    serveSubThemes();
    const captcha = vi.fn(async () => 'jeton-captcha');
    const { onSent, uploads } = renderForm({ initialThemeId: 7, captcha });
    expect(screen.getByRole('combobox', { name: /^Thème/ })).toHaveProperty('value', 'Service après-vente');
    fireEvent.click(await screen.findByRole('radio', { name: 'Garantie et échange' }));
    fillMessage();
    fillVisitor();
    fireEvent.change(screen.getByLabelText(/^Pièce jointe/), { target: { files: [PDF()] } });
    await screen.findByText(/constat\.pdf/);
    send();

    await waitFor(() => expect(onSent).toHaveBeenCalledWith(SENT));
    const body = uploads[0]?.body;
    expect(uploads[0]?.url).toBe('/api/faq/envoyerEmail');
    expect(body?.get('idTheme')).toBe('7');
    expect(body?.get('idSousTheme')).toBe('702');
    expect(body?.get('prenom')).toBe('Claire');
    expect(body?.get('captcha')).toBe('jeton-captcha');
    expect((body?.get('pieceJointe') as File | null)?.name).toBe('constat.pdf');
    expect(body?.has('idClientBscs')).toBe(false);
  });

  it('says what is missing, and refuses a file that is not what its name says before sending', async () => {
    serveSubThemes();
    const { uploads } = renderForm();
    send();
    expect(await screen.findByText('Veuillez choisir un thème.', { selector: 'a' })).toBeTruthy();
    expect(screen.getAllByText('L’objet est obligatoire.').length).toBeGreaterThan(0);
    expect(screen.getAllByText('Veuillez indiquer votre adresse e-mail.').length).toBeGreaterThan(0);

    fireEvent.change(screen.getByLabelText(/^Pièce jointe/), { target: { files: [DISGUISED()] } });
    expect((await screen.findAllByText(errorMessage('ATTACHMENT_TYPE'))).length).toBeGreaterThan(0);
    expect(uploads).toHaveLength(0);
  });

  it('asks a customer nothing about who they are, and names their account', async () => {
    serveSubThemes();
    const captcha = vi.fn(async () => 'jeton');
    const { onSent, uploads } = renderForm({ customer: { prenom: 'Sophie', nom: 'Lemoine', email: 'sophie@demo.test' }, initialThemeId: 13, captcha });
    expect(screen.queryByLabelText(/^Prénom/)).toBeNull();
    expect(screen.getByText('sophie@demo.test')).toBeTruthy();
    fireEvent.click(await screen.findByRole('radio', { name: 'Cyberattaque du 4 juillet 2022' }));
    fillMessage();
    send();
    await waitFor(() => expect(onSent).toHaveBeenCalled());
    expect(uploads[0]?.body?.get('idClientBscs')).toBe('31');
    expect(uploads[0]?.body?.has('email')).toBe(false);
    expect(captcha).not.toHaveBeenCalled();
  });

  it('puts the server’s refusal of the attachment under the attachment', async () => {
    serveSubThemes();
    renderForm({
      initialThemeId: 7,
      answer: { status: 413, body: { code: 'ATTACHMENT_TOO_LARGE', exceptionMessage: errorMessage('ATTACHMENT_TOO_LARGE') } },
    });
    fireEvent.click(await screen.findByRole('radio', { name: 'Panne ou casse d’un téléphone' }));
    fillMessage();
    fillVisitor();
    fireEvent.change(screen.getByLabelText(/^Pièce jointe/), { target: { files: [PDF()] } });
    await screen.findByText(/constat\.pdf/);
    send();
    const field = screen.getByLabelText(/^Pièce jointe/);
    await waitFor(() => expect(field.getAttribute('aria-invalid')).toBe('true'));
    expect(screen.getAllByText(errorMessage('ATTACHMENT_TOO_LARGE')).length).toBeGreaterThan(0);
  });
});

import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, onTestFinished, vi } from 'vitest';
import { jsonResponse, stubFetch } from '../../test/fetch-stub.ts';
import { fillJsdomGaps } from '../../test/jsdom-gaps.ts';
import { DownloadButton, DownloadMenuButton, progressText } from './download-button.tsx';

/** A body the test feeds chunk by chunk, to look at the page between chunks. */
function controlledBody() {
  let controller: ReadableStreamDefaultController<Uint8Array> | null = null;
  const stream = new ReadableStream<Uint8Array>({ start: (given) => void (controller = given) });
  return {
    stream,
    push: (bytes: number) => controller?.enqueue(new Uint8Array(bytes)),
    end: () => controller?.close(),
  };
}

let saved: string[] = [];

beforeEach(() => {
  saved = [];
  vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: () => 'blob:fichier', revokeObjectURL: vi.fn() }));
  const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    saved.push(this.download);
  });
  onTestFinished(() => click.mockRestore());
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const button = () => screen.getByRole('button', { name: 'Télécharger la facture (PDF)' });

describe('DownloadButton', () => {
  it('shows measured progress while the file streams in, then saves it under the server’s name', async () => {
    const body = controlledBody();
    stubFetch(
      () =>
        new Response(body.stream, {
          headers: { 'Content-Length': '2000', 'Content-Disposition': 'attachment; filename="facture-janvier.pdf"' },
        }),
    );
    render(<DownloadButton path="/api/facture/1/pdf" label="Télécharger la facture (PDF)" fallbackName="facture.pdf" />);
    fireEvent.click(button());

    body.push(500);
    const bar = await screen.findByRole('progressbar');
    expect(bar.getAttribute('aria-labelledby')).toBe(screen.getByText(/^Téléchargement en cours/).id);
    await waitFor(() => expect(bar.getAttribute('value')).toBe('500'));
    expect(bar.getAttribute('max')).toBe('2000');
    expect(screen.getByText(/^Téléchargement en cours/).textContent).toBe('Téléchargement en cours\u00a0: 0,5\u202fko sur 2\u202fko');
    expect(button().hasAttribute('disabled')).toBe(true);

    body.push(1500);
    body.end();
    await waitFor(() => expect(saved).toEqual(['facture-janvier.pdf']));
    expect(screen.queryByRole('progressbar')).toBeNull();
    expect(button().hasAttribute('disabled')).toBe(false);
  });

  it('shows an indeterminate bar when the size is unknown and can stop the download', async () => {
    const body = controlledBody();
    stubFetch(() => new Response(body.stream));
    render(<DownloadButton path="/api/export" label="Télécharger la facture (PDF)" fallbackName="export.zip" />);
    fireEvent.click(button());
    body.push(2_500_000);
    const bar = await screen.findByRole('progressbar');
    await waitFor(() => expect(screen.getByText(/^Téléchargement en cours/).textContent).toBe('Téléchargement en cours\u00a0: 2,5\u202fMo reçus'));
    expect(bar.hasAttribute('value')).toBe(false);

    fireEvent.click(screen.getByRole('button', { name: 'Arrêter le téléchargement' }));
    body.end();
    await waitFor(() => expect(screen.queryByRole('progressbar')).toBeNull());
    expect(saved).toEqual([]);
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('says why a download was refused', async () => {
    stubFetch(() => jsonResponse({ code: 'FORBIDDEN_ACCOUNT', exceptionMessage: 'Refusé' }, 403));
    render(<DownloadButton path="/api/facture/1/pdf" label="Télécharger la facture (PDF)" fallbackName="facture.pdf" />);
    fireEvent.click(button());
    expect((await screen.findByRole('alert')).textContent).toBe("Désolé, vous n’êtes pas autorisé à accéder à ce compte de facturation.");
  });
});

describe('DownloadMenuButton', () => {
  beforeEach(fillJsdomGaps);

  const openMenu = async () => {
    const trigger = screen.getByRole('button', { name: 'Exporter la liste' });
    trigger.focus();
    fireEvent.keyDown(trigger, { key: 'ArrowDown' });
    fireEvent.keyUp(trigger, { key: 'ArrowDown' });
    return screen.findByRole('menu');
  };

  it('downloads the chosen file with its progress, the choices waiting meanwhile, and says when it is saved', async () => {
    const body = controlledBody();
    const { requests } = stubFetch(() => new Response(body.stream, { headers: { 'Content-Disposition': 'attachment; filename="lignes.xlsx"' } }));
    render(
      <DownloadMenuButton
        label="Exporter la liste"
        choices={[
          { id: 'csv', label: 'Fichier CSV (.csv)', path: '/api/export?format=csv', fallbackName: 'lignes.csv' },
          { id: 'xlsx', label: 'Classeur Excel (.xlsx)', path: '/api/export?format=xlsx', fallbackName: 'lignes.xlsx' },
        ]}
      />,
    );
    fireEvent.click(within(await openMenu()).getByRole('menuitem', { name: 'Classeur Excel (.xlsx)' }));
    body.push(1_000);
    await screen.findByRole('progressbar');
    expect(requests.map((request) => request.url)).toEqual(['/api/export?format=xlsx']);
    expect(screen.getByText('Le téléchargement a commencé.').getAttribute('role')).toBe('status');
    const items = within(await openMenu()).getAllByRole('menuitem');
    expect(items.map((item) => item.getAttribute('aria-disabled'))).toEqual(['true', 'true']);
    fireEvent.keyDown(document.activeElement as HTMLElement, { key: 'Escape' });

    body.end();
    await waitFor(() => expect(saved).toEqual(['lignes.xlsx']));
    expect(screen.queryByRole('progressbar')).toBeNull();
    expect(screen.getByText('Fichier lignes.xlsx téléchargé.')).toBeTruthy();
  });
});

describe('progressText', () => {
  it('counts in French units', () => {
    // Intl puts a narrow no-break space between number and unit.
    expect(progressText({ received: 1_200_000, total: 3_400_000 })).toBe('1,2\u202fMo sur 3,4\u202fMo');
    expect(progressText({ received: 800, total: null })).toBe('0,8\u202fko reçus');
  });
});

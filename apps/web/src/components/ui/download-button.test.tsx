import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, onTestFinished, vi } from 'vitest';
import { jsonResponse, stubFetch } from '../../test/fetch-stub.ts';
import { DownloadButton, progressText } from './download-button.tsx';

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
    expect((await screen.findByRole('alert')).textContent).toBe("Désolé, vous n'êtes pas autorisé à accéder à ce compte de facturation.");
  });
});

describe('progressText', () => {
  it('counts in French units', () => {
    // Intl puts a narrow no-break space between number and unit.
    expect(progressText({ received: 1_200_000, total: 3_400_000 })).toBe('1,2\u202fMo sur 3,4\u202fMo');
    expect(progressText({ received: 800, total: null })).toBe('0,8\u202fko reçus');
  });
});

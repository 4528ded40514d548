import type { ReactNode } from 'react';
import { DownloadMenuButton } from '../../../components/ui/download-button.tsx';
import { invoiceXmlPath } from '../api/invoice-paths.ts';

interface EInvoiceXmlMenuProps {
  idClientBscs: number;
  /** An invoice's or a credit note's reference. */
  reference: string;
  /** `facture` or `avoir`: how the files are named. */
  kind: 'facture' | 'avoir';
  label: ReactNode;
  className?: string;
}

/** An issued document's EN 16931 data alone (decision 059): CII, as its Factur-X PDF carries it, or UBL 2.1. */
export function EInvoiceXmlMenu({ idClientBscs, reference, kind, label, className }: EInvoiceXmlMenuProps) {
  return (
    <DownloadMenuButton
      label={label}
      {...(className ? { className } : {})}
      choices={[
        { id: 'cii', label: 'Format CII (celui du Factur-X)', path: invoiceXmlPath(idClientBscs, reference, 'cii'), fallbackName: `${kind}-${reference}-cii.xml` },
        { id: 'ubl', label: 'Format UBL 2.1', path: invoiceXmlPath(idClientBscs, reference, 'ubl'), fallbackName: `${kind}-${reference}-ubl.xml` },
      ]}
    />
  );
}

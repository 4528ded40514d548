import { Copy } from 'lucide-react';
import { useState } from 'react';
import { Alert } from './alert.tsx';

interface CopyButtonProps {
  /** What goes to the clipboard. */
  text: string;
  label: string;
  copied: string;
  failed: string;
}

/** Copies a value shown once, then says whether it worked (the clipboard may be refused). */
export function CopyButton({ text, label, copied, failed }: CopyButtonProps) {
  const [outcome, setOutcome] = useState<'copied' | 'failed' | null>(null);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(text);
      setOutcome('copied');
    } catch {
      setOutcome('failed');
    }
  };
  return (
    <div className="space-y-3">
      <button type="button" className="btn-secondary" onClick={() => void copy()}>
        <Copy aria-hidden="true" className="size-4" />
        {label}
      </button>
      <div role="status">
        {outcome ? (
          <Alert tone={outcome === 'copied' ? 'success' : 'info'} live={false}>
            {outcome === 'copied' ? copied : failed}
          </Alert>
        ) : null}
      </div>
    </div>
  );
}

/** What the gate loads on its first use, in one file: the check and its dialog (use-unpaid-gate.tsx). */
export { runUnpaidGate } from '../utils/run-unpaid-gate.ts';
export { UnpaidDialog } from './unpaid-dialog.tsx';

import { describe, expect, it } from 'vitest';
import { createLine } from '../../test/factories.ts';
import { customerLineNumber } from './customer-line.ts';

describe('customerLineNumber', () => {
  it('formats the chosen line’s number', () => {
    expect(customerLineNumber(createLine({ numeroLigne: '0612345678' }))).toBe('06 12 34 56 78');
  });

  it('names no line when none is chosen or its number is unknown, never a placeholder', () => {
    expect(customerLineNumber(null)).toBeNull();
    expect(customerLineNumber(undefined)).toBeNull();
    expect(customerLineNumber(createLine({ numeroLigne: '  ' }))).toBeNull();
  });
});

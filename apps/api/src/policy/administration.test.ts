import { describe, expect, it } from 'vitest';
import { AppError } from '../lib/errors.ts';
import { assertAdministration, type AdministrationCaller } from './administration.ts';

const refusal = (caller: AdministrationCaller) => {
  try {
    assertAdministration(caller);
    return null;
  } catch (error) {
    return error instanceof AppError ? error.code : error;
  }
};

describe('assertAdministration', () => {
  it('lets through an administration user acting as themselves', () => {
    expect(refusal({ administration: true, serviceClient: false })).toBeNull();
    expect(refusal({ administration: true, serviceClient: false, agentMode: false })).toBeNull();
  });

  it.each([
    ['a user without the flag', { administration: false, serviceClient: false }],
    ['a customer-service agent, flag or not', { administration: true, serviceClient: true }],
    ['anyone in agent mode', { administration: true, serviceClient: false, agentMode: true }],
  ])('refuses %s', (_who, caller: AdministrationCaller) => {
    expect(refusal(caller)).toBe('FORBIDDEN_ADMINISTRATION');
  });
});

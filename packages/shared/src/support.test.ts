import { describe, expect, it } from 'vitest';
import {
  CONTACT_LIMITS,
  SUPPORT_REFERENCE_PATTERN,
  attachmentTypeOf,
  characterCount,
  contactMessageSchema,
  contactVisitorMessageSchema,
  supportReference,
} from './support.ts';

const bytes = (...values: number[]) => new Uint8Array(values);

describe('attachment types', () => {
  it('recognises PDF, JPEG and PNG by their first bytes only', () => {
    expect(attachmentTypeOf(new TextEncoder().encode('%PDF-1.7\n'))).toBe('application/pdf');
    expect(attachmentTypeOf(bytes(0xff, 0xd8, 0xff, 0xe0, 0, 0x10, 0x4a, 0x46))).toBe('image/jpeg');
    expect(attachmentTypeOf(bytes(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a))).toBe('image/png');
    expect(attachmentTypeOf(new TextEncoder().encode('MZ\u0090\u0000...'))).toBeNull();
    expect(attachmentTypeOf(new TextEncoder().encode('<svg onload=x>'))).toBeNull();
    expect(attachmentTypeOf(bytes(0x89, 0x50, 0x4e))).toBeNull();
  });
});

describe('references', () => {
  it('are SUP, the year and six digits at least', () => {
    expect(supportReference(2026, 42)).toBe('SUP-2026-000042');
    expect(supportReference(2026, 1_234_567)).toBe('SUP-2026-1234567');
    expect(supportReference(2027, 1)).toMatch(SUPPORT_REFERENCE_PATTERN);
  });
});

describe('contact message rules', () => {
  const message = { idTheme: '7', idSousTheme: '701', objet: 'Écran cassé', message: 'Bonjour' };

  it('turns the multipart texts into ids, empty optional fields into nothing', () => {
    expect(contactMessageSchema.parse({ ...message, telephone: '  ', captcha: '' })).toEqual({ idTheme: 7, idSousTheme: 701, objet: 'Écran cassé', message: 'Bonjour' });
  });

  it('counts characters as a person does and line breaks once', () => {
    expect(characterCount('😀é')).toBe(2);
    const long = '😀'.repeat(CONTACT_LIMITS.message);
    expect(contactMessageSchema.safeParse({ ...message, message: long }).success).toBe(true);
    expect(contactMessageSchema.safeParse({ ...message, message: `${long}x` }).success).toBe(false);
    expect(contactMessageSchema.parse({ ...message, message: 'a\r\nb' }).message).toBe('a\nb');
  });

  it('asks a visitor who they are', () => {
    expect(contactVisitorMessageSchema.safeParse(message).success).toBe(false);
    const visitor = contactVisitorMessageSchema.parse({ ...message, prenom: 'Claire', nom: 'N’Diaye', email: ' claire@atelier.example ', entreprise: '' });
    expect(visitor).toMatchObject({ prenom: 'Claire', email: 'claire@atelier.example', entreprise: undefined });
  });
});

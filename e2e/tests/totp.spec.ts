// Unit checks of fixtures/totp.ts (no browser, no server).
import { expect, test } from '@playwright/test';
import { base32Decode, base32Encode, freshTotp, hotp, totp, totpStep } from '../fixtures/totp';

const RFC_SECRET_ASCII = '12345678901234567890';
const RFC_SECRET_BASE32 = 'GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ';

test.describe('TOTP helper (RFC 6238, SHA1)', () => {
  test('base32 round trip of the RFC secret', () => {
    expect(base32Encode(Buffer.from(RFC_SECRET_ASCII, 'ascii'))).toBe(RFC_SECRET_BASE32);
    expect(base32Decode(RFC_SECRET_BASE32).toString('ascii')).toBe(RFC_SECRET_ASCII);
    expect(base32Decode('gezd gnbv gy3t qojq gezd gnbv gy3t qojq').toString('ascii')).toBe(RFC_SECRET_ASCII);
  });

  test('RFC 6238 appendix B vectors (8 digits) and the 6-digit code at T=59', () => {
    const vectors: Array<[number, string]> = [
      [59, '94287082'],
      [1111111109, '07081804'],
      [1111111111, '14050471'],
      [1234567890, '89005924'],
      [2000000000, '69279037'],
      [20000000000, '65353130'],
    ];
    for (const [t, code] of vectors) {
      expect(totp(RFC_SECRET_BASE32, { time: t * 1000, digits: 8 }), `T=${t}`).toBe(code);
    }
    expect(totp(RFC_SECRET_BASE32, { time: 59_000 })).toBe('287082');
  });

  test('step offset gives the neighbouring codes', () => {
    const t = 1111111111 * 1000;
    const key = base32Decode(RFC_SECRET_BASE32);
    const step = totpStep(t);
    expect(totp(RFC_SECRET_BASE32, { time: t, stepOffset: 1 })).toBe(hotp(key, step + 1));
    expect(totp(RFC_SECRET_BASE32, { time: t, stepOffset: -1 })).toBe(hotp(key, step - 1));
    expect(totp(RFC_SECRET_BASE32, { time: t })).toMatch(/^\d{6}$/);
  });

  test('freshTotp never hands out the same step twice', async () => {
    const secret = base32Encode(Buffer.from('fresh-totp-test-secret'));
    const key = base32Decode(secret);
    const now = totpStep();
    const first = await freshTotp(secret);
    const second = await freshTotp(secret);
    // Unless the 30 s boundary passed in between, these are the codes of steps now and now + 1.
    if (totpStep() === now) {
      expect(first).toBe(hotp(key, now));
      expect(second).toBe(hotp(key, now + 1));
    }
    expect(second).not.toBe(first);
  });
});

import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { verifyOnboardingReturn } from '../src/index.ts';

const secret = `ors_${'ab'.repeat(32)}`;
const id = '0b8a7c52-7a0e-4c8e-9d3b-2f1e6a4c9d10';
const at = 1_795_000_000;

function signed(ts: number, status = 'completed', key = secret): string {
  const sig = createHmac('sha256', key).update(`${id}.${status}.${ts}`).digest('hex');
  return `https://example.com/done?ref=42&svc_onboarding=${id}&svc_status=${status}&svc_ts=${ts}&svc_sig=${sig}`;
}

describe('verifyOnboardingReturn', () => {
  it('accepts a return signed with the secret within the tolerance, either side', async () => {
    for (const ts of [at, at - 600, at + 600]) {
      expect(await verifyOnboardingReturn(signed(ts), secret, { now: at * 1000 })).toEqual({
        ok: true,
        onboardingId: id,
        status: 'completed',
        timestamp: ts,
      });
    }
  });

  it('refuses a tampered return: another status, another id, another secret, another signature', async () => {
    const now = { now: at * 1000 };
    const url = new URL(signed(at));
    url.searchParams.set('svc_status', 'pending');
    expect(await verifyOnboardingReturn(url, secret, now)).toEqual({ ok: false, reason: 'bad_signature' });
    const otherId = new URL(signed(at));
    otherId.searchParams.set('svc_onboarding', '00000000-0000-4000-8000-000000000000');
    expect(await verifyOnboardingReturn(otherId, secret, now)).toEqual({
      ok: false,
      reason: 'bad_signature',
    });
    expect(
      await verifyOnboardingReturn(signed(at, 'completed', `ors_${'cd'.repeat(32)}`), secret, now),
    ).toEqual({
      ok: false,
      reason: 'bad_signature',
    });
    const shifted = new URL(signed(at));
    shifted.searchParams.set('svc_ts', String(at + 1));
    expect(await verifyOnboardingReturn(shifted, secret, now)).toEqual({
      ok: false,
      reason: 'bad_signature',
    });
  });

  it('refuses an old and a future return, and one missing its parameters', async () => {
    expect(await verifyOnboardingReturn(signed(at - 601), secret, { now: at * 1000 })).toEqual({
      ok: false,
      reason: 'too_old',
    });
    expect(await verifyOnboardingReturn(signed(at + 601), secret, { now: at * 1000 })).toEqual({
      ok: false,
      reason: 'in_future',
    });
    expect(
      await verifyOnboardingReturn(signed(at - 100), secret, { now: at * 1000, toleranceSeconds: 60 }),
    ).toEqual({
      ok: false,
      reason: 'too_old',
    });
    expect(await verifyOnboardingReturn('https://example.com/done?svc_onboarding=x', secret)).toEqual({
      ok: false,
      reason: 'missing_parameters',
    });
  });
});

import { randomBytes } from 'node:crypto';
import { OPERATOR, runAs } from '../../src/platform/db/actor.ts';
import { SCOPES } from '../../src/platform/http/scopes.ts';
import { expectOk } from './errors.ts';
import { type FunderFixture, requestsGiven } from './requests-fixtures.ts';
import type { TestService } from './service.ts';

export type { Plane } from '../../src/platform/caller.ts';

type Environment = 'live' | 'sandbox' | 'unclassified';

/**
 * The givens of one service: each member makes one domain thing (a funder and its key, a
 * seller, a request walked to some status, the demonstration plane) the way the parties do,
 * through the operations API and the funder API, never a row written by hand.
 *
 *   const { service, given } = startGiven();
 *   it('...', async () => {
 *     const funder = await given.funder();
 *     const request = await given.approvedRequest({ funder });
 *   });
 *
 * Every service a test starts carries its own as `service.given`.
 */
export type Given = ReturnType<typeof givenOf>;

export function givenOf(service: TestService) {
  let demo: Promise<FunderFixture> | undefined;

  const accounts = {
    /** A funder account without any key (the operations API's answer). */
    async funderAccount(
      options: { environment?: Environment; name?: string } = {},
    ): Promise<{ bank_id: string; name: string }> {
      const body = expectOk(
        await service.ops<{ funder: { bank_id: string; name: string } }>('POST', '/ops/v1/funders', {
          name: options.name ?? `Funder ${randomBytes(3).toString('hex')}`,
          environment: options.environment ?? 'live',
        }),
        'create funder',
      );
      return body.funder;
    },

    /** A key of a funder: every scope unless told, rate limited only when asked. */
    async key(options: {
      bankId: string;
      scopes?: string[];
      name?: string;
      expiresAt?: string;
      perMinute?: number;
      perHour?: number;
      prospect?: string;
    }): Promise<{ id: string; secret: string }> {
      const body = expectOk(
        await service.ops<{ key: { id: string }; secret: string }>('POST', '/ops/v1/keys', {
          bank_id: options.bankId,
          name: options.name ?? 'test key',
          scopes: options.scopes ?? [...SCOPES],
          ...(options.expiresAt ? { expires_at: options.expiresAt } : {}),
          ...(options.prospect ? { prospect: options.prospect } : {}),
          ...(options.perMinute || options.perHour
            ? { rate_limit: { per_minute: options.perMinute ?? null, per_hour: options.perHour ?? null } }
            : {}),
        }),
        'issue key',
      );
      return { id: body.key.id, secret: body.secret };
    },

    /** A funder of one environment (live unless told) with a key holding every scope or those named. */
    async funderWithKey(
      options: { environment?: Environment; scopes?: string[]; perMinute?: number; perHour?: number } = {},
    ): Promise<FunderFixture> {
      const funder = await accounts.funderAccount({ environment: options.environment ?? 'live' });
      const key = await accounts.key({
        bankId: funder.bank_id,
        scopes: options.scopes,
        perMinute: options.perMinute,
        perHour: options.perHour,
      });
      return { bankId: funder.bank_id, key: key.secret, keyId: key.id };
    },

    /** The demonstration plane rebuilt now, and a new sandbox key on its funder. */
    async sandbox(options: { scopes?: string[] } = {}): Promise<FunderFixture> {
      const reset = expectOk(
        await service.ops<{ bank_id: string }>('POST', '/ops/v1/demo/reset'),
        'demo reset',
      );
      const key = await accounts.key({
        bankId: reset.bank_id,
        scopes: options.scopes,
        prospect: 'test prospect',
      });
      return { bankId: reset.bank_id, key: key.secret, keyId: key.id };
    },

    /**
     * The demonstration funder and a sandbox key on it, shared by the tests of a file that only
     * read or add to the plane (a test that needs the plane as the reset leaves it calls
     * `sandbox()`). On a service started with `demoPlane` the plane is there already, as a reset
     * at the clock's start leaves it; on any other, the first call rebuilds it.
     */
    demoFunder(): Promise<FunderFixture> {
      demo ??= service.demoPlane ? prebuiltSandbox() : accounts.sandbox();
      return demo;
    },

    /**
     * Another sandbox key on the demonstration funder, for a prospect of its own: what its key
     * writes and the events of its writes are its own, the plane is the one `demoFunder` shares.
     */
    async demoKey(prospect = 'another prospect'): Promise<FunderFixture> {
      const { bankId } = await accounts.demoFunder();
      const key = await accounts.key({ bankId, prospect });
      return { bankId, key: key.secret, keyId: key.id };
    },
  };

  /** A new sandbox key on the demonstration funder of the prebuilt plane. */
  async function prebuiltSandbox(): Promise<FunderFixture> {
    const bankId = await runAs(OPERATOR, () => service.runtime.services.demo.demoFunderId());
    if (!bankId) throw new Error('the service started with demoPlane has no demonstration funder');
    const key = await accounts.key({ bankId, prospect: 'test prospect' });
    return { bankId, key: key.secret, keyId: key.id };
  }

  return { ...accounts, ...requestsGiven(service) };
}

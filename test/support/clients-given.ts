import type { FunderFixture } from './requests-fixtures.ts';
import type { TestService } from './service.ts';

/** Shapes and calls the clients area's tests share. */
export type Body = Record<string, unknown>;
export interface Link {
  id: string;
  prescriber_id: string | null;
  state: string;
  expires_at: string;
  disabled_at: string | null;
  disabled_reason: string | null;
  replaced_by: string | null;
  arrivals: number;
  claims_last_day: number;
  url?: string;
}
export interface Prescriber {
  id: string;
  name: string;
  email: string | null;
  active: boolean;
  arrivals: number;
  link: Link | null;
}
export interface Invitation {
  id: string;
  via: string;
  state: string;
  prescriber_id: string | null;
  client_link_id: string | null;
  company: { name: string; tax_id: string; country: string };
  contact: { email: string };
  seller_id: string | null;
  revoked_at?: string | null;
  revoked_reason?: string | null;
}

export function clientsGiven(service: TestService) {
  let n = 0;
  const now = async () => new Date(((await service.ops('GET', '/ops/v1/clock')).body as { now: string }).now);
  return {
    now,
    /** The service clock this many hours ahead, as a timestamp. */
    hoursAhead: async (hours: number) => new Date((await now()).getTime() + hours * 3_600_000).toISOString(),
    newLink: (funder: FunderFixture, body: Body = {}) =>
      service.call<{ client_link: Link }>(funder.key, 'POST', '/v1/client-links', { body }),
    newPrescriber: (funder: FunderFixture, body: Body) =>
      service.call<{ prescriber: Prescriber }>(funder.key, 'POST', '/v1/prescribers', { body }),
    /** A company opens a live link (the operations API plays it). */
    arrive: (linkId: string, company: Body) =>
      service.ops<{ invitation: Invitation }>('POST', `/ops/v1/client-links/${linkId}/arrivals`, company),
    accept: (invitationId: string) =>
      service.ops<{ invitation: Invitation }>('POST', `/ops/v1/client-invitations/${invitationId}/accept`),
    /** The funder withdraws an invitation (no body at all when `body` is left out). */
    revokeInvitation: (key: string, invitationId: string, body?: Body) =>
      service.call<{ invitation: Invitation; changed: boolean }>(
        key,
        'POST',
        `/v1/client-invitations/${invitationId}/revoke`,
        body === undefined ? {} : { body },
      ),
    /** A fresh company's details, each call another tax id. */
    company: (overrides: Body = {}) => {
      n += 1;
      return {
        company_name: `Compañía ${n} SL`,
        tax_id: `B7${String(n).padStart(7, '0')}`,
        country: 'ES',
        email: `admin${n}@company.example`,
        ...overrides,
      };
    },
  };
}

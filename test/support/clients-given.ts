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
}

export function clientsGiven(service: TestService) {
  let n = 0;
  return {
    now: async () => new Date(((await service.ops('GET', '/ops/v1/clock')).body as { now: string }).now),
    newLink: (funder: FunderFixture, body: Body = {}) =>
      service.call<{ client_link: Link }>(funder.key, 'POST', '/v1/client-links', { body }),
    newPrescriber: (funder: FunderFixture, body: Body) =>
      service.call<{ prescriber: Prescriber }>(funder.key, 'POST', '/v1/prescribers', { body }),
    /** A company opens a live link (the operations API plays it). */
    arrive: (linkId: string, company: Body) =>
      service.ops<{ invitation: Invitation }>('POST', `/ops/v1/client-links/${linkId}/arrivals`, company),
    accept: (invitationId: string) =>
      service.ops<{ invitation: Invitation }>('POST', `/ops/v1/client-invitations/${invitationId}/accept`),
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

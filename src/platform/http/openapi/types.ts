import type { ErrorCode } from '../../errors.ts';

/** The parts of the specification; each operation is filed under one of them. */
export const TAGS = [
  {
    name: 'Account',
    description: 'Health of the service and what the calling key is: its funder, environment and scopes.',
  },
  {
    name: 'Requests',
    description:
      'Funding requests routed to you: the list, the underwriting packet, documents, debtors, and your decisions (offer, decline, fund, settle).',
  },
  {
    name: 'Settings',
    description: 'Rules you set for requests routed to you from now on: consent level, required documents.',
  },
  {
    name: 'Limits and payer record',
    description:
      'Credit limits per debtor and per seller, with the exposure they hold, and the shared payment record of a payer.',
  },
  {
    name: 'Statements',
    description: 'Your bank statements (CAMT.053 or CSV), matched against the requests you funded.',
  },
  {
    name: 'Webhooks',
    description:
      'Signed events posted to your endpoints: register, rotate secrets, test, read delivery logs, and catch up from the event log.',
  },
  {
    name: 'Clients',
    description:
      'Your own client network: your open link, prescribers with a link each, the invitations of the companies that arrived, and the report per prescriber.',
  },
  {
    name: 'Onboarding links',
    description: 'Single-use links for your own suppliers, which come back to your site signed.',
  },
  {
    name: 'Exports',
    description:
      'Everything you can see, as a ZIP of CSV and JSON Lines files with a schema, SHA-256 digests and a script that checks them offline (live keys only).',
  },
  {
    name: 'Registry',
    description:
      'The assignment registry: whether an invoice is already assigned to a funder of the service, yes or no, never to whom.',
  },
  {
    name: 'Early payments',
    description:
      'Buyer-programme early payments: offers released to a buyer’s suppliers with you as their funder, the early payments you make, and the buyer’s repayments at maturity.',
  },
  {
    name: 'Recourse',
    description:
      'Claims opened by themselves when a funded request is still unpaid after the days its terms give: against the seller under recourse, or the debtor’s default without recourse; your funded book by recourse type.',
  },
  {
    name: 'Bank data',
    description:
      'What sellers share of their business accounts with you (read-only, with their consent), payment alerts on confidential requests, your collection account connections and the account-information provider’s charges.',
  },
  {
    name: 'Opportunities',
    description:
      'The morning digest: which invoices of your own clients that share them with you became eligible under your rules overnight, and what changed in those you were shown.',
  },
  {
    name: 'Sandbox',
    description:
      'Test operations for sandbox keys only: they play the seller, the debtors and the portal on the demonstration plane so an integration can walk a request through its whole life.',
  },
] as const;

export type Tag = (typeof TAGS)[number]['name'];

export interface NamedExample {
  summary: string;
  value: unknown;
}

/**
 * What the OpenAPI document says about one operation beyond its schemas. Keyed by
 * `METHOD /path` (path in OpenAPI form, `{id}`), like the scope table.
 */
export interface OperationDoc {
  operationId: string;
  summary: string;
  tag: Tag;
  /** Markdown in our own words: states it applies to, limits, what it changes. */
  description: string;
  /**
   * What the success answer means (instead of a bare "OK"); by status where an operation has
   * several success statuses that mean different things (offer 201, the other decisions 200).
   */
  success: string | Record<string, string>;
  /**
   * The codes this operation answers on its own. The codes every operation of its kind can
   * answer (authentication, rate limit, bad body, idempotency...) are added from its traits.
   */
  errors: readonly ErrorCode[];
  /**
   * The codes this operation answers with another status than the error registry's (the spec
   * gives `not_routed_to_you` 403 on the announce operation, 409 elsewhere). A status a field's
   * schema gives its code (`Reason()`: `reason_required` 422) is taken from the schema and need
   * not be repeated here. The document lists each code under the status given here.
   */
  statuses?: Partial<Record<ErrorCode, number>>;
  /** Request body examples (JSON), by name. */
  requestExamples?: Record<string, NamedExample>;
  /** Success body examples by status; a status without one gets an example built from its schema. */
  responseExamples?: Record<string, Record<string, NamedExample>>;
  /** A success answer that is not JSON (a file download). */
  successMedia?: { status: string; mediaType: string };
}

export type OperationDocs = Record<string, OperationDoc>;

/**
 * The event types a webhook endpoint can subscribe to (spec: Events), with what each means and
 * whether this service emits it yet (an area not landed yet emits nothing; subscribing to its
 * type is allowed, so a funder's set-up does not change when it lands).
 */
export const EVENT_TYPES = [
  // Beyond the spec's list: recourse claims (docs/decisions/recourse.md).
  {
    type: 'claim.closed',
    emitted: true,
    description:
      'A recourse claim of yours closed: settled by payments or by the request settling, withdrawn or written off.',
  },
  {
    type: 'claim.opened',
    emitted: true,
    description:
      'A recourse claim opened on a request you funded that is still unpaid after its recourse days.',
  },
  // Beyond the spec's list: buyer-programme early payments (docs/decisions/early-payments.md).
  {
    type: 'early_payment.released',
    emitted: true,
    description: 'An early payment was offered to a supplier with you as its funder.',
  },
  {
    type: 'early_payment.accepted',
    emitted: true,
    description: 'The supplier accepted an early payment of yours.',
  },
  {
    type: 'early_payment.declined',
    emitted: true,
    description: 'The supplier declined an early payment of yours.',
  },
  {
    type: 'early_payment.withdrawn',
    emitted: true,
    description: 'The buyer withdrew an early payment of yours.',
  },
  { type: 'early_payment.paid', emitted: true, description: 'You recorded the early payment you made.' },
  {
    type: 'early_payment.repayment_recorded',
    emitted: true,
    description: 'You recorded a partial repayment by the buyer.',
  },
  { type: 'early_payment.repaid', emitted: true, description: 'The buyer repaid an early payment in full.' },
  {
    type: 'export.ready',
    emitted: true,
    description: 'An export you asked for is built and can be downloaded.',
  },
  {
    type: 'notice.acknowledged',
    emitted: true,
    description: 'A debtor acknowledged its notice of assignment on a request of yours.',
  },
  { type: 'notice.disputed', emitted: true, description: 'A debtor disputed its notice of assignment.' },
  {
    type: 'onboarding.completed',
    emitted: true,
    description: 'A supplier submitted its company verification through one of your onboarding links.',
  },
  {
    type: 'opportunities.daily',
    emitted: true,
    description: 'Your daily digest of opportunities is ready and has something in it.',
  },
  {
    type: 'payment.reached_seller',
    emitted: true,
    description: 'A seller received a debtor payment on a request you funded under confidential terms.',
  },
  {
    type: 'request.announced',
    emitted: true,
    description: 'A confidential request was announced: by you, or by a trigger of its programme terms.',
  },
  { type: 'request.funded', emitted: true, description: 'You recorded the funding of a request.' },
  { type: 'request.routed', emitted: true, description: 'A request was routed to you.' },
  {
    type: 'settlement.recorded',
    emitted: true,
    description: 'A settlement (money received) was recorded on a request you funded.',
  },
  {
    type: 'webhook.test',
    emitted: true,
    description: 'The test you asked for with POST /v1/webhooks/{id}/test.',
  },
] as const;

export type EventType = (typeof EVENT_TYPES)[number]['type'];
export const EVENT_TYPE_NAMES = EVENT_TYPES.map((entry) => entry.type) as unknown as readonly [
  EventType,
  ...EventType[],
];
export const ALL_EVENTS = '*';

/**
 * The event types a webhook endpoint can subscribe to (spec: Events), with what each means and
 * whether this service emits it yet (an area not landed yet emits nothing; subscribing to its
 * type is allowed, so a funder's set-up does not change when it lands).
 */
export const EVENT_TYPES = [
  {
    type: 'export.ready',
    emitted: false,
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
    emitted: false,
    description: 'A supplier submitted its company verification through one of your onboarding links.',
  },
  {
    type: 'opportunities.daily',
    emitted: false,
    description: 'Your daily digest of opportunities is ready and has something in it.',
  },
  {
    type: 'payment.reached_seller',
    emitted: false,
    description: 'A seller received a debtor payment on a request you funded under confidential terms.',
  },
  { type: 'request.announced', emitted: false, description: 'You announced a confidential request.' },
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

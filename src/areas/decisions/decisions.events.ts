import { Type } from 'typebox';
import { Amount, Day, defineEvents, Open } from '../../platform/events.ts';
import { REQUEST_CARRIED, RequestInEvents } from '../requests/requests.module.ts';
import recorded from './decisions.events.json' with { type: 'json' };

/** The decisions' event: a request funded (decisions.fund.ts). */
export const decisionsEvents = defineEvents(
  { file: new URL('./decisions.events.json', import.meta.url), recorded },
  [
    {
      type: 'request.funded',
      emitted: true,
      description: 'You recorded the funding of a request.',
      summary: 'You funded a request',
      carries: `${REQUEST_CARRIED}, with \`value_date\`, \`reference\` and \`amount\` (euros).`,
      data: Open({ request: RequestInEvents, value_date: Day, reference: Type.String(), amount: Amount }),
    },
  ],
);

import { Type } from 'typebox';
import { defineEvents, Open } from '../../platform/events.ts';
import { Timestamp, Uuid } from '../../platform/http/schemas.ts';
import recorded from './clients.events.json' with { type: 'json' };

/** The client network's event: an onboarding link completed (clients.onboarding.supplier.ts). */
export const clientsEvents = defineEvents(
  { file: new URL('./clients.events.json', import.meta.url), recorded },
  [
    {
      type: 'onboarding.completed',
      emitted: true,
      description: 'A supplier submitted its company verification through one of your onboarding links.',
      summary: 'A supplier completed onboarding',
      carries:
        '`onboarding_link_id`, `status`, `seller_id`, `company_vat`, `country`, `completed_at` and the link’s `metadata`.',
      data: Open({
        onboarding_link_id: Uuid,
        status: Type.Literal('completed'),
        seller_id: Uuid,
        company_vat: Type.String(),
        country: Type.String({ pattern: '^[A-Z]{2}$' }),
        completed_at: Timestamp,
        metadata: Type.Record(
          Type.String(),
          Type.Union([Type.String(), Type.Number(), Type.Boolean(), Type.Null()]),
          { description: 'The metadata of the onboarding link, as given' },
        ),
      }),
    },
  ],
);

/**
 * The README's walk-through, as code that runs: a sandbox request taken from creation to
 * settled with two partial settlements. The test suite runs it against a real server and checks
 * that the README shows these lines unchanged.
 */
import { createClient, unwrap } from '../src/index.js';

export async function walkThrough(options: { baseUrl: string; apiKey: string; today: string }) {
  // walk-through:start
  const client = createClient({ baseUrl: options.baseUrl, apiKey: options.apiKey });

  // The sandbox plays the seller: a fictitious request with two invoices, routed to you.
  const { request } = unwrap(await client.POST('/v1/sandbox/requests', { body: {} }));
  const id = { params: { path: { id: request.id } } };

  // Your offer: 2.5% for 60 days, advancing 80% of the invoices.
  const offer = unwrap(
    await client.POST('/v1/requests/{id}/decision', {
      ...id,
      body: { decision: 'offer', rate: 2.5, advance_pct: 80, days: 60 },
    }),
  );

  // The seller accepts, and every debtor acknowledges its notice of assignment.
  unwrap(await client.POST('/v1/sandbox/requests/{id}/accept', id));
  unwrap(
    await client.POST('/v1/sandbox/requests/{id}/debtor-answer', { ...id, body: { answer: 'acknowledged' } }),
  );

  // You pay the advance today...
  const funded = unwrap(
    await client.POST('/v1/requests/{id}/decision', {
      ...id,
      body: { decision: 'fund', value_date: options.today, reference: 'TRF-2026-0001' },
    }),
  );

  // ...and the debtors pay you in two parts: the request is settled by the second.
  const first = unwrap(
    await client.POST('/v1/requests/{id}/decision', {
      ...id,
      body: { decision: 'settle', amount: 12_500, reference: 'CAMT-0001' },
    }),
  );
  const second = unwrap(
    await client.POST('/v1/requests/{id}/decision', {
      ...id,
      body: { decision: 'settle', amount: first.remaining_amount ?? 0, reference: 'CAMT-0002' },
    }),
  );

  const { request: settled } = unwrap(await client.GET('/v1/requests/{id}', id));
  // settled.status is now 'settled'.
  // walk-through:end
  return { request, offer, funded, first, second, settled };
}

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clientsGiven } from '../../../test/support/clients-given.ts';
import {
  type FunderFixture,
  type RoutedRequest,
  requestsGiven,
} from '../../../test/support/requests-fixtures.ts';
import type { Answer } from '../../../test/support/service.ts';
import { startService, type TestService } from '../../../test/support/service.ts';

// An onboarding link without company_name takes the company's name from the service's own
// records only for a company the funder can already see. Another funder's sellers and debtors
// get exactly the answer of a company nobody knows. The VAT service is offline in tests, so the
// only source of a name is the service's own records.

let service: TestService;
let given: ReturnType<typeof requestsGiven>;
let clients: ReturnType<typeof clientsGiven>;
let funderA: FunderFixture;
let funderB: FunderFixture;
let requestOfA: RoutedRequest;
let requestOfB: RoutedRequest;

beforeAll(async () => {
  service = await startService();
  given = requestsGiven(service);
  clients = clientsGiven(service);
  funderA = await given.funder();
  funderB = await given.funder();
  for (const funder of [funderA, funderB]) {
    const set = await service.ops('PUT', `/ops/v1/funders/${funder.bankId}/return-origins`, {
      origins: ['https://erp.funder.example'],
    });
    expect(set.status).toBe(200);
  }
  requestOfA = await given.routedRequest({ funder: funderA });
  requestOfB = await given.routedRequest({ funder: funderB });
});
afterAll(async () => service?.close());

const linkFor = (funder: FunderFixture, vat: string) =>
  service.call<{ onboarding_link: { company_name: string; company_name_source: string } }>(
    funder.key,
    'POST',
    '/v1/onboarding-links',
    {
      body: {
        company_vat: vat,
        country: 'ES',
        contact_email: 'admin@supplier.example',
        return_url: 'https://erp.funder.example/onboarding/done',
      },
    },
  );

/** Status and body with the per-call request id left out: what tells one answer from another. */
function shape(answer: Answer<unknown>) {
  const body = structuredClone(answer.body) as { error?: { request_id?: string } };
  if (body.error) delete body.error.request_id;
  return { status: answer.status, contentType: answer.headers['content-type'], body };
}

/** A client of the funder: a company that signed up through its link and was accepted. */
async function clientOf(funder: FunderFixture) {
  const seller = await given.liveSeller();
  const link = (await clients.newLink(funder)).body.client_link;
  const invitation = (
    await clients.arrive(
      link.id,
      clients.company({ company_name: seller.name, tax_id: seller.tax_id, country: seller.country }),
    )
  ).body.invitation;
  expect((await clients.accept(invitation.id)).status).toBe(200);
  return seller;
}

async function debtorLimit(
  funder: FunderFixture,
  debtor: { tax_id: string; country: string },
  name?: string,
) {
  const put = await service.call(funder.key, 'PUT', '/v1/credit-limits', {
    body: {
      debtor_tax_id: debtor.tax_id,
      debtor_country: debtor.country,
      amount: 50_000,
      ...(name ? { debtor_name: name } : {}),
    },
  });
  expect(put.status).toBe(200);
}

describe('POST /v1/onboarding-links without company_name, for a company another funder knows', () => {
  it('answers exactly as for a company nobody knows, for every seller and debtor of another funder', async () => {
    const nobody = await linkFor(funderA, 'ESB00000001');
    expect(nobody.status).toBe(422);
    expect((nobody.body as unknown as { error: { code: string } }).error.code).toBe('company_name_required');

    const clientOfB = await clientOf(funderB);
    const limitDebtorOfB = await given.debtor();
    await debtorLimit(funderB, limitDebtorOfB);
    const unrelatedSeller = await given.liveSeller();
    const unrelatedDebtor = await given.debtor();
    // A limit of A's own on B's debtor, without a name, does not make the records name it.
    const limitedByA = await given.debtor();
    await given.routedRequest({ funder: funderB, invoices: [{ debtor: limitedByA }] });
    await debtorLimit(funderA, limitedByA);

    const theirs = {
      "B's request seller": requestOfB.seller.tax_id,
      "B's request debtor": requestOfB.debtors[0]!.tax_id,
      "B's client": clientOfB.tax_id,
      "B's limit-book debtor": limitDebtorOfB.tax_id,
      'a seller no funder sees': unrelatedSeller.tax_id,
      'a debtor no funder sees': unrelatedDebtor.tax_id,
      "B's request debtor A put an unnamed limit on": limitedByA.tax_id,
    };
    for (const [what, taxId] of Object.entries(theirs)) {
      const answer = await linkFor(funderA, `ES${taxId}`);
      expect(shape(answer), what).toEqual(shape(nobody));
    }
    // B itself is named its own companies: the names are there to find.
    for (const taxId of [requestOfB.seller.tax_id, requestOfB.debtors[0]!.tax_id, clientOfB.tax_id]) {
      expect((await linkFor(funderB, `ES${taxId}`)).status).toBe(201);
    }
  });

  it("names the funder's own client, request seller and debtor, and limit-book debtor from its records", async () => {
    const client = await clientOf(funderA);
    // A debtor of A's limit book, known to the service under another name: A's book names it
    // as A named it, so that is the name.
    const limitDebtor = await given.debtor({ name: 'Deudora Registrada SA' });
    await debtorLimit(funderA, limitDebtor, 'Deudora del Libro SA');

    const own = [
      [client.tax_id, client.name],
      [requestOfA.seller.tax_id, requestOfA.seller.name],
      [requestOfA.debtors[0]!.tax_id, requestOfA.debtors[0]!.name],
      [limitDebtor.tax_id, 'Deudora del Libro SA'],
    ] as const;
    for (const [taxId, name] of own) {
      const answer = await linkFor(funderA, `ES${taxId}`);
      expect(answer.status, name).toBe(201);
      expect(answer.body.onboarding_link).toMatchObject({
        company_name: name,
        company_name_source: 'own_records',
      });
    }
  });
});

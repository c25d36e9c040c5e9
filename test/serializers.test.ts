import fastJsonStringify from 'fast-json-stringify';
import { Type } from 'typebox';
import { describe, expect, it } from 'vitest';
import { Packet, RequestList } from '../src/areas/requests/requests.schemas.ts';
import { ErrorEnvelope } from '../src/platform/http/schemas.ts';
import { compileSerializer, forWriting } from '../src/platform/http/serializers.ts';

// The answers' serializers write from a simplified copy of each response schema
// (src/platform/http/serializers.ts): the JSON must be the one fast-json-stringify writes from
// the schema as declared, for values with and without their nullable members.

type Schema = Parameters<typeof fastJsonStringify>[0];
const asDeclared = (schema: object) =>
  fastJsonStringify(schema as Schema, { schema: { ErrorEnvelope } as Record<string, Schema> });
const simplified = (schema: object) => compileSerializer(schema, { ErrorEnvelope });

const T = '2026-11-27T02:31:14.966Z';
const offer = {
  funding_request_id: '4acf82a7-10cb-40ba-ad2b-abb947dd14b4',
  rate: 2.75,
  advance_pct: 80,
  days: 60,
  status: 'pending',
  submitted_at: T,
  accepted_at: null,
};
const consent = (achieved: string | null) => ({
  debtor_name: 'Debtor "Quoted" \u00e9',
  debtor_tax_id: 'B12345678',
  status: achieved ? 'acknowledged' : 'pending',
  level_required: 'acknowledgment',
  level_achieved: achieved,
  meets_requirement: achieved !== null,
});
const request = (filled: boolean) => ({
  id: '4acf82a7-10cb-40ba-ad2b-abb947dd14b4',
  request_ref: 'REQ-1',
  type: filled ? 'factoring' : 'confirming',
  status: 'under_review',
  total_amount: 13000.5,
  advance_amount: 10400,
  company_name: 'Seller',
  company_nif: 'B00000021',
  invoice_count: 2,
  assigned_bank_id: filled ? '5bcf82a7-10cb-40ba-ad2b-abb947dd14b4' : null,
  consent_level_required: filled ? 'acceptance' : null,
  created_at: T,
  routed_at: filled ? T : null,
  approved_at: filled ? T : null,
  funded_at: null,
  settled_at: filled ? T : null,
  closed_at: null,
  updated_at: T,
  settled_amount: 0,
});

describe('the answers’ serializers', () => {
  it('write a request list exactly as the declared schema does, nullable members set or null', () => {
    const list = {
      funder: { bank_id: '5bcf82a7-10cb-40ba-ad2b-abb947dd14b4', name: 'Bank' },
      count: 2,
      requests: [
        { ...request(true), my_offer: { ...offer, accepted_at: T }, debtor_consent: [consent('acceptance')] },
        { ...request(false), my_offer: null, debtor_consent: [consent(null), consent('receipt')] },
      ],
      has_more: true,
      next_cursor: 'WyJyZXF1ZXN0cyJd',
    };
    const written = simplified(RequestList)(list);
    expect(written).toBe(asDeclared(RequestList)(list));
    expect(JSON.parse(written)).toEqual(list);
  });

  it('write a packet exactly as the declared schema does', () => {
    const detail = {
      ...consent('acknowledgment'),
      debtor_country: 'ES',
      answered_at: T,
      channel: 'portal',
      declaration: { text_id: null, text: 'I acknowledge', counsel_approved: true },
      signed_by: { name: 'Ana', role: null },
      dispute_reason: null,
    };
    const packet = {
      request: { ...request(true), debtor_consent: [detail] },
      debtor_consent: [detail, { ...detail, declaration: null, signed_by: null, answered_at: null }],
      receivables: [
        {
          invoice_no: 'F-1',
          invoice_amount: 100.25,
          invoice_date: '2026-11-01',
          invoice_due_date: null,
          customer_name: 'Debtor',
          customer_tax_id: 'B1',
          customer_country: 'ES',
          source: 'upload',
        },
      ],
      score: { value: 71, band: 'B', factors: [{ name: 'age', weight: 0.2 }] },
      my_offer: null,
      risk: {
        signals: [
          {
            id: '6ccf82a7-10cb-40ba-ad2b-abb947dd14b4',
            code: 'late',
            severity: 'high',
            hard: false,
            status: 'open',
            detail: null,
            raised_at: T,
            reviewed_at: null,
          },
        ],
        disputes: [],
      },
    };
    for (const value of [
      packet,
      {
        ...packet,
        score: null,
        my_offer: {
          ...offer,
          id: offer.funding_request_id,
          advance_amount: 1,
          notes: null,
          valid_days: 5,
          expires_at: T,
        },
      },
    ]) {
      const written = simplified(Packet)(value);
      expect(written).toBe(asDeclared(Packet)(value));
      expect(JSON.parse(written)).toEqual(value);
    }
  });

  it('make a nullable member plain and a union of string constants a string, leaving other unions', () => {
    const Level = Type.Union([Type.Literal('a'), Type.Literal('b')]);
    expect(forWriting(Type.Union([Level, Type.Null()]))).toEqual({ type: 'string', nullable: true });
    expect(forWriting(Type.Union([Type.String({ format: 'date-time' }), Type.Null()]))).toEqual({
      type: 'string',
      format: 'date-time',
      nullable: true,
    });
    const mixed = Type.Union([Type.Number(), Type.String()]);
    expect(forWriting(mixed)).toEqual(JSON.parse(JSON.stringify(mixed)));
    // A value outside the declared types is still refused by the serializer's type check.
    expect(() =>
      simplified(Type.Object({ at: Type.Union([Type.Integer(), Type.Null()]) }))({ at: 'x' }),
    ).toThrow();
  });
});

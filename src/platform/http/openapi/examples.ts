/** Fixed, fictitious values shared by the examples, so that they agree with one another. */
export const ex = {
  funderId: '3f6c2a1e-7b4d-4e8a-9c2f-5d1e0a7b3c49',
  funderName: 'Banco Ejemplo, S.A.',
  keyId: '8a1d4f27-2c6e-4b93-a5d0-7e3f9b6c1d82',
  requestId: '0b7e5c3a-9d21-4f6e-8a4b-2c1d7e9f3a50',
  requestRef: 'FR-2026-000417',
  offerId: 'c4e9a2b7-1f3d-4a6c-9e8b-5d2f7a0c1b36',
  sellerId: 'e2a7c9d4-5b1f-4e3a-8c6d-9f0b2a4e7c13',
  statementId: '6d3b8f1a-4c2e-4d7b-9a5f-1e8c0b2d6a94',
  settlementId: '9e4c1a7d-3b5f-4a2e-8d6c-0f7b2e5a1c38',
  documentId: 'a1f5d8c2-6e3b-4f9a-8b7d-2c4e0a9f5b61',
  importId: '4b8e2d6f-1a3c-4e7b-9d5a-7f0c3b1e8a25',
  requestUuid: 'f3a9c1e7-2d4b-4b8f-a6e0-8c5d1b3f7a92',
  now: '2026-10-05T09:30:00.000Z',
  today: '2026-10-05',
  debtorTaxId: 'B12345678',
  debtorName: 'Distribuciones Norte, S.L.',
  sellerName: 'Talleres Ribera, S.L.',
  sellerNif: 'B87654321',
} as const;

/** What every `/v1/sandbox` helper's description ends with. */
export const sandboxOnly =
  'Sandbox keys only (403 `sandbox_only` otherwise); it changes the shared demonstration plane, never live data.';

/** The last day the draft's sixth-revision rate-limit fields are promised (one deprecation period). */
export const RATE_LIMIT_FIELDS_UNTIL = '31 December 2027';

/** The top of the reference: what a bank's engineer needs before the first call. */
export const introduction = `The HTTP API a funder (a bank, a fund, a lender) uses to work with the invoice-financing service: read the funding requests routed to it, decide on them (offer, decline, fund, settle), set the rules that apply to them (consent level, required documents, credit limits) and follow what the other parties do. Every write has the same effect as the same action in the funder's portal and is kept on a hash-linked evidence chain.

This reference is built from the OpenAPI 3.1 document the service serves at [\`/v1/openapi.json\`](/v1/openapi.json) (no key needed): generate a client from it, or use the typed client the project ships.

## Authentication

Send your key on every call except \`GET /v1/health\`: \`Authorization: Bearer svc_fk_<64 hex>\`. Keys are issued by the service's operations team, shown once, and stored only as a SHA-256. A key may expire (then every call answers 401 \`key_expired\`) and may be revoked at any time. Repeated calls from one address with an unknown, malformed or revoked key are answered 429 instead of 401.

Each key carries **scopes**. Each operation lists the scopes that open it in its description and in \`x-required-scopes\`: **any one of them is enough**. A key with none of them answers 403 \`forbidden\`. An empty list means any valid key of the funder.

## Environments

The key decides what you see. A **live** key works on live data. A **sandbox** key works on a shared demonstration plane with fictitious sellers, debtors and requests, and can play the other parties through the \`/v1/sandbox/...\` operations, so an integration can walk a request from creation to settlement from its own code. An **unclassified** funder sees nothing until it is classified. \`GET /v1/me\` tells which one a key is.

## Errors

Every error has one shape: \`{"error": {"code": "...", "message": "...", "request_id": "..."}}\`, sometimes with more members named under the code (for example \`debtors\` with \`debtor_not_eligible_for_funder\`). Codes are stable within v1 and listed per operation under their HTTP status; messages are for people and may change. Every answer carries a \`Request-Id\` header, an id the service makes for each call: quote it to support. An \`X-Request-Id\` you send (one UUID) does not replace it; it is echoed in a \`Client-Request-Id\` header and logged beside ours, so our logs can be searched by your id too. A bad input always answers a 4xx and changes nothing.

## Idempotency

Every POST and PUT accepts an \`Idempotency-Key\` header (1 to 255 visible ASCII characters, per funder, kept 24 hours). The same key with the same body answers the first answer again, with \`Idempotent-Replayed: true\`, without doing anything twice. The same key with another body answers 422 \`idempotency_key_reused\`; a retry while the first call still runs answers 409 \`idempotency_key_in_use\`. Send one on every write you may retry.

## Rate limits

120 calls a minute and 3,000 an hour per key, counted across all servers (the operations team can set other numbers for a key). Every answer to a key's call says where the key stands, in the two fields of the current IETF draft on rate-limit fields, structured-field Lists (RFC 9651) with one item per window: \`RateLimit-Policy: "minute";q=120;w=60, "hour";q=3000;w=3600\` (each window's calls and length in seconds) and \`RateLimit: "minute";r=117;t=42, "hour";r=2997;t=1842\` (the calls left in each and the seconds until it starts again). The draft's sixth revision's \`RateLimit-Limit\`, \`RateLimit-Remaining\` and \`RateLimit-Reset\` (seconds) still come beside them, for the window closest to its limit: they are deprecated, and sent at least until ${RATE_LIMIT_FIELDS_UNTIL}. A refused call answers 429 \`rate_limited\` with \`Retry-After\` (seconds: the longest \`t\` of the windows with \`r=0\`) and nothing was done: send it again after that time. \`GET /v1/health\` is never limited.

## Versioning

All paths begin with \`/v1\`. Within v1, fields, operations and event types may be added and error codes stay stable: ignore what you do not know. \`api_version\` in \`GET /v1/me\` and \`GET /v1/health\` names the revision being served.`;

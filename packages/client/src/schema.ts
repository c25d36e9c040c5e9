/**
 * Generated from the funder API's OpenAPI document by `npm run client:types`.
 * Do not edit by hand: the test suite fails when this file differs from the document.
 */

export interface paths {
    "/v1/bank-data": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Your bank data: collection accounts, sellers sharing, alerts, charges
         * @description Your own collection account connections (each with its accounts, when last read, and the last error: `status` is `failing` while the last read failed); `sellers_sharing`, how many sellers’ consents to you are in force now; the payment alerts on your requests received in the last 180 Madrid calendar days (`since` is the first day counted); and the account-information provider’s reads charged to you by month, newest first. `unit_price_eur` and `amount_eur` (reads × unit price, rounded to the cent) are null until the service’s operations team sets the provider’s price for that month.
         *
         *     An IBAN is never shown whole: `iban_last4` carries its last four characters only.
         *
         *     **Scopes:** any one of `requests:read`.
         */
        get: operations["getBankData"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/client-invitations": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Invitations of the companies that arrived
         * @description Newest first, `limit` 1 to 500 (default 200). Each with its origin (`via` `link`, `named` or `api`, the prescriber and link if any), its state (`pending`, `accepted`, `revoked`, `expired`: unanswered after 30 days), the company and the contact. A sandbox key sees only the invitations its own test helpers made.
         *
         *     Pages: `cursor` is the `next_cursor` of the previous page; `has_more` says whether another page follows and `next_cursor` is null on the last one. `count` is the number of items on this page. A walk of the pages shows each item once and misses none that existed when it began, whatever is added or changed meanwhile (a filter on a status that changes during the walk may miss an item that left it). A cursor of another list or filter answers 422 `cursor_invalid`.
         *
         *     **Scopes:** any one of `requests:read`, `clients:write`, `decisions:write`.
         */
        get: operations["listClientInvitations"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/client-invitations/{id}/revoke": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Withdraw a pending invitation
         * @description The company can no longer accept it; its arrival and origin stay (arriving again through a link gives it a new invitation). `reason` is optional, up to 200 characters. An invitation already revoked is left as it is (`changed: false`); an accepted or expired one answers 409 `invitation_not_pending` with its `state`.
         *
         *     A sandbox key revokes only the invitations its own test helpers made.
         *
         *     **Scopes:** any one of `clients:write`, `decisions:write`.
         */
        post: operations["revokeClientInvitation"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/client-links": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Your open link and each prescriber’s link
         * @description Your own open link (`prescriber_id` null) and the current link of each prescriber. A company that opens a link gives its name, tax number, country and e-mail and gets your invitation; once it accepts, it is your client: its requests are routed to you only, and its origin is kept. Opening a link makes no account.
         *
         *     `url` is there while the link works; `lang` is added to each url. `arrivals` counts companies whose first arrival was through the link, `claims_last_day` the sign-ups of the last 24 hours.
         *
         *     **Scopes:** any one of `requests:read`, `clients:write`, `decisions:write`.
         */
        get: operations["listClientLinks"];
        put?: never;
        /**
         * Issue a client link (yours or a prescriber’s)
         * @description One working link per owner (you, or one prescriber). While one works, `replace: true` stops it at once and issues the new one (the old one names it in `replaced_by`); without it the answer is 409 `link_exists`. An expired link simply gives way. `expires_at` lies between one hour and three years ahead (one year when left out). Only the SHA-256 of the link’s token is kept.
         *
         *     At most 20 sign-ups an hour and 100 a day go through one link, counted across servers.
         *
         *     With a sandbox key: prescribers and client links of the demonstration funder are shared by every demonstration, so changing them needs the scope `decisions:write` (403 `forbidden` otherwise).
         *
         *     **Scopes:** any one of `clients:write`, `decisions:write`.
         */
        post: operations["createClientLink"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/client-links/{id}/disable": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Stop a client link
         * @description The link stops at once; companies that arrived through it keep their origin. A link already disabled or expired is left as it is (`changed: false`). With a sandbox key: prescribers and client links of the demonstration funder are shared by every demonstration, so changing them needs the scope `decisions:write` (403 `forbidden` otherwise).
         *
         *     **Scopes:** any one of `clients:write`, `decisions:write`.
         */
        post: operations["disableClientLink"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/credit-limits": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Your debtor limits and exposure
         * @description Every debtor you have a limit on or an exposure to, in euros, with the limit on record, where it came from (`manual`, `api`, `import`, `insurer`) and the invoices a seller marked as paid that are still open with you.
         *
         *     Exposure is what a limit holds: `outstanding` (funded and not yet paid), `committed` (accepted, not yet funded) and `offered` (your open offers). `available` is the limit minus the exposure (null without an amount). A limit is `frozen` while a debtor is overdue.
         *
         *     `limit` (1 to 500) reads the book in pages; without it the whole book comes in one answer.
         *
         *     Pages: `cursor` is the `next_cursor` of the previous page; `has_more` says whether another page follows and `next_cursor` is null on the last one. `count` is the number of items on this page. A walk of the pages shows each item once and misses none that existed when it began, whatever is added or changed meanwhile (a filter on a status that changes during the walk may miss an item that left it). A cursor of another list or filter answers 422 `cursor_invalid`.
         *     A line whose exposure ends during a walk leaves the book, and one that starts joins it where its order puts it: what is added behind the cursor shows on the next walk.
         *
         *     **Scopes:** any one of `limits:read`, `requests:read`.
         */
        get: operations["listCreditLimits"];
        /**
         * Set the limit on one debtor
         * @description Replaces the limit on one debtor (source `api`): `debtor_tax_id` (required; spaces, dots, dashes and slashes are ignored), `debtor_country` (two letters; may be left out when the tax id is known in one country only), `debtor_name`, `amount` (euros, 0 or more, or null; required for an `active` limit), `status` (`active` by default, `refused`, `suspended`) and `note`.
         *
         *     From then on the database refuses any offer the limit cannot hold (409 `credit_limit`). Sending what is on record changes nothing (`changed: false`).
         *
         *     **Scopes:** any one of `limits:write`, `decisions:write`.
         */
        put: operations["setCreditLimit"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/credit-limits/import": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Import debtor limits in bulk
         * @description Sets many debtor limits in one call: `{rows, source, source_ref}` or a bare array of rows. `rows` holds 1 to 2,000 items shaped like the body of `PUT /v1/credit-limits` (an amount may also be text with a decimal point, such as `"1250.50"`); `source` is `import` (default) or `insurer`; `source_ref` (up to 200 characters) names the file or policy and is kept on each limit and its history.
         *
         *     Each row is checked like a single limit and answered on its own: a refused row (`invalid_amount`, `debtor_tax_id_required`, `duplicate_debtor`, `invalid_status`, `amount_required`, `invalid_country`, `row_invalid`, `invalid_limit`) does not stop the others, and a debtor twice in one call is refused the second time.
         *
         *     **Scopes:** any one of `limits:write`, `decisions:write`.
         */
        post: operations["importCreditLimits"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/document-downloads/{token}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Download one document
         * @description The file behind a `download_url` of the deal documents. The URL itself is the credential: no key is sent, and it works for two minutes after it was issued, while your account is active and the key that obtained it is not revoked. An expired or unknown link, or one of a suspended account or a revoked key, answers 404.
         *
         *     **No key:** this operation is public.
         */
        get: operations["downloadDocument"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/early-payments": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Your early payments
         * @description The early payments released with you as funder, newest first (`limit` 1 to 200, default 50), optionally of one `status`, with every one of yours counted by status in `totals`.
         *
         *     States: `released` (offered to the supplier with you recorded as its funder) → `accepted` (the supplier took it) → `paid` (you recorded your early payment) → `repaid` (the buyer repaid the amount due in full). A paid one past its maturity date (Madrid calendar) and not repaid reads `overdue`. The supplier may decline a released one (`declined`); the buyer may withdraw one not yet paid (`withdrawn`).
         *
         *     Exposure: an accepted early payment counts as committed on the buyer (as a debtor of your book), a paid one as outstanding for what the buyer still owes, until repaid.
         *
         *     Pages: `cursor` is the `next_cursor` of the previous page; `has_more` says whether another page follows and `next_cursor` is null on the last one. `count` is the number of items on this page. A walk of the pages shows each item once and misses none that existed when it began, whatever is added or changed meanwhile (a filter on a status that changes during the walk may miss an item that left it). A cursor of another list or filter answers 422 `cursor_invalid`.
         *     A cursor is bound to the `status` it was read with; `totals` is on every page.
         *
         *     **Scopes:** any one of `requests:read`.
         */
        get: operations["listEarlyPayments"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/early-payments/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * One early payment
         * @description One of your early payments, with its repayments. Another funder’s answers 404.
         *
         *     States: `released` (offered to the supplier with you recorded as its funder) → `accepted` (the supplier took it) → `paid` (you recorded your early payment) → `repaid` (the buyer repaid the amount due in full). A paid one past its maturity date (Madrid calendar) and not repaid reads `overdue`. The supplier may decline a released one (`declined`); the buyer may withdraw one not yet paid (`withdrawn`).
         *
         *     Exposure: an accepted early payment counts as committed on the buyer (as a debtor of your book), a paid one as outstanding for what the buyer still owes, until repaid.
         *
         *     **Scopes:** any one of `requests:read`.
         */
        get: operations["getEarlyPayment"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/early-payments/{id}/paid": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Record the early payment you made
         * @description Records that you paid the supplier: `amount` (at most the amount due), `value_date` (from the day the supplier accepted to today) and your `reference`. Only an `accepted` early payment can be paid (409 `early_payment_state` otherwise); it becomes `paid` and counts as outstanding on the buyer until repaid. Kept on the evidence chain; event `early_payment.paid`.
         *
         *     **Scopes:** any one of `decisions:write`.
         */
        post: operations["recordEarlyPayment"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/early-payments/{id}/repayment": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Record the buyer’s repayment
         * @description Records money the buyer repaid you: `amount`, `value_date` (not after today) and `reference`. Partial repayments add up; together they may not pass the amount due (422 `repayment_exceeds_outstanding`, with `outstanding`). When they reach it the early payment is `repaid` (event `early_payment.repaid`; a partial one sends `early_payment.repayment_recorded`). Only a paid (or overdue) early payment takes repayments.
         *
         *     **Scopes:** any one of `decisions:write`.
         */
        post: operations["recordEarlyPaymentRepayment"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/events": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Your events of the last 30 days
         * @description Every event the service emitted for you in the last 30 days, oldest first, whatever your endpoints: catch up after an outage here. Each has the `id`, `type`, `created_at`, `api_version` and `data` a delivery carries.
         *
         *     - `type`: one event type only.
         *     - `limit`: 1 to 200, default 50.
         *     - `after` (or `cursor`): the `next_cursor` of the previous page; `has_more` says whether one follows, and `next_cursor` is null on the last page.
         *     - To follow the log, keep `poll_cursor` from the last page (or the `cursor` of the last event you applied) and ask again later with it as `after`: only newer events come (`funder-api listen` does this).
         *     - The cursor counts your events only, and never skips: an event is listed only once every event before it in your log has been committed, so a follower that keeps its cursor misses nothing.
         *
         *     With a sandbox key, only the events that key’s own calls caused.
         *
         *     **Scopes:** any one of `webhooks:write`, `decisions:write`, `requests:read`.
         */
        get: operations["listEvents"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/export-downloads/{export_id}/{build}/{volume}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Download one export volume
         * @description The ZIP volume behind a `url` of `GET /v1/exports/{id}`. The signed URL is the credential: no key is sent. It works until the `expires` it carries, and only while your account is active and the key that obtained it (`key_id`) is not revoked; an expired, altered or unknown link, a link of a suspended account or of a revoked key, or a volume whose 24 hours ended, answers 404.
         *
         *     **No key:** this operation is public.
         */
        get: operations["downloadExportVolume"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/exports": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Your exports, newest first
         * @description Exports asked for through the portal or the API, newest first (`limit` 1 to 200, default 50), with status, size and `manifest_sha256`. No links here: ask for one export to get them. Live keys only: a sandbox key gets 403 `export_live_key_required`.
         *
         *     Pages: `cursor` is the `next_cursor` of the previous page; `has_more` says whether another page follows and `next_cursor` is null on the last one. `count` is the number of items on this page. A walk of the pages shows each item once and misses none that existed when it began, whatever is added or changed meanwhile (a filter on a status that changes during the walk may miss an item that left it). A cursor of another list or filter answers 422 `cursor_invalid`.
         *
         *     **Scopes:** any one of `exports:write`, `decisions:write`.
         */
        get: operations["listExports"];
        put?: never;
        /**
         * Ask for an export of everything you can see
         * @description Queues an export of your data on the live plane: requests and their history, offers, invoices and their checks, sellers, debtors, notices and answers, your evidence-chain entries with the day roots, settlements, statements, rules and limits, your funder record, API keys (names and prefixes only), the audit trail of links handed out, and documents (names and digests, not contents). The worker builds it in the background; follow it with `GET /v1/exports/{id}`.
         *
         *     `lang` picks the README language (`pt`, `es`, `en`, `fr`, `de`, `it`, `nl`; default `en`). Answers 202 with status `queued`.
         *
         *     Live keys only: a sandbox key gets 403 `export_live_key_required`. One export at a time and at most 10 in 24 hours: otherwise 429 `export_rate_limited`, with `reason` (`export_in_progress` or `daily_limit`) and, for the daily limit, `next_allowed_at`, `retry_after_seconds` and a `Retry-After` header.
         *
         *     **Scopes:** any one of `exports:write`, `decisions:write`.
         */
        post: operations["requestExport"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/exports/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * One export, with download links once ready
         * @description While `queued` or `running`: `progress` (`entities_done`, `entities_total`, `rows`, `volumes_written`, `phase`).
         *
         *     Once `ready` and for 24 hours: `files`, one per ZIP volume, each with its size, SHA-256 and a signed `url` that works without a key until `url_expires_at` (one hour at most, never past the 24 hours). Every answer carrying links is recorded in the audit trail. Unzip every volume into one folder and run `python3 verify.py` there to check every file against `manifest.json`. After the 24 hours the files are deleted and `download_available` is false; the record stays.
         *
         *     Live keys only: a sandbox key gets 403 `export_live_key_required`.
         *
         *     **Scopes:** any one of `exports:write`, `decisions:write`.
         */
        get: operations["getExport"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/health": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Service health
         * @description Answers as long as the process serves HTTP. It needs no key, reads no database and is never rate limited, so a load balancer or a monitor may call it as often as it likes. `api_version` names the revision of the API being served.
         *
         *     **No key:** this operation is public.
         */
        get: operations["getHealth"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/me": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The calling key and its funder
         * @description Tells who is calling: the funder the key belongs to, the environment it works in (`live` sees the live plane, `sandbox` the shared demonstration plane, `unclassified` nothing yet) and the key itself with its scopes and expiry. A good first call to check a key. Any valid key may call it.
         *
         *     **Scopes:** any valid key of your funder; no particular scope is needed.
         */
        get: operations["getMe"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/onboarding-links": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Your onboarding links
         * @description Newest first, `limit` 1 to 200 (default 50). Statuses `pending`, `account_created`, `completed`, `expired`, `revoked`; `seller_id` once completed (the id `GET /v1/seller-limits` takes). A sandbox key sees only the links it made.
         *
         *     Pages: `cursor` is the `next_cursor` of the previous page; `has_more` says whether another page follows and `next_cursor` is null on the last one. `count` is the number of items on this page. A walk of the pages shows each item once and misses none that existed when it began, whatever is added or changed meanwhile (a filter on a status that changes during the walk may miss an item that left it). A cursor of another list or filter answers 422 `cursor_invalid`.
         *
         *     **Scopes:** any one of `onboarding:write`, `decisions:write`, `requests:read`.
         */
        get: operations["listOnboardingLinks"];
        put?: never;
        /**
         * A single-use onboarding link for one of your suppliers
         * @description The service sends no e-mail: give `url` to your supplier. `company_vat` may carry its country prefix or not; `return_url` is https on one of your return origins (kept by the service, never through this API). `company_name` may be left out when the EU VAT service (or, without it, our own records) names the number; `company_name_source` says which. `metadata` (at most 20 keys, 2 KB of JSON) comes back on the link and in `onboarding.completed`. `valid_days` 1 to 30, default 14.
         *
         *     `return_secret` (`ors_` and 64 hex characters) is shown once only. When the supplier has submitted its company verification it is sent back to `return_url` with `svc_onboarding`, `svc_status`, `svc_ts` (Unix seconds) and `svc_sig`, the hex HMAC-SHA256 of `<svc_onboarding>.<svc_status>.<svc_ts>` keyed with the secret. Verify it, and refuse a return more than 600 seconds from your clock.
         *
         *     A link made with a sandbox key registers the supplier as a test company on the demonstration plane, and only that key sees it.
         *
         *     **Scopes:** any one of `onboarding:write`, `decisions:write`.
         */
        post: operations["createOnboardingLink"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/onboarding-links/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * One onboarding link
         * @description One link, as in the list. A sandbox key sees only the links it made.
         *
         *     **Scopes:** any one of `onboarding:write`, `decisions:write`, `requests:read`.
         */
        get: operations["getOnboardingLink"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/onboarding-links/{id}/revoke": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Stop an onboarding link
         * @description The link stops at once, whether the supplier has opened its account through it (`account_created`) or not (`pending`): it can no longer be completed. `reason` is optional, up to 200 characters. A link already revoked is left as it is (`changed: false`); a completed or expired one answers 409 `onboarding_not_open` with its `status`.
         *
         *     A sandbox key revokes only the links it made.
         *
         *     **Scopes:** any one of `onboarding:write`, `decisions:write`.
         */
        post: operations["revokeOnboardingLink"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/opportunities": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The morning digest of opportunities
         * @description Each night from 01:00 Madrid time the service checks the invoices of your own clients that let you see them against your rules: a due date after that night; the client’s company verification approved; every document you require from its country verified and valid; a listed buyer when you take listed buyers only; no refused or suspended credit limit on the debtor or the seller, nor an active one below the invoice’s amount; no hard risk signal on the invoice; not paid, not disputed, not in a funding request, not cancelled or removed from the client’s ledger. It compares the invoices that pass with the last night that completed, and at 06:30 Madrid time publishes the day’s digest. Nothing of a night is shown before 06:30.
         *
         *     Lines: `new` first (eligible now, not in the last snapshot), then the changes to invoices shown before: `paid` (the client marked it paid; `amount` 0), `disputed` (an open dispute), `no_longer_eligible` with a `reason`: `requested` (now in a funding request), `cancelled` or `removed` (left the client’s ledger), `left_programme` (no longer your client), `not_shared` (the client stopped sharing), `rules` (your rules no longer hold: a limit, a document, the due date...). An invoice that becomes eligible again later is `new` again.
         *
         *     `stale: true` means the night’s run did not complete by 06:30: nothing was compared, there are no lines, and `eligible` and `snapshot_at` are those of the last run that completed. The next night compares with that run.
         *
         *     `date` is a Madrid calendar date; without it, the latest digest. A date without a digest answers `date: null`, `digest: null` and no lines. Lines come in pages: `limit` 1 to 1,000 (default 500); `next` is the path of the next page, null on the last; `digest.line_count` counts them all. The event `opportunities.daily` is sent when a digest has lines.
         *
         *     A digest is a computed list, not an offer: a request made for one of these invoices is checked again when made.
         *
         *     A sandbox key also reads the digests its own `POST /v1/sandbox/requests/{id}/advance` calls made for the days its requests were moved to: the latest by date among those and the shared ones; on a date with both, the shared one. No other key sees them.
         *
         *     Pages: `cursor` is the `next_cursor` of the previous page; `has_more` says whether another page follows and `next_cursor` is null on the last one. `count` is the number of items on this page. A walk of the pages shows each item once and misses none that existed when it began, whatever is added or changed meanwhile (a filter on a status that changes during the walk may miss an item that left it). A cursor of another list or filter answers 422 `cursor_invalid`.
         *     A digest never changes once published: its cursor names the digest, so a walk begun on the latest one stays on it when a newer one is published. `cursor` takes the place of `offset`; a `date` other than the cursor’s own answers `cursor_invalid`.
         *
         *     **Scopes:** any one of `requests:read`.
         */
        get: operations["getOpportunities"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/payer-record": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * How a payer pays
         * @description The payment record of one payer, aggregated from the ledgers of the suppliers connected to the service (days to pay, on-time share, settlement delays, what is open and overdue), over the invoices issued in the last 24 months (`window_from` is the first day). Published only when at least three suppliers observe the payer in that window (`observers`); otherwise `status` is `insufficient_observers` and every figure is null.
         *
         *     Query `tax_id` (required) and `country` (two letters). Readable only for a debtor on a request you can see or on your debtor book; otherwise 404.
         *
         *     **Scopes:** any one of `limits:read`, `requests:read`.
         */
        get: operations["getPayerRecord"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/prescribers": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Your prescribers
         * @description People or firms that bring you clients (yours, not the service’s partners). Active ones first, each with its current link and the companies that first arrived through its links.
         *
         *     `limit` (1 to 200) reads the list in pages; without it the whole list comes in one answer.
         *
         *     Pages: `cursor` is the `next_cursor` of the previous page; `has_more` says whether another page follows and `next_cursor` is null on the last one. `count` is the number of items on this page. A walk of the pages shows each item once and misses none that existed when it began, whatever is added or changed meanwhile (a filter on a status that changes during the walk may miss an item that left it). A cursor of another list or filter answers 422 `cursor_invalid`.
         *     A prescriber disabled during a walk moves from the active ones to the others, so it can come once more on a later page: key what you keep by `id`.
         *
         *     **Scopes:** any one of `requests:read`, `clients:write`, `decisions:write`.
         */
        get: operations["listPrescribers"];
        put?: never;
        /**
         * Add a prescriber, with its own link
         * @description `name` (2 to 120 characters) is unique among your active prescribers (409 `prescriber_exists`); `email` is optional, `notes` up to 1,000 characters. Its own open link comes with it in `prescriber.link.url`. The evidence chain keeps only hashes of the name and e-mail.
         *
         *     With a sandbox key: prescribers and client links of the demonstration funder are shared by every demonstration, so changing them needs the scope `decisions:write` (403 `forbidden` otherwise). A sandbox key records only reserved e-mail addresses (ending in `.example`, `.invalid`, `.test` or `.demo`; 422 `email_not_reserved`).
         *
         *     **Scopes:** any one of `clients:write`, `decisions:write`.
         */
        post: operations["createPrescriber"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/prescribers/{id}/disable": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Stop a prescriber
         * @description Its link stops at once; the companies it brought stay attributed to it. Already disabled: `changed: false`. With a sandbox key: prescribers and client links of the demonstration funder are shared by every demonstration, so changing them needs the scope `decisions:write` (403 `forbidden` otherwise).
         *
         *     **Scopes:** any one of `clients:write`, `decisions:write`.
         */
        post: operations["disablePrescriber"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/prescribers/report": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * What each prescriber (and each other origin) brought
         * @description Totals and one group per origin (`prescriber`, `own_link`, `named`, `api`): companies arrived, joined (account opened), onboarded (company verification approved), their requests routed to you, the amounts requested and funded (advance, else total, of funded or settled requests, in euros). Each company counts once, for whoever brought it first. With a sandbox key, only the companies that key brought are counted.
         *
         *     **Scopes:** any one of `requests:read`, `clients:write`, `decisions:write`.
         */
        get: operations["prescriberReport"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/programme": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Your programme terms
         * @description The terms requests take when they are routed to you: your `default` (with `source` `funder_default` and when it was last changed), and each company you can set terms for — the sellers of requests routed to you and those you already set terms for — with the terms in force for it (`source` `seller` when it has its own terms over your default) and the reason given.
         *
         *     `requests` counts the requests routed to you now by `<disclosure>:<recourse>:<status>`: the disclosure the request has today (a confidential request becomes `announced` once announced), the recourse it was routed under, and its request status.
         *
         *     **Scopes:** any one of `requests:read`.
         */
        get: operations["getProgramme"];
        /**
         * Change your default terms or one company’s terms
         * @description Without `seller_id` (or with null) the change is to your default; with one, to that company’s own terms, which take precedence over your default. Only the keys sent in `terms` change. `{"reset": true}` alone, with a `seller_id`, removes the company’s own terms so your default applies to it again.
         *
         *     Day counts (`recourse_days`, `announce_overdue_days`) are whole days from 1 to 365, or null for none. `reason` (at least 8 characters) is kept with the change on the evidence chain.
         *
         *     The change applies to requests routed from then on: a request keeps the terms it was routed under (`open_requests_keep_their_terms` counts the open ones whose terms now differ).
         *
         *     **Scopes:** any one of `settings:write`, `decisions:write`.
         */
        put: operations["updateProgramme"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/recourse": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Your funded book by recourse type, and your recourse claims
         * @description `requests_by_recourse` counts your funded factoring requests not yet settled (you are their funder of record) by the recourse of the terms they were routed under: `with`, `without`, and `not_recorded` for requests routed before programme terms were recorded (2026-09-28). Each group gives `requests`, `face_value_outstanding` (the invoices’ face value less what you recorded as received), `amount_advanced`, `with_claim_rule` (terms with `recourse_days`) and `confidential` (routed under confidential terms).
         *
         *     A claim opens by itself once a funded request is still not settled `recourse_days` Madrid calendar days after the earliest due date of its invoices: `kind` `recourse` (terms with recourse) for what you advanced plus the fee recorded (the accepted offer’s `rate` applied to the amount advanced) less what was collected; `debtor_default` (without recourse) for what the debtor still owes. The seller pays to `pay_to_iban` quoting `pay_reference`.
         *
         *     Payments recorded on the request after the claim opened (`settle`, a confirmed statement line, the seller’s repayment) count in `paid_since_opened`; once they cover a recourse claim it is `settled` (`settled_by` `recourse`) and the request closes as `settled`, its invoices back with the seller. A request that settles the ordinary way settles its claim of either kind (`settled_by` `request_settled`).
         *
         *     `claims_by_kind` counts every claim of yours by kind and status; `claims` lists them (only those of `status` when given), open first, then the newest.
         *
         *     `limit` (1 to 200) reads `claims` in pages; without it every claim comes in one answer. The books and counts are on every page.
         *
         *     Pages: `cursor` is the `next_cursor` of the previous page; `has_more` says whether another page follows and `next_cursor` is null on the last one. `count` is the number of items on this page. A walk of the pages shows each item once and misses none that existed when it began, whatever is added or changed meanwhile (a filter on a status that changes during the walk may miss an item that left it). A cursor of another list or filter answers 422 `cursor_invalid`.
         *     A claim that closes during a walk moves from the open ones to the others, so it can come once more on a later page: key what you keep by `id`. A cursor is bound to the `status` it was read with.
         *
         *     **Scopes:** any one of `requests:read`.
         */
        get: operations["getRecourse"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/recourse/{id}/close": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Withdraw a recourse claim or write off a debtor default
         * @description Closes an open claim of yours: `withdrawn` for a claim of kind `recourse` (you no longer ask the seller to repay), `written_off` for a `debtor_default`. Any other pairing answers `close_invalid`; a claim no longer open answers `claim_closed`. `reason` (at least 8 characters) is kept on the evidence chain. The request itself does not change status.
         *
         *     A claim on a request you can read (you acted on it) that belongs to another funder answers 403 `not_your_claim`; a claim you cannot see at all answers 404.
         *
         *     **Scopes:** any one of `decisions:write`.
         */
        post: operations["closeRecourseClaim"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/registry": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The assignment registry’s state and your look-ups
         * @description Whether the assignment registry answers on your plane (`open`), the most invoices one look-up may carry, and how many look-ups you made (in all, and over the last 30 days) with how many invoices were answered assigned.
         *
         *     The registry is always open on the sandbox. On the live plane it stays `closed` until the service opens it; this call answers either way, so an integration can check before it asks.
         *
         *     **Scopes:** any one of `requests:read`, `decisions:write`.
         */
        get: operations["getRegistry"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/registry/lookups": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Ask whether invoices are already assigned
         * @description For each invoice sent (1 to 500 per call, identified by the seller’s and the debtor’s country and tax number and the invoice number, optionally with its issue date and amount), answers `assigned: true` when an invoice with those details belongs to a request a funder of the service has funded and not yet settled, else `false`. The answer never says which funder, nor anything else about the invoice.
         *
         *     Tax numbers may be written with or without their VAT country prefix, and with spaces, dots, dashes or slashes; invoice numbers are compared in capitals without spaces, dots, dashes or slashes. An issue date or amount, when sent, must match as well.
         *
         *     Each look-up is counted and kept on the evidence chain with the SHA-256 of the normalised questions (`query_sha256`), never the questions themselves. On the live plane the registry answers 403 `registry_not_open` until the service opens it; it is open on the sandbox.
         *
         *     **Scopes:** any one of `requests:read`, `decisions:write`.
         */
        post: operations["lookUpAssignments"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/requests": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List requests routed to you
         * @description The requests routed to you now (you can act on them) and those you already acted on (read only, even after the request went to another funder), newest first.
         *
         *     - `status`: `open` (default: the statuses that still wait for a decision), `all`, or one status (`pending`, `submitted`, `under_review`, `terms_sent`, `accepted`, `approved`, `funded`, `settled`, `declined`, `rejected`, `cancelled`).
         *     - `limit`: 1 to 200, default 50.
         *
         *     Each item carries your own offer (`my_offer`, or null) and where each debtor stands with its notice (`debtor_consent`).
         *
         *     Pages: `cursor` is the `next_cursor` of the previous page; `has_more` says whether another page follows and `next_cursor` is null on the last one. `count` is the number of items on this page. A walk of the pages shows each item once and misses none that existed when it began, whatever is added or changed meanwhile (a filter on a status that changes during the walk may miss an item that left it). A cursor of another list or filter answers 422 `cursor_invalid`.
         *     A cursor is bound to the `status` it was read with; walk `status=all` to see every request once whatever its status does meanwhile.
         *
         *     **Scopes:** any one of `requests:read`.
         */
        get: operations["listRequests"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/requests/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The underwriting packet of one request
         * @description Everything needed to decide on one request: the request, the consent of each debtor, the receivables (invoices), the score, your offer and the risk view. Readable while the request is routed to you or after you acted on it; otherwise it answers 404, as if it did not exist.
         *
         *     **Scopes:** any one of `requests:read`.
         */
        get: operations["getRequest"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/requests/{id}/announce": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Announce a confidential request to its debtors
         * @description Turns a request routed to you under confidential terms into an announced one: the notices prepared for its debtors are queued for sending (`sending_queued`), `announced_at` is set and `announced_trigger` is `manual`, and the event `request.announced` is emitted. The request status does not change.
         *
         *     Allowed while the request is open or funded. `reason` (at least 8 characters) is kept on the evidence chain. An announced request stays announced: announcing it again, or a request routed under announced terms, answers `already_announced`; a closed request answers `request_closed`; a request you can read but that is not routed to you answers 403 `not_routed_to_you`.
         *
         *     **Scopes:** any one of `decisions:write`.
         */
        post: operations["announceRequest"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/requests/{id}/cash-flow": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The seller’s cash flow, as its bank shares it with you
         * @description For a request routed to you or one you acted on (404 otherwise). `cash_flow` is null until the request’s seller connects its business account for you (read-only; a seller’s consent is given to one funder and no other funder sees it), and again once it revokes its consent. Then: the `connection`, the `accounts` its bank returned (holder, whether held in the company’s name), their `balances`, twelve months of `movements` by month (the current Madrid month last, months without movements at 0), and the `payout_account` check: the account you pay into must be among the accounts returned and held in the company’s name (`confirmed`).
         *
         *     `bank_data` is the request’s term as routed. `bank_data_problems` lists what the term still waits for: under `requested` the seller is asked to connect (`not_connected`, `consent_revoked`; never holding funding); under `required` also the payout account (`payout_account_missing`, `payout_account_not_returned`, `payout_account_not_in_company_name`), each with `holds_funding: true` — the fund decision answers 409 `funding_gate_failed` with the gate `bank_data` and these problems.
         *
         *     `payment_alerts`: payments the seller received from a debtor of this request after you funded it under confidential terms; each also sent once as the event `payment.reached_seller`.
         *
         *     An IBAN is never shown whole: `iban_last4` carries its last four characters only.
         *
         *     **Scopes:** any one of `requests:read`.
         */
        get: operations["getRequestCashFlow"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/requests/{id}/consent-level": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Raise the consent level the debtors must sign
         * @description Raises the level of consent every debtor of one request must give: `receipt` < `acknowledgment` < `acceptance`. `reason` (at least 8 characters) is kept on the evidence chain.
         *
         *     Only upwards (409 `level_lower`), only on a factoring request (409 `not_factoring`) routed to you (409 `not_routed_to_you`) and still in flight (409 `request_not_in_flight`), and only before any debtor has answered its notice (409 `notice_already_decided`). Sending the current level changes nothing (`changed: false`).
         *
         *     **Scopes:** any one of `decisions:write`.
         */
        post: operations["raiseConsentLevel"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/requests/{id}/debtors": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Debtors of a factoring request
         * @description For a factoring request routed to you or one you acted on: each debtor with the information the seller and the service hold on it, including its notice and answer. A confirming request has no debtor notices and answers 409 `not_factoring`.
         *
         *     **Scopes:** any one of `requests:read`.
         */
        get: operations["getRequestDebtors"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/requests/{id}/decision": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Offer, decline, fund or record a settlement
         * @description One operation for the four decisions, chosen by `decision`. The request must be routed to you (else 409 `not_routed_to_you`).
         *
         *     **offer** (answers 201): `rate` and `advance_pct` are percentages above 0 and up to 100 (required); `days` of financing, `notes`, and `valid_days` from 1 to 90 (default 7) are optional. Accepted while the request is `pending`, `submitted`, `under_review` or `terms_sent` (else 409 `invalid_state`). It is refused with 409 `credit_limit` when one of your limits cannot hold the advance, with 409 `debtor_not_eligible_for_funder` when you take listed buyers only and a debtor is not listed (the error lists them in `debtors`), and with 409 `documents_missing_for_funder` when a document you require from the seller is missing, unverified or expired.
         *
         *     **decline**: a `reason` (`payer_credit`, `invoice_ineligible`, `documentation`, `concentration`, `amount_out_of_range`, `sector_excluded`, `no_funder_capacity`, `withdrawn_by_client`, `other`) and/or `notes`, the message the seller reads; neither gives 400 `reason_required`. `internal_note` stays with your team. Declining an `approved` request is a step back and needs `notes` of at least 10 characters (422 `step_back_message_required`).
         *
         *     **fund**: only on an `approved` request. `value_date` (at most 7 days ahead) and `reference` (3 to 140 characters) are required (422 `invalid_funding_details`); `amount`, when sent, must equal the accepted advance (409 `funding_amount_mismatch`). A factoring request with a debtor notice not acknowledged gives 409 `funding_gate_failed`; documents you require that are not valid on the value date give 409 `documents_missing_for_funder`.
         *
         *     **settle**: records money received on a funded request of which you are the funder of record (else 403 `not_your_request`): `amount` (required), `received_at` (default now, at most one day ahead), `reference` (up to 140 characters), `note` (up to 1,000) and `final`. The request is settled when the total is reached or `final` is true; partial settlements keep it funded. The answer’s `final` says whether the request is settled now, whatever was sent.
         *
         *     Every decision is kept on the evidence chain and has the same effect as the same action in the portal.
         *
         *     **Scopes:** any one of `decisions:write`.
         */
        post: operations["decideOnRequest"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/requests/{id}/documents": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Documents of a request
         * @description The deal file as it stood when the request was routed to you and when it was funded, the seller documents current today, and which documents you require are missing, unverified or expired today.
         *
         *     Each document has a `download_url` valid for two minutes (`url_expires_in` seconds); fetch it without a key. Ask again for fresh links.
         *
         *     **Scopes:** any one of `requests:read`.
         */
        get: operations["getRequestDocuments"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/requests/{id}/notices": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The notices of assignment of a request
         * @description For a request routed to you or one you acted on: per debtor, the notice’s status, the invoices it covers with their amounts today, and the prepared document — the exact subject and HTML the debtor receives, its language, the governing law, and the SHA-256 (hex) of the subject, a line feed and the HTML. The HTML holds the literal `{{ACK_LINK}}` where the debtor’s personal link goes; that link is never shown.
         *
         *     `names_this_funder` says the document names the funder the request is routed to now; `current` turns false when an invoice it covers or its amount changed since it was prepared, and true again once the notice is prepared anew. `has_notice_address` says whether the service has an address to send it to. `sending` is `sending_queued` once the request is announced.
         *
         *     **Scopes:** any one of `requests:read`.
         */
        get: operations["getRequestNotices"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/required-documents": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Documents you require from sellers
         * @description The catalogue of seller documents the service knows, per country, and the list you require for each seller country. A request is routed to you, an offer recorded and a request funded only while every document on your list for the seller’s country is verified and valid on that date.
         *
         *     **Scopes:** any one of `requests:read`.
         */
        get: operations["getRequiredDocuments"];
        /**
         * Replace the documents you require for one country
         * @description Replaces your list for one seller country: `country` (two letters), `codes` (document codes from that country’s catalogue; an empty list clears it) and an optional `note` (up to 500 characters) kept with the change on the evidence chain.
         *
         *     Requests already with you stay with you, but your next offer or funding on one waits until the seller meets the new list (`open_requests_not_meeting` counts them).
         *
         *     **Scopes:** any one of `settings:write`, `decisions:write`.
         */
        put: operations["replaceRequiredDocuments"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/sandbox/client-invitations/{id}/accept": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Sandbox: a company accepts your invitation
         * @description The company becomes your client, with its origin; its requests are routed to you only. 409 `invitation_not_pending` when already answered or expired.
         *
         *     Sandbox keys only (403 `sandbox_only` otherwise); it plays the company on the demonstration plane, never on live data.
         *
         *     **Scopes:** any one of `decisions:write`.
         */
        post: operations["sandboxAcceptInvitation"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/sandbox/client-links/{id}/arrivals": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Sandbox: a company opens a client link
         * @description Plays a company opening the link and giving `company_name`, `tax_id`, `country` and `email`: it gets your invitation. Its first arrival keeps its origin. 409 `link_not_active` when the link stopped; 429 `signup_limit` past 20 sign-ups in any 60 minutes or 100 in any 24 hours through the link (rolling windows, the one `claims_last_day` counts; a sandbox key counts its own sign-ups).
         *
         *     Sandbox keys only (403 `sandbox_only` otherwise); it plays the company on the demonstration plane, never on live data.
         *
         *     **Scopes:** any one of `decisions:write`.
         */
        post: operations["sandboxClientArrival"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/sandbox/clients/{seller_id}/leave": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Sandbox: a client leaves your network
         * @description Plays one of your demonstration clients leaving your network (only a company this key’s own helpers brought; 404 `not_found` for any other seller). Its origin stays: the prescriber report still counts who brought it. From then on its new requests are no longer sent to you alone, it gives no consent to share its invoices, and the next night’s digest shows the invoices you were shown as `no_longer_eligible` with reason `left_programme`. Leaving again changes nothing (`changed: false`); `reason` (8 characters or more) is kept on the evidence chain.
         *
         *     Sandbox keys only (403 `sandbox_only` otherwise); it plays the company on the demonstration plane, never on live data.
         *
         *     **Scopes:** any one of `decisions:write`.
         */
        post: operations["sandboxClientLeave"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/sandbox/clients/{seller_id}/sharing": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Sandbox: a client lets you see its invoices, or stops
         * @description One of your demonstration clients gives (`sharing: true`) or withdraws (`false`) its consent to you seeing its invoices. The next night’s run counts it: its eligible invoices appear as `new`, or those you were shown as `no_longer_eligible` with reason `not_shared`. The same state again changes nothing (`changed: false`).
         *
         *     Sandbox keys only (403 `sandbox_only` otherwise); it changes the shared demonstration plane, never live data.
         *
         *     **Scopes:** any one of `decisions:write`.
         */
        post: operations["sandboxClientSharing"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/sandbox/early-payments": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Sandbox: a buyer-approved invoice offered early with you as funder
         * @description Makes a fictitious supplier and invoice of a fictitious buyer on the demonstration plane and releases an early payment of it to the supplier with you as funder. `amount` (face value, default 12,000), `offered_amount` (default 98% of it) and `due_in_days` (maturity, 1 to 365, default 60) are optional.
         *
         *     Sandbox keys only (403 `sandbox_only` otherwise); it changes the shared demonstration plane, never live data.
         *
         *     **Scopes:** any one of `decisions:write`.
         */
        post: operations["sandboxCreateEarlyPayment"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/sandbox/early-payments/{id}/accept": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Sandbox: the supplier accepts an early payment
         * @description The supplier takes a released early payment of yours: it becomes `accepted`, yours to pay.
         *
         *     Sandbox keys only (403 `sandbox_only` otherwise); it changes the shared demonstration plane, never live data.
         *
         *     **Scopes:** any one of `decisions:write`.
         */
        post: operations["sandboxAcceptEarlyPayment"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/sandbox/early-payments/{id}/decline": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Sandbox: the supplier declines an early payment
         * @description The supplier turns down a released early payment of yours (optional `reason`).
         *
         *     Sandbox keys only (403 `sandbox_only` otherwise); it changes the shared demonstration plane, never live data.
         *
         *     **Scopes:** any one of `decisions:write`.
         */
        post: operations["sandboxDeclineEarlyPayment"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/sandbox/early-payments/{id}/withdraw": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Sandbox: the buyer withdraws an early payment
         * @description The buyer withdraws a released or accepted early payment of yours before you pay it (optional `reason`).
         *
         *     Sandbox keys only (403 `sandbox_only` otherwise); it changes the shared demonstration plane, never live data.
         *
         *     **Scopes:** any one of `decisions:write`.
         */
        post: operations["sandboxWithdrawEarlyPayment"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/sandbox/invoices/{id}/ledger-exit": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Sandbox: a client cancels an invoice or removes it from its ledger
         * @description An invoice of one of your demonstration clients leaves its ledger: `cancelled` (voided or credited) or `removed` (entered by mistake). An invoice leaves once; its first exit stays (`changed: false` after). A digest that showed it lists it as `no_longer_eligible` with that reason.
         *
         *     Sandbox keys only (403 `sandbox_only` otherwise); it changes the shared demonstration plane, never live data.
         *
         *     **Scopes:** any one of `decisions:write`.
         */
        post: operations["sandboxInvoiceLedgerExit"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/sandbox/onboarding-links/{id}/account": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Sandbox: a supplier opens its account through an onboarding link
         * @description Plays the supplier opening its account through the link without yet submitting its company verification: the link reads `account_created` (with `account_created_at`) until it is completed, revoked or expires. Already `account_created`: `changed: false`. 409 `onboarding_not_open` when the link is completed, expired or revoked.
         *
         *     Sandbox keys only (403 `sandbox_only` otherwise); it plays the company on the demonstration plane, never on live data.
         *
         *     **Scopes:** any one of `onboarding:write`, `decisions:write`.
         */
        post: operations["sandboxOnboardingAccount"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/sandbox/onboarding-links/{id}/complete": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Sandbox: a supplier completes an onboarding link
         * @description Plays the supplier submitting its company verification: it is registered as a test company, becomes your client (origin `api`), `onboarding.completed` is queued with the link’s metadata, and the answer carries the signed return URL the supplier is sent to. A link reading `pending` or `account_created` can be completed; 409 `onboarding_not_open` when it is completed, expired or revoked.
         *
         *     Sandbox keys only (403 `sandbox_only` otherwise); it plays the company on the demonstration plane, never on live data.
         *
         *     **Scopes:** any one of `onboarding:write`, `decisions:write`.
         */
        post: operations["sandboxCompleteOnboarding"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/sandbox/recourse/{id}/repayment": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Sandbox: the seller repays a recourse claim
         * @description The seller repays your open recourse claim today, quoting its `pay_reference`: `amount` (default what remains of the claim) is recorded as a payment on the request (source `recourse`, event `settlement.recorded`), which lowers `outstanding` in your exposure books. Once repayments since the claim opened cover `claim_amount` the claim is `settled` and the request closes as settled by recourse. A `debtor_default` claim is not repaid by the seller (409 `invalid_state`); more than what remains answers `invalid_amount`; a claim that is not yours answers 404.
         *
         *     Sandbox keys only (403 `sandbox_only` otherwise); it changes the shared demonstration plane, never live data.
         *
         *     **Scopes:** any one of `decisions:write`.
         */
        post: operations["sandboxRecourseRepayment"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/sandbox/requests": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Sandbox: a new request routed to you
         * @description Creates a fictitious seller request and routes it to you, as a seller would through the service. `type` is `factoring` (default) or `confirming`; `invoices` (1 to 20) name each debtor, its tax id and country, the amount, due date and `source` (`erp` by default; `e_invoice`, `saft`, or `upload`, which is not the seller’s own books). With no body at all a default request is made.
         *
         *     `terms` (any programme terms, for example `{"disclosure": "confidential", "announce_on_dispute": true}`) become the new company’s own terms with you before the request is routed, so the request takes them. Each debtor gets an address for its notices unless it has one already.
         *
         *     Sandbox keys only (403 `sandbox_only` otherwise); it changes the shared demonstration plane, never live data.
         *
         *     **Scopes:** any one of `decisions:write`.
         */
        post: operations["sandboxCreateRequest"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/sandbox/requests/{id}/accept": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Sandbox: the seller accepts your offer
         * @description Plays the seller accepting your open offer on a request in `terms_sent`; the request becomes `approved` and can be funded.
         *
         *     Sandbox keys only (403 `sandbox_only` otherwise); it changes the shared demonstration plane, never live data.
         *
         *     **Scopes:** any one of `decisions:write`.
         */
        post: operations["sandboxAcceptOffer"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/sandbox/requests/{id}/advance": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Sandbox: days pass for one of your requests
         * @description Moves one request this key made with `POST /v1/sandbox/requests` `days` (1 to 400) ahead in time, as if those days had passed for it alone: the service clock, your other requests and the demonstration’s shared requests do not move. Calls add up; `time.offset_days` says how far ahead the request lives in all.
         *
         *     On the request’s new day its invoices are due or overdue (`invoices`), a pending offer past its validity expires, a recourse claim opens once an invoice is `recourse_days` past due on a funded request (event `claim.opened`), and a funded confidential request is announced when a trigger of its terms is met: an invoice `announce_overdue_days` past due, a dispute, the seller’s verification lapsed (event `request.announced`). `happened` lists what this call made happen; every event goes to your webhook endpoints as it would in time.
         *
         *     The request’s new day also gets an opportunities digest, for this key alone: the night of that day as the nightly run would make it, from the demonstration clients’ invoices as they stand now, compared with the latest night this key sees before it (the shared nights, and the days this key moved requests to before). Invoices whose due date has come by then are listed as `no_longer_eligible` with reason `rules`. `GET /v1/opportunities` then answers it to this key (the latest by date; on a date that also has a shared digest, the shared one), the event `opportunities.daily` goes to your endpoints when it has lines, and `happened.digest` names it. Only the new day gets one, once per key and day: moving another request to the same day answers the same digest. Other keys, and the shared digest the service publishes each morning, do not change; when that day comes, its real digest replaces yours.
         *
         *     A request another key made, or one of the demonstration’s own companies, answers 403 `not_your_request`; more than ten years ahead in all, 409 `invalid_state`. Sandbox keys only (403 `sandbox_only` otherwise); it changes the shared demonstration plane, never live data.
         *
         *     **Scopes:** any one of `decisions:write`.
         */
        post: operations["sandboxAdvanceRequest"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/sandbox/requests/{id}/bank-connection": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Sandbox: the seller connects its bank account for you
         * @description Plays the request’s seller consenting to share its business account with you (read-only): two made-up accounts in the company’s name, their balances and twelve months of generated movements. A consent of the seller already in force with you is replaced. `payout_account_own` (default true) says whether the account you pay into is the seller’s own: true names the first account returned; false names an account its bank does not return, so a `bank_data: required` request stays held. An empty body is allowed. The answer lists the accounts by their last four characters.
         *
         *     Sandbox keys only (403 `sandbox_only` otherwise); it changes the shared demonstration plane, never live data.
         *
         *     **Scopes:** any one of `decisions:write`.
         */
        post: operations["sandboxBankConnection"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/sandbox/requests/{id}/debtor-answer": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Sandbox: a debtor answers its notice
         * @description Plays one debtor (`debtor_tax_id`) or every debtor (left out or null) of a factoring request answering its notice: `answer` is `acknowledged` or `disputed`; `level` is the consent given (default: the level required).
         *
         *     Sandbox keys only (403 `sandbox_only` otherwise); it changes the shared demonstration plane, never live data.
         *
         *     **Scopes:** any one of `decisions:write`.
         */
        post: operations["sandboxDebtorAnswer"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/sandbox/requests/{id}/parties": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Sandbox: the seller, a debtor or an invoice of your request changes
         * @description Plays the other parties of a request routed to you, as the service’s operations team records them: `seller_verification` (the seller’s company verification status), `seller_verification_lapses_on` (the day it lapses; null: none), `notice_addresses` (per debtor tax id, where its notice is sent; null: none known) and `invoice_amounts` (per invoice number, its new amount). An amount change raises the hard signal `amount_changed_in_request` and makes the notice covering that invoice no longer current.
         *
         *     Sandbox keys only (403 `sandbox_only` otherwise); it changes the shared demonstration plane, never live data.
         *
         *     **Scopes:** any one of `decisions:write`.
         */
        post: operations["sandboxRequestParties"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/sandbox/requests/{id}/seller-payment": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Sandbox: a debtor pays the seller directly
         * @description Plays a debtor paying `amount` euros into the seller’s connected account, now: `debtor_tax_id` names the debtor (default: the request’s first debtor). The seller must have connected its account for you first (409 `invalid_state` otherwise). When the payment comes from a debtor of a request you funded under confidential terms, an alert is raised on that request (see `payment_alerts`) and the event `payment.reached_seller` is sent, once.
         *
         *     Sandbox keys only (403 `sandbox_only` otherwise); it changes the shared demonstration plane, never live data.
         *
         *     **Scopes:** any one of `decisions:write`.
         */
        post: operations["sandboxSellerPayment"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/sandbox/statements/{id}/lines/{line}/confirm": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Sandbox: confirm the match of a statement line
         * @description Plays the confirmation the portal asks of you before a statement credit settles a request: line `line` of statement `id` settles the request it was matched to, or `request_id` when given. The settlement is recorded like `settle` on the decision operation.
         *
         *     Sandbox keys only (403 `sandbox_only` otherwise); it changes the shared demonstration plane, never live data.
         *
         *     **Scopes:** any one of `decisions:write`.
         */
        post: operations["sandboxConfirmStatementLine"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/seller-limits": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Your seller limits and exposure
         * @description Every seller you have a limit on or an exposure to, in euros, with the limit on record.
         *
         *     Exposure is what a limit holds: `outstanding` (funded and not yet paid), `committed` (accepted, not yet funded) and `offered` (your open offers). `available` is the limit minus the exposure (null without an amount). A limit is `frozen` while a debtor is overdue.
         *
         *     `limit` (1 to 500) reads the book in pages; without it the whole book comes in one answer.
         *
         *     Pages: `cursor` is the `next_cursor` of the previous page; `has_more` says whether another page follows and `next_cursor` is null on the last one. `count` is the number of items on this page. A walk of the pages shows each item once and misses none that existed when it began, whatever is added or changed meanwhile (a filter on a status that changes during the walk may miss an item that left it). A cursor of another list or filter answers 422 `cursor_invalid`.
         *     A line whose exposure ends during a walk leaves the book, and one that starts joins it where its order puts it: what is added behind the cursor shows on the next walk.
         *
         *     **Scopes:** any one of `limits:read`, `requests:read`.
         */
        get: operations["listSellerLimits"];
        /**
         * Set the limit on one seller
         * @description Replaces the limit on one seller (source `api`): `seller_id` (required, as `GET /v1/seller-limits` gives it; an unknown seller answers 404), `amount` (euros, 0 or more, or null; required for an `active` limit), `status` (`active` by default, `refused`, `suspended`) and `note`. From then on an offer the limit cannot hold is refused with 409 `credit_limit`.
         *
         *     **Scopes:** any one of `limits:write`, `decisions:write`.
         */
        put: operations["setSellerLimit"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/settings": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Your settings
         * @description The consent level debtors must give on requests routed to you from now on, whether the texts they sign must be approved by counsel, whether you take listed buyers only, how long your offers stay valid by default, how many open requests are at each consent level, and the languages in which declaration texts exist.
         *
         *     **Scopes:** any one of `requests:read`.
         */
        get: operations["getSettings"];
        /**
         * Change your settings
         * @description Changes `debtor_consent_level` (`receipt`, `acknowledgment`, `acceptance`) and/or `require_counsel_approved_texts` (boolean). `reason` (at least 8 characters) is required and kept on the evidence chain.
         *
         *     The change applies to requests routed to you from then on; requests already with you keep their level (`open_requests_keep_their_level` counts them). Sending the values you already have changes nothing (`changed: false`).
         *
         *     **Scopes:** any one of `settings:write`, `decisions:write`.
         */
        put: operations["updateSettings"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/statements": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Import a bank statement
         * @description Takes one of your own bank statements: ISO 20022 CAMT.053 (versions `.001.02` to `.001.08`) or a CSV export, sent raw (`application/xml`, `text/csv`) or as JSON `{file_name, kind, content_base64}`. With a raw body, `file_name` and `kind` may go in the query; `kind` (`camt053` or `csv`) is detected when left out. At most 4 MiB and 5,000 transactions.
         *
         *     Each credit is matched against the requests you funded (the reference the debtor quoted first, then amount and debtor). Nothing is settled here: a match is settled only once you confirm it in the portal. The same file twice (same SHA-256) is refused with 409 `statement_already_imported`.
         *
         *     CSV layouts are detected from the file (header row, delimiter, encoding, decimal separator, date format); a row that cannot be read refuses the whole file with `line_invalid`, naming the line and column.
         *
         *     **Scopes:** any one of `statements:write`, `decisions:write`.
         */
        post: operations["importStatement"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/webhooks": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Your webhook endpoints
         * @description Your active endpoints, oldest first, never with their secrets (`secret_prefix` tells them apart).
         *
         *     `event_types` lists every type an endpoint can subscribe to: `type`, what it means (`description`) and whether the service emits it today (`emitted`; the others are accepted so your set-up need not change when they start).
         *
         *     With a sandbox key you see and manage only the endpoints that key created, and they receive only the events its own calls caused.
         *
         *     **Scopes:** any one of `webhooks:write`, `decisions:write`, `requests:read`.
         */
        get: operations["listWebhooks"];
        put?: never;
        /**
         * Register a webhook endpoint
         * @description Registers a URL to receive signed events. `url`: https on port 443 to a public host name, without user name or password, at most 2,048 characters; IP addresses in any spelling, `localhost`, and names of private or reserved domains are refused. The address the name resolves to is checked again at every delivery, redirects are never followed, and an answer must come within 10 seconds.
         *
         *     `events`: the types to receive, or `['*']` (the default) for all. `description`: up to 200 characters. At most 10 active endpoints.
         *
         *     The answer carries the signing `secret` (`whsec_...`) this once only: keep it. A replay of the call with the same `Idempotency-Key` answers the same but for `secret`, which is not kept (rotate the secret if the first answer was lost). Each delivery is a POST with `Service-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<raw body>">` (Stripe’s layout), `Service-Event-Id` (the same on every attempt: drop repeats) and `Service-Delivery-Id`. Each also carries the Standard Webhooks headers `webhook-id` (the event id), `webhook-timestamp` and `webhook-signature` (`v1,<base64 HMAC-SHA256 of "<id>.<timestamp>.<raw body>">`, keyed with the bytes the text after `whsec_` encodes in base64), so that library verifies it in any language. Check the signature within 300 seconds.
         *
         *     A failed attempt is tried again 5 s, 5 min, 30 min, 2 h, 5 h, 10 h and 10 h after each failure, then the delivery is `failed`. A 2xx is a success, anything else a failure (redirects included). An answer 410 stops the endpoint; an endpoint failing for 3 days without a success is stopped.
         *
         *     With a sandbox key you see and manage only the endpoints that key created, and they receive only the events its own calls caused.
         *
         *     **Scopes:** any one of `webhooks:write`, `decisions:write`.
         */
        post: operations["createWebhook"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/webhooks/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /**
         * Stop a webhook endpoint
         * @description Stops the endpoint: its pending deliveries are cancelled and its secrets deleted. Its delivery log stays readable. A stopped endpoint cannot be started again: register it anew.
         *
         *     **Scopes:** any one of `webhooks:write`, `decisions:write`.
         */
        delete: operations["stopWebhook"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/webhooks/{id}/deliveries": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The delivery log of an endpoint
         * @description The deliveries to this endpoint, newest first (`limit` 1 to 200, default 50): status (`pending`, `delivered`, `failed`, `cancelled`), attempts, the last response code and error, the next attempt, and the SHA-256 of the exact body sent (the same on every attempt). Readable after the endpoint was stopped. A finished delivery (`delivered`, `failed`, `cancelled`) is kept 30 days after it finished, as long as its event stays in `GET /v1/events`; a `pending` one until it finishes.
         *
         *     Pages: `cursor` is the `next_cursor` of the previous page; `has_more` says whether another page follows and `next_cursor` is null on the last one. `count` is the number of items on this page. A walk of the pages shows each item once and misses none that existed when it began, whatever is added or changed meanwhile (a filter on a status that changes during the walk may miss an item that left it). A cursor of another list or filter answers 422 `cursor_invalid`.
         *     A cursor is bound to its endpoint. A delivery removed after its 30 days is not shown on a later page.
         *
         *     **Scopes:** any one of `webhooks:write`, `decisions:write`, `requests:read`.
         */
        get: operations["listWebhookDeliveries"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/webhooks/{id}/deliveries/{delivery_id}/retry": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Send a delivery again
         * @description Sends the delivery again now, with the same event id and body and a fresh signature, whatever its state: `pending` (for instance waiting for a retry after a failed attempt), `failed` or `delivered`; a `cancelled` one is not sent again (409 `delivery_not_retryable`). A `failed` or `delivered` delivery starts its retry schedule again. A `pending` one keeps its schedule: if the attempt sent now fails, the next attempt is the one it was waiting for. Only while an attempt of the delivery is being sent (its outcome not yet recorded) does it answer 409 `delivery_attempt_in_progress`. Only on an active endpoint.
         *
         *     **Scopes:** any one of `webhooks:write`, `decisions:write`.
         */
        post: operations["retryWebhookDelivery"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/webhooks/{id}/recover": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Send again what an endpoint missed
         * @description After your receiver was down: every delivery of this endpoint made since `since` that is `failed` (its retries spent), or `pending` and waiting for a retry after a failed attempt, is due now and sent again, oldest first, with its own event id and body and a fresh signature. `since` is an RFC 3339 instant with its offset, not in the future and at most 14 days back (422 `since_invalid`).
         *
         *     Each delivery goes out once: one already due (never tried yet, or put back by an earlier recovery or retry and not sent yet) is not counted again, so a second recovery right after the first answers `recovered: 0`. A `failed` delivery starts its retry schedule again; a waiting one goes back to the retry it waited for if the attempt sent now fails. Delivered and cancelled deliveries are not sent again (retry one by hand with `POST /v1/webhooks/{id}/deliveries/{delivery_id}/retry`). Only on an active endpoint.
         *
         *     With a sandbox key you see and manage only the endpoints that key created, and they receive only the events its own calls caused.
         *
         *     **Scopes:** any one of `webhooks:write`, `decisions:write`.
         */
        post: operations["recoverWebhookDeliveries"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/webhooks/{id}/rotate-secret": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Rotate the signing secret
         * @description Makes a new signing secret, returned this once only. The previous one keeps signing for `keep_previous_hours` (0 to 72, default 24): meanwhile each delivery carries two `v1` values, so your receiver can switch at its own pace. A previous secret still signing from an earlier rotation stops at once.
         *
         *     **Scopes:** any one of `webhooks:write`, `decisions:write`.
         */
        post: operations["rotateWebhookSecret"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/webhooks/{id}/test": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Send a test event
         * @description Queues a `webhook.test` event for this endpoint only (whatever its `events`); it is delivered within seconds, signed like any other.
         *
         *     **Scopes:** any one of `webhooks:write`, `decisions:write`.
         */
        post: operations["testWebhook"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
}
export interface webhooks {
    "claim.closed": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * A recourse claim closed
         * @description Posted to your endpoints subscribed to `claim.closed` (or `*`). `data` carries the claim as `GET /v1/recourse` lists it (`claim`).
         *
         *     Verify `Service-Signature`, or `webhook-signature` with any Standard Webhooks library, on the raw body before parsing it; drop a repeat by `Service-Event-Id` (or `webhook-id`, the same). Any 2xx within 10 seconds acknowledges the delivery.
         */
        post: operations["event_claim_closed"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "claim.opened": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * A recourse claim opened
         * @description Posted to your endpoints subscribed to `claim.opened` (or `*`). `data` carries the claim as `GET /v1/recourse` lists it (`claim`).
         *
         *     Verify `Service-Signature`, or `webhook-signature` with any Standard Webhooks library, on the raw body before parsing it; drop a repeat by `Service-Event-Id` (or `webhook-id`, the same). Any 2xx within 10 seconds acknowledges the delivery.
         */
        post: operations["event_claim_opened"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "credit_limit.updated": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * A debtor’s credit limit changed
         * @description Posted to your endpoints subscribed to `credit_limit.updated` (or `*`). `data` carries the debtor’s line as `GET /v1/credit-limits` lists it after the write (`credit_limit`), the `source` and `source_ref` of the write, and the `import_id` when an import wrote it.
         *
         *     Verify `Service-Signature`, or `webhook-signature` with any Standard Webhooks library, on the raw body before parsing it; drop a repeat by `Service-Event-Id` (or `webhook-id`, the same). Any 2xx within 10 seconds acknowledges the delivery.
         */
        post: operations["event_credit_limit_updated"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "document.lapsed": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * A required document lapsed
         * @description Posted to your endpoints subscribed to `document.lapsed` (or `*`). `data` carries `request_id`, and the document as `GET /v1/requests/{id}/documents` lists it for that request under `current` (`document`), without its download link (ask that operation for one), and the `reason`: `expired` or `revoked`.
         *
         *     Verify `Service-Signature`, or `webhook-signature` with any Standard Webhooks library, on the raw body before parsing it; drop a repeat by `Service-Event-Id` (or `webhook-id`, the same). Any 2xx within 10 seconds acknowledges the delivery.
         */
        post: operations["event_document_lapsed"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "document.provided": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * A required document was provided
         * @description Posted to your endpoints subscribed to `document.provided` (or `*`). `data` carries `request_id`, and the document as `GET /v1/requests/{id}/documents` lists it for that request under `current` (`document`), without its download link (ask that operation for one).
         *
         *     Verify `Service-Signature`, or `webhook-signature` with any Standard Webhooks library, on the raw body before parsing it; drop a repeat by `Service-Event-Id` (or `webhook-id`, the same). Any 2xx within 10 seconds acknowledges the delivery.
         */
        post: operations["event_document_provided"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "early_payment.accepted": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * The supplier accepted an early payment
         * @description Posted to your endpoints subscribed to `early_payment.accepted` (or `*`). `data` carries the early payment as `GET /v1/early-payments/{id}` answers it (`early_payment`).
         *
         *     Verify `Service-Signature`, or `webhook-signature` with any Standard Webhooks library, on the raw body before parsing it; drop a repeat by `Service-Event-Id` (or `webhook-id`, the same). Any 2xx within 10 seconds acknowledges the delivery.
         */
        post: operations["event_early_payment_accepted"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "early_payment.declined": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * The supplier declined an early payment
         * @description Posted to your endpoints subscribed to `early_payment.declined` (or `*`). `data` carries the early payment as `GET /v1/early-payments/{id}` answers it (`early_payment`).
         *
         *     Verify `Service-Signature`, or `webhook-signature` with any Standard Webhooks library, on the raw body before parsing it; drop a repeat by `Service-Event-Id` (or `webhook-id`, the same). Any 2xx within 10 seconds acknowledges the delivery.
         */
        post: operations["event_early_payment_declined"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "early_payment.paid": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * You recorded an early payment
         * @description Posted to your endpoints subscribed to `early_payment.paid` (or `*`). `data` carries the early payment as `GET /v1/early-payments/{id}` answers it (`early_payment`).
         *
         *     Verify `Service-Signature`, or `webhook-signature` with any Standard Webhooks library, on the raw body before parsing it; drop a repeat by `Service-Event-Id` (or `webhook-id`, the same). Any 2xx within 10 seconds acknowledges the delivery.
         */
        post: operations["event_early_payment_paid"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "early_payment.released": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * An early payment was offered with you as funder
         * @description Posted to your endpoints subscribed to `early_payment.released` (or `*`). `data` carries the early payment as `GET /v1/early-payments/{id}` answers it (`early_payment`).
         *
         *     Verify `Service-Signature`, or `webhook-signature` with any Standard Webhooks library, on the raw body before parsing it; drop a repeat by `Service-Event-Id` (or `webhook-id`, the same). Any 2xx within 10 seconds acknowledges the delivery.
         */
        post: operations["event_early_payment_released"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "early_payment.repaid": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * The buyer repaid an early payment in full
         * @description Posted to your endpoints subscribed to `early_payment.repaid` (or `*`). `data` carries the early payment as `GET /v1/early-payments/{id}` answers it (`early_payment`).
         *
         *     Verify `Service-Signature`, or `webhook-signature` with any Standard Webhooks library, on the raw body before parsing it; drop a repeat by `Service-Event-Id` (or `webhook-id`, the same). Any 2xx within 10 seconds acknowledges the delivery.
         */
        post: operations["event_early_payment_repaid"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "early_payment.repayment_recorded": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * You recorded a partial repayment
         * @description Posted to your endpoints subscribed to `early_payment.repayment_recorded` (or `*`). `data` carries the early payment as `GET /v1/early-payments/{id}` answers it (`early_payment`).
         *
         *     Verify `Service-Signature`, or `webhook-signature` with any Standard Webhooks library, on the raw body before parsing it; drop a repeat by `Service-Event-Id` (or `webhook-id`, the same). Any 2xx within 10 seconds acknowledges the delivery.
         */
        post: operations["event_early_payment_repayment_recorded"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "early_payment.withdrawn": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * The buyer withdrew an early payment
         * @description Posted to your endpoints subscribed to `early_payment.withdrawn` (or `*`). `data` carries the early payment as `GET /v1/early-payments/{id}` answers it (`early_payment`).
         *
         *     Verify `Service-Signature`, or `webhook-signature` with any Standard Webhooks library, on the raw body before parsing it; drop a repeat by `Service-Event-Id` (or `webhook-id`, the same). Any 2xx within 10 seconds acknowledges the delivery.
         */
        post: operations["event_early_payment_withdrawn"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "export.ready": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * An export is ready
         * @description Posted to your endpoints subscribed to `export.ready` (or `*`). `data` carries the export as `GET /v1/exports/{id}` answers it, its links aside (`export`; ask that operation for the links, which are signed for the key that asks), and its `export_id`, `manifest_sha256`, `size_bytes` and `expires_at`.
         *
         *     Verify `Service-Signature`, or `webhook-signature` with any Standard Webhooks library, on the raw body before parsing it; drop a repeat by `Service-Event-Id` (or `webhook-id`, the same). Any 2xx within 10 seconds acknowledges the delivery.
         */
        post: operations["event_export_ready"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "notice.acknowledged": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * A debtor acknowledged its notice
         * @description Posted to your endpoints subscribed to `notice.acknowledged` (or `*`). `data` carries `request_id`, `request_ref`, `debtor`, `level_required`, `level_achieved` and `meets_requirement` (whether the answer meets your consent level).
         *
         *     Verify `Service-Signature`, or `webhook-signature` with any Standard Webhooks library, on the raw body before parsing it; drop a repeat by `Service-Event-Id` (or `webhook-id`, the same). Any 2xx within 10 seconds acknowledges the delivery.
         */
        post: operations["event_notice_acknowledged"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "notice.disputed": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * A debtor disputed its notice
         * @description Posted to your endpoints subscribed to `notice.disputed` (or `*`). `data` carries `request_id`, `request_ref`, `debtor` and the `reason` given.
         *
         *     Verify `Service-Signature`, or `webhook-signature` with any Standard Webhooks library, on the raw body before parsing it; drop a repeat by `Service-Event-Id` (or `webhook-id`, the same). Any 2xx within 10 seconds acknowledges the delivery.
         */
        post: operations["event_notice_disputed"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "offer.created": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Your offer was recorded
         * @description Posted to your endpoints subscribed to `offer.created` (or `*`). `data` carries the request as you see it once the change is done (`request`, null when you no longer see it) and `request_id`; the offer is `request.my_offer`.
         *
         *     Verify `Service-Signature`, or `webhook-signature` with any Standard Webhooks library, on the raw body before parsing it; drop a repeat by `Service-Event-Id` (or `webhook-id`, the same). Any 2xx within 10 seconds acknowledges the delivery.
         */
        post: operations["event_offer_created"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "offer.expired": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Your offer expired
         * @description Posted to your endpoints subscribed to `offer.expired` (or `*`). `data` carries the request as you see it once the change is done (`request`, null when you no longer see it) and `request_id`; `request.my_offer.status` is `expired`.
         *
         *     Verify `Service-Signature`, or `webhook-signature` with any Standard Webhooks library, on the raw body before parsing it; drop a repeat by `Service-Event-Id` (or `webhook-id`, the same). Any 2xx within 10 seconds acknowledges the delivery.
         */
        post: operations["event_offer_expired"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "offer.replaced": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Your offer replaced your earlier one
         * @description Posted to your endpoints subscribed to `offer.replaced` (or `*`). `data` carries the request as you see it once the change is done (`request`, null when you no longer see it) and `request_id`; the new offer is `request.my_offer`.
         *
         *     Verify `Service-Signature`, or `webhook-signature` with any Standard Webhooks library, on the raw body before parsing it; drop a repeat by `Service-Event-Id` (or `webhook-id`, the same). Any 2xx within 10 seconds acknowledges the delivery.
         */
        post: operations["event_offer_replaced"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "onboarding.completed": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * A supplier completed onboarding
         * @description Posted to your endpoints subscribed to `onboarding.completed` (or `*`). `data` carries `onboarding_link_id`, `status`, `seller_id`, `company_vat`, `country`, `completed_at` and the link’s `metadata`.
         *
         *     Verify `Service-Signature`, or `webhook-signature` with any Standard Webhooks library, on the raw body before parsing it; drop a repeat by `Service-Event-Id` (or `webhook-id`, the same). Any 2xx within 10 seconds acknowledges the delivery.
         */
        post: operations["event_onboarding_completed"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "opportunities.daily": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * The daily digest is ready
         * @description Posted to your endpoints subscribed to `opportunities.daily` (or `*`). `data` carries the digest’s `digest_id`, `date`, `stale`, `new` {`count`, `total`}, `changes` {`paid`, `disputed`, `no_longer_eligible`} and `lines` (the path that reads them). Sent at 06:30 Madrid time when the digest has lines; to a sandbox key’s endpoints also when its `POST /v1/sandbox/requests/{id}/advance` makes it a digest with lines.
         *
         *     Verify `Service-Signature`, or `webhook-signature` with any Standard Webhooks library, on the raw body before parsing it; drop a repeat by `Service-Event-Id` (or `webhook-id`, the same). Any 2xx within 10 seconds acknowledges the delivery.
         */
        post: operations["event_opportunities_daily"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "payment.reached_seller": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * A seller received a debtor payment
         * @description Posted to your endpoints subscribed to `payment.reached_seller` (or `*`). `data` carries `alert`: `alert_id`, `request_id`, `request_ref`, `debtor_tax_id`, `debtor_name`, `amount`, `received_at`, `reference` and `raised_at` (as listed in `payment_alerts` of `GET /v1/requests/{id}/cash-flow`). Sent once per payment and request.
         *
         *     Verify `Service-Signature`, or `webhook-signature` with any Standard Webhooks library, on the raw body before parsing it; drop a repeat by `Service-Event-Id` (or `webhook-id`, the same). Any 2xx within 10 seconds acknowledges the delivery.
         */
        post: operations["event_payment_reached_seller"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "request.announced": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * A confidential request was announced
         * @description Posted to your endpoints subscribed to `request.announced` (or `*`). `data` carries the announce answer: `request_id`, `request_ref`, `disclosure`, `announced_at`, the trigger and the notices queued.
         *
         *     Verify `Service-Signature`, or `webhook-signature` with any Standard Webhooks library, on the raw body before parsing it; drop a repeat by `Service-Event-Id` (or `webhook-id`, the same). Any 2xx within 10 seconds acknowledges the delivery.
         */
        post: operations["event_request_announced"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "request.approved": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * The seller accepted your terms
         * @description Posted to your endpoints subscribed to `request.approved` (or `*`). `data` carries the request as you see it once the change is done (`request`, null when you no longer see it) and `request_id`.
         *
         *     Verify `Service-Signature`, or `webhook-signature` with any Standard Webhooks library, on the raw body before parsing it; drop a repeat by `Service-Event-Id` (or `webhook-id`, the same). Any 2xx within 10 seconds acknowledges the delivery.
         */
        post: operations["event_request_approved"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "request.cancelled": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * A request was cancelled
         * @description Posted to your endpoints subscribed to `request.cancelled` (or `*`). `data` carries the request as you see it once the change is done (`request`, null when you no longer see it) and `request_id`.
         *
         *     Verify `Service-Signature`, or `webhook-signature` with any Standard Webhooks library, on the raw body before parsing it; drop a repeat by `Service-Event-Id` (or `webhook-id`, the same). Any 2xx within 10 seconds acknowledges the delivery.
         */
        post: operations["event_request_cancelled"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "request.declined": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * A request was declined
         * @description Posted to your endpoints subscribed to `request.declined` (or `*`). `data` carries the request as you see it once the change is done (`request`, null when you no longer see it) and `request_id`, and `step_back` for a step back.
         *
         *     Verify `Service-Signature`, or `webhook-signature` with any Standard Webhooks library, on the raw body before parsing it; drop a repeat by `Service-Event-Id` (or `webhook-id`, the same). Any 2xx within 10 seconds acknowledges the delivery.
         */
        post: operations["event_request_declined"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "request.funded": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * You funded a request
         * @description Posted to your endpoints subscribed to `request.funded` (or `*`). `data` carries the request as `GET /v1/requests` lists it to you once the change is done, with `my_offer` and `debtor_consent` (`request`), with `value_date`, `reference` and `amount` (euros).
         *
         *     Verify `Service-Signature`, or `webhook-signature` with any Standard Webhooks library, on the raw body before parsing it; drop a repeat by `Service-Event-Id` (or `webhook-id`, the same). Any 2xx within 10 seconds acknowledges the delivery.
         */
        post: operations["event_request_funded"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "request.routed": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * A request was routed to you
         * @description Posted to your endpoints subscribed to `request.routed` (or `*`). `data` carries the request as `GET /v1/requests` lists it to you once the change is done, with `my_offer` and `debtor_consent` (`request`).
         *
         *     Verify `Service-Signature`, or `webhook-signature` with any Standard Webhooks library, on the raw body before parsing it; drop a repeat by `Service-Event-Id` (or `webhook-id`, the same). Any 2xx within 10 seconds acknowledges the delivery.
         */
        post: operations["event_request_routed"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "request.terms_rejected": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * The seller rejected your terms
         * @description Posted to your endpoints subscribed to `request.terms_rejected` (or `*`). `data` carries the request as you see it once the change is done (`request`, null when you no longer see it) and `request_id`.
         *
         *     Verify `Service-Signature`, or `webhook-signature` with any Standard Webhooks library, on the raw body before parsing it; drop a repeat by `Service-Event-Id` (or `webhook-id`, the same). Any 2xx within 10 seconds acknowledges the delivery.
         */
        post: operations["event_request_terms_rejected"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "request.unrouted": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * A request is no longer routed to you
         * @description Posted to your endpoints subscribed to `request.unrouted` (or `*`). `data` carries the request as you see it once the change is done (`request`, null when you no longer see it) and `request_id`.
         *
         *     Verify `Service-Signature`, or `webhook-signature` with any Standard Webhooks library, on the raw body before parsing it; drop a repeat by `Service-Event-Id` (or `webhook-id`, the same). Any 2xx within 10 seconds acknowledges the delivery.
         */
        post: operations["event_request_unrouted"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "request.updated": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * A request you see changed
         * @description Posted to your endpoints subscribed to `request.updated` (or `*`). `data` carries the request as you see it once the change is done (`request`, null when you no longer see it) and `request_id`.
         *
         *     Verify `Service-Signature`, or `webhook-signature` with any Standard Webhooks library, on the raw body before parsing it; drop a repeat by `Service-Event-Id` (or `webhook-id`, the same). Any 2xx within 10 seconds acknowledges the delivery.
         */
        post: operations["event_request_updated"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "seller_limit.updated": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * A seller’s limit changed
         * @description Posted to your endpoints subscribed to `seller_limit.updated` (or `*`). `data` carries the seller’s line as `GET /v1/seller-limits` lists it after the write (`seller_limit`) and the `source` of the write.
         *
         *     Verify `Service-Signature`, or `webhook-signature` with any Standard Webhooks library, on the raw body before parsing it; drop a repeat by `Service-Event-Id` (or `webhook-id`, the same). Any 2xx within 10 seconds acknowledges the delivery.
         */
        post: operations["event_seller_limit_updated"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "settlement.recorded": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * A settlement was recorded
         * @description Posted to your endpoints subscribed to `settlement.recorded` (or `*`). `data` carries `request_ref`, `source` (`settle` for your decision, or a statement line), the amount received and what remains, and `final` (whether the request is settled now), as the settle decision answers.
         *
         *     Verify `Service-Signature`, or `webhook-signature` with any Standard Webhooks library, on the raw body before parsing it; drop a repeat by `Service-Event-Id` (or `webhook-id`, the same). Any 2xx within 10 seconds acknowledges the delivery.
         */
        post: operations["event_settlement_recorded"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "statement.imported": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * A bank statement was imported
         * @description Posted to your endpoints subscribed to `statement.imported` (or `*`). `data` carries the statement as `POST /v1/statements` answers it (`statement`): its figures and every line with its proposed match.
         *
         *     Verify `Service-Signature`, or `webhook-signature` with any Standard Webhooks library, on the raw body before parsing it; drop a repeat by `Service-Event-Id` (or `webhook-id`, the same). Any 2xx within 10 seconds acknowledges the delivery.
         */
        post: operations["event_statement_imported"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "webhook.test": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * A test you asked for
         * @description Posted to your endpoints subscribed to `webhook.test` (or `*`). `data` carries `webhook_id`, `sent_at` and a `message`.
         *
         *     Verify `Service-Signature`, or `webhook-signature` with any Standard Webhooks library, on the raw body before parsing it; drop a repeat by `Service-Event-Id` (or `webhook-id`, the same). Any 2xx within 10 seconds acknowledges the delivery.
         */
        post: operations["event_webhook_test"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
}
export interface components {
    schemas: {
        Account: {
            currency: string | null;
            iban: string | null;
        };
        Alert: {
            /** Format: uuid */
            alert_id: string;
            /** @description Euros the seller received */
            amount: number;
            debtor_name: string | null;
            debtor_tax_id: string;
            /** Format: date-time */
            raised_at: string;
            /** Format: date-time */
            received_at: string;
            /** @description The payment’s reference as the seller’s bank gave it */
            reference: string;
            /** Format: uuid */
            request_id: string;
            request_ref: string;
        };
        Buyer: {
            country: string;
            name: string;
            tax_id: string;
        };
        Catalogue: {
            code: string;
            /** @description Seller countries the document applies to */
            countries: string[];
            issuer: string;
            names: {
                de: string;
                en: string;
                es: string;
                fr: string;
                it: string;
                nl: string;
                pt: string;
            };
            /** @enum {string} */
            sensitivity: "public" | "confidential" | "personal";
            /** @description A pre-fill only: the date printed on the document is what counts */
            usual_validity_days: number | null;
        };
        Claim: {
            /** @description What you paid the seller when funding (euros) */
            amount_advanced: number;
            /** @description recourse: amount_advanced plus fees less collected; debtor_default: what the debtor still owed when it opened (euros) */
            claim_amount: number;
            /** Format: uuid */
            claim_id: string;
            /** @description Your reason when you withdrew or wrote it off */
            close_reason: string | null;
            /** Format: date-time */
            closed_at: string | null;
            /** @description What you had recorded as received on the request when the claim opened (euros) */
            collected: number;
            /**
             * Format: date
             * @description The earliest due date among the request’s invoices
             */
            due_date: string;
            /** @description The fee recorded on the request: the accepted offer’s rate applied to the amount advanced (euros) */
            fees: number;
            /**
             * @description recourse: the seller owes you (terms with recourse); debtor_default: the debtor did not pay and you bear it (terms without recourse)
             * @enum {unknown}
             */
            kind: "recourse" | "debtor_default";
            /** Format: date-time */
            opened_at: string;
            /**
             * Format: date
             * @description due_date plus recourse_days: the Madrid date the claim opened
             */
            opens_on: string;
            /** @description Payments recorded on the request since the claim opened (euros) */
            paid_since_opened: number;
            /** @description The reference the payer quotes: the request’s ISO 11649 creditor reference, which statement matching recognises */
            pay_reference: string;
            /** @description Where the seller pays: the account of your latest imported bank statement; null while you have imported none */
            pay_to_iban: string | null;
            /** @description The claim rule of the request’s terms */
            recourse_days: number;
            /** @description claim_amount less paid_since_opened while open (never below 0); 0 once closed (euros) */
            remaining: number;
            /** Format: uuid */
            request_id: string;
            request_ref: string;
            seller: {
                name: string;
                /** Format: uuid */
                seller_id: string;
            };
            /** @description recourse: payments since it opened covered it and the request closed as settled by recourse; request_settled: the request settled the ordinary way */
            settled_by: "recourse" | "request_settled" | null;
            /** @enum {unknown} */
            status: "open" | "settled" | "withdrawn" | "written_off";
        };
        ClaimEventData: {
            /** @description The claim as `GET /v1/recourse` lists it */
            claim: {
                /** @description Euros, two decimals */
                amount_advanced: number;
                /** @description Euros, two decimals */
                claim_amount: number;
                /** Format: uuid */
                claim_id: string;
                close_reason: string | null;
                /** Format: date-time */
                closed_at: string | null;
                /** @description Euros, two decimals */
                collected: number;
                /** Format: date */
                due_date: string | null;
                /** @description Euros, two decimals */
                fees: number;
                kind: "recourse" | "debtor_default";
                /** Format: date-time */
                opened_at: string;
                /** Format: date */
                opens_on: string | null;
                /** @description Euros, two decimals */
                paid_since_opened: number;
                pay_reference: string | null;
                pay_to_iban: string | null;
                recourse_days: number | null;
                /** @description Euros, two decimals */
                remaining: number;
                /** Format: uuid */
                request_id: string;
                request_ref: string;
                seller: {
                    name: string;
                    /** Format: uuid */
                    seller_id: string;
                } & {
                    [key: string]: unknown;
                };
                settled_by: string | null;
                /** @description open, settled, withdrawn or written_off */
                status: string;
            } & {
                [key: string]: unknown;
            };
        } & {
            [key: string]: unknown;
        };
        ClaimsByKindEntry: {
            open: number;
            settled: number;
            withdrawn: number;
            written_off: number;
        };
        ClientLink: {
            /** @description Companies whose first arrival was through this link */
            arrivals: number;
            /** @description Sign-ups through this link in the last 24 hours */
            claims_last_day: number;
            /** Format: date-time */
            created_at: string;
            /** Format: date-time */
            disabled_at: string | null;
            disabled_reason: string | null;
            /** Format: date-time */
            expires_at: string;
            /** Format: uuid */
            id: string;
            /** Format: uuid */
            prescriber_id: string | null;
            /** Format: uuid */
            replaced_by: string | null;
            /** @enum {string} */
            state: "active" | "disabled" | "expired";
            /** @description Present while the link works; absent too for a link made before the last two rotations of the service’s secrets key, which works on but must be re-issued (`replace: true`) to be shown */
            url?: string;
        };
        Confirmation: {
            /** Format: date-time */
            confirmed_at: string;
            invoice_number: string | null;
            /** Format: uuid */
            request_id: string;
            request_ref: string;
            /** Format: uuid */
            settlement_id: string;
        };
        DealFileEntry: {
            documents: {
                code: string;
                /** Format: uuid */
                document_id: string;
                /** @description Works for two minutes, without a key */
                download_url: string;
                file_name: string;
                /** Format: date */
                issued_on: string;
                media_type: string;
                /** @description Catalogue name in English */
                name: string;
                sha256: string;
                size_bytes: number;
                /**
                 * @description Where this version stands today
                 * @enum {string}
                 */
                status_today: "current" | "superseded" | "expired" | "revoked";
                /** @description Seconds the URL works: 120 */
                url_expires_in: number;
                /** Format: date */
                valid_until: string | null;
                verification_method: string | null;
                /** Format: date-time */
                verified_at: string | null;
            }[];
            /** Format: date-time */
            recorded_at: string;
        };
        DebtorConsent: {
            /** Format: date-time */
            answered_at: string | null;
            channel: string | null;
            debtor_country: string;
            debtor_name: string;
            debtor_tax_id: string;
            declaration: {
                counsel_approved: boolean;
                text: string;
                /** Format: uuid */
                text_id: string | null;
            } | null;
            dispute_reason: string | null;
            level_achieved: ("receipt" | "acknowledgment" | "acceptance") | null;
            /**
             * @description Lowest to highest: receipt, acknowledgment, acceptance
             * @enum {string}
             */
            level_required: "receipt" | "acknowledgment" | "acceptance";
            meets_requirement: boolean;
            signed_by: {
                name: string;
                role: string | null;
            } | null;
            status: string;
        };
        DecideOnRequestAnswer: {
            advance_amount?: number;
            amount?: number;
            decision: string;
            /** Format: date-time */
            declined_at?: string;
            /** Format: date-time */
            expires_at?: string;
            /** @description settle: true when the request is settled now, by this payment (the total reached, or `final` sent); false while money remains to be received */
            final?: boolean;
            funded_amount?: number;
            /** Format: date-time */
            funded_at?: string;
            /** Format: uuid */
            offer_id?: string;
            reason?: string;
            /** Format: date-time */
            received_at?: string;
            reference?: string | null;
            remaining_amount?: number;
            /** Format: uuid */
            request_id: string;
            settled_amount?: number;
            /** Format: uuid */
            settlement_id?: string;
            status: string;
            step_back?: boolean;
            value_date?: string;
        };
        DeclarationTextLanguage: {
            /** @description Country code of the law governing the notice */
            governing_law: string;
            levels: {
                /** @description Languages with a text for this level */
                acceptance: string[];
                /** @description Languages with a text for this level */
                acknowledgment: string[];
                /** @description Languages with a text for this level */
                receipt: string[];
            };
        };
        /** @description Decline the request, or step back from an approved one */
        DeclineDecision: {
            /** @enum {string} */
            decision: "decline";
            /** @description For your team only */
            internal_note?: string | null;
            /** @description The message the seller reads; 10 characters or more on a step back */
            notes?: string | null;
            /** @description Why; a reason, notes or both */
            reason?: ("payer_credit" | "invoice_ineligible" | "documentation" | "concentration" | "amount_out_of_range" | "sector_excluded" | "no_funder_capacity" | "withdrawn_by_client" | "other") | null;
        };
        Delivery: {
            attempts: number;
            /** @description SHA-256 (hex) of the exact body sent */
            body_sha256: string;
            /** Format: date-time */
            created_at: string;
            /** Format: date-time */
            delivered_at: string | null;
            /** Format: uuid */
            event_id: string;
            event_type: string;
            /** Format: uuid */
            id: string;
            /** Format: date-time */
            last_attempt_at: string | null;
            last_error: string | null;
            /** Format: date-time */
            next_attempt_at: string | null;
            response_code: number | null;
            /** @enum {string} */
            status: "pending" | "delivered" | "failed" | "cancelled";
        };
        DigestEntry: {
            count: number;
            /** @description Euros */
            total: number;
        };
        EarlyPayment: {
            /** Format: date-time */
            accepted_at: string | null;
            /** @description What the buyer repays you at maturity: the invoice’s face value */
            amount_due: number;
            buyer: components["schemas"]["Buyer"];
            close_reason: string | null;
            /** Format: date-time */
            closed_at: string | null;
            /** Format: uuid */
            id: string;
            invoice: {
                /** Format: date */
                due_date: string | null;
                /** Format: uuid */
                id: string;
                /** Format: date */
                issue_date: string;
                number: string;
            };
            /**
             * Format: date
             * @description When the buyer repays
             */
            maturity_date: string;
            /** @description What the supplier is offered to receive early */
            offered_amount: number;
            /** @description Paid and not yet repaid: amount_due less repaid_amount; 0 otherwise */
            outstanding: number;
            paid: components["schemas"]["EarlyPaymentEntry"] | null;
            /** Format: date-time */
            released_at: string;
            /** @description Euros */
            repaid_amount: number;
            repayments: components["schemas"]["EarlyPaymentEntry"][];
            /**
             * @description released (offered to the supplier with you as its funder), accepted (the supplier took it: yours to pay), paid (you paid the supplier early), overdue (paid, past maturity, not all repaid), repaid (the buyer repaid you in full), declined (by the supplier), withdrawn (by the buyer before payment)
             * @enum {unknown}
             */
            status: "released" | "accepted" | "paid" | "overdue" | "repaid" | "declined" | "withdrawn";
            supplier: {
                country: string;
                name: string;
                /** Format: uuid */
                seller_id: string;
                tax_id: string;
            };
        };
        EarlyPaymentEntry: {
            /** @description Euros */
            amount: number;
            /** Format: date-time */
            recorded_at: string;
            reference: string;
            /** Format: date */
            value_date: string;
        };
        EarlyPaymentEventData: {
            /** @description The early payment as `GET /v1/early-payments/{id}` answers it */
            early_payment: {
                /** Format: date-time */
                accepted_at: string | null;
                /** @description Euros, two decimals */
                amount_due: number;
                buyer: components["schemas"]["EventDebtor"];
                close_reason: string | null;
                /** Format: date-time */
                closed_at: string | null;
                /** Format: uuid */
                id: string;
                invoice: {
                    /** Format: date */
                    due_date: string;
                    /** Format: uuid */
                    id: string;
                    /** Format: date */
                    issue_date: string;
                    number: string;
                } & {
                    [key: string]: unknown;
                };
                /** Format: date */
                maturity_date: string;
                /** @description Euros, two decimals */
                offered_amount: number;
                /** @description Euros, two decimals */
                outstanding: number;
                paid: components["schemas"]["EventEarlyPaymentEntry"] | null;
                /** Format: date-time */
                released_at: string;
                /** @description Euros, two decimals */
                repaid_amount: number;
                repayments: components["schemas"]["EventEarlyPaymentEntry"][];
                /** @description released, accepted, declined, withdrawn, paid, repaid, ... */
                status: string;
                supplier: {
                    country: string;
                    name: string;
                    /** Format: uuid */
                    seller_id: string;
                    tax_id: string;
                } & {
                    [key: string]: unknown;
                };
            } & {
                [key: string]: unknown;
            };
        } & {
            [key: string]: unknown;
        };
        EventDebtor: {
            country: string;
            name: string;
            tax_id: string;
        } & {
            [key: string]: unknown;
        };
        /** @description The document as `GET /v1/requests/{id}/documents` lists it under `current`, its link aside */
        EventDocument: {
            code: string;
            /** Format: uuid */
            document_id: string;
            file_name: string;
            /** Format: date */
            issued_on: string;
            media_type: string;
            /** @description Catalogue name in English */
            name: string;
            /** @description On the funder's list for the seller's country: always true here */
            required: boolean;
            sha256: string;
            size_bytes: number;
            /** @description `verified`; `revoked` for a document the service revoked */
            status: string;
            /** Format: date-time */
            uploaded_at: string;
            valid_today: boolean;
            /** Format: date */
            valid_until: string | null;
            verification_method: string | null;
            /** Format: date-time */
            verified_at: string | null;
        } & {
            [key: string]: unknown;
        };
        EventEarlyPaymentEntry: {
            /** @description Euros, two decimals */
            amount: number;
            /** Format: date-time */
            recorded_at: string;
            reference: string;
            /** Format: date */
            value_date: string;
        } & {
            [key: string]: unknown;
        };
        EventFile: {
            bytes: number;
            name: string;
            sha256: string;
            /** @description Works without a key until `url_expires_at` */
            url: string;
            /** Format: date-time */
            url_expires_at: string;
        };
        EventProgress: {
            entities_done: number;
            entities_total: number;
            /** @description `queued`, `reading`, `sealing`, `stored`, `ready` */
            phase: string;
            rows: number;
            volumes_written: number;
        };
        /** @description The request as `GET /v1/requests` lists it to you at the moment of the event */
        EventRequest: {
            /** @description Euros, two decimals */
            advance_amount: number | null;
            /** Format: date-time */
            approved_at: string | null;
            /** Format: uuid */
            assigned_bank_id: string | null;
            /** Format: date-time */
            closed_at: string | null;
            company_name: string;
            company_nif: string;
            consent_level_required: string | null;
            /** Format: date-time */
            created_at: string;
            debtor_consent: ({
                debtor_name: string;
                debtor_tax_id: string;
                level_achieved: string | null;
                level_required: string;
                meets_requirement: boolean;
                /** @description The notice status */
                status: string;
            } & {
                [key: string]: unknown;
            })[];
            /** Format: date-time */
            funded_at: string | null;
            /** Format: uuid */
            id: string;
            invoice_count: number;
            my_offer: ({
                /** Format: date-time */
                accepted_at: string | null;
                advance_pct: number;
                days: number;
                /** Format: uuid */
                funding_request_id: string;
                rate: number;
                /** @description For example `pending`, `accepted`, `expired` */
                status: string;
                /** Format: date-time */
                submitted_at: string;
            } & {
                [key: string]: unknown;
            }) | null;
            request_ref: string;
            /** Format: date-time */
            routed_at: string | null;
            /** @description Euros, two decimals */
            settled_amount: number;
            /** Format: date-time */
            settled_at: string | null;
            /** @description The request status (spec: States and transitions) */
            status: string;
            /** @description Euros, two decimals */
            total_amount: number;
            /** @description For example `factoring` */
            type: string;
            /** Format: date-time */
            updated_at: string;
        } & {
            [key: string]: unknown;
        };
        /** @description An invoice of a funded request that the seller's software marks paid while the funder has not received it */
        EventSellerMarkedPaid: {
            /** @description euros */
            amount: number;
            debtor_key: string;
            /** Format: date */
            due_date: string | null;
            /** Format: uuid */
            invoice_id: string;
            invoice_number: string;
            /** @description euros not yet received by the funder */
            outstanding: number;
            /** @description true keeps the book frozen until the funder records the payment */
            past_due: boolean;
            /** Format: uuid */
            request_id: string;
            request_ref: string;
            /** Format: date-time */
            seller_marked_paid_at: string;
        };
        Export: {
            actor_role: string;
            /** Format: date-time */
            completed_at?: string | null;
            /** Format: date-time */
            created_at: string;
            documents_mode?: string | null;
            download_available: boolean;
            /** Format: date-time */
            expires_at?: string | null;
            file_count?: number | null;
            files?: components["schemas"]["EventFile"][];
            /** Format: uuid */
            id: string;
            lang: string;
            manifest_sha256: string | null;
            /** @enum {string} */
            plane: "live" | "demo";
            progress: components["schemas"]["EventProgress"];
            /** @enum {string} */
            requested_via: "api" | "portal";
            row_counts?: {
                [key: string]: number;
            } | null;
            size_bytes?: number;
            /** @enum {string} */
            status: "queued" | "running" | "ready";
            /** @enum {string} */
            subject: "funder";
        };
        /** @description Record that you paid the advance */
        FundDecision: {
            /** @description If sent, the accepted advance */
            amount?: number | null;
            /** @enum {string} */
            decision: "fund";
            /** @description Your payment reference, 3 to 140 characters */
            reference: string;
            /**
             * Format: date
             * @description At most 7 days ahead (Madrid)
             */
            value_date: string;
        };
        Funder: {
            /** Format: uuid */
            bank_id: string;
            name: string;
        };
        Invitation: {
            /** Format: date-time */
            accepted_at: string | null;
            /** Format: uuid */
            client_link_id: string | null;
            company: components["schemas"]["Buyer"];
            contact: {
                email: string;
            };
            /** Format: date-time */
            created_at: string;
            /** Format: date-time */
            expires_at: string;
            /** Format: uuid */
            id: string;
            /** Format: uuid */
            prescriber_id: string | null;
            /** Format: date-time */
            revoked_at: string | null;
            revoked_reason: string | null;
            /** Format: uuid */
            seller_id: string | null;
            /** @enum {string} */
            state: "pending" | "accepted" | "revoked" | "expired";
            /** @enum {string} */
            via: "link" | "named" | "api";
        };
        Line: {
            /** @description Euros (or the line currency), always positive */
            amount: number;
            /** @description The bank's reference of the entry (AcctSvcrRef) */
            bank_reference: string | null;
            /** Format: date */
            booking_date: string;
            /**
             * @description entry: the transaction's own date. Otherwise the entry had no booking nor value date and took the statement's: the end of its period (FrToDt), its closing balance's date, or its creation date (CreDtTm)
             * @enum {string}
             */
            booking_date_source: "entry" | "statement_period" | "closing_balance" | "statement_created";
            confirmation: components["schemas"]["Confirmation"] | null;
            counterparty_iban: string | null;
            counterparty_name: string | null;
            /** @description Structured creditor reference, e.g. RF... */
            creditor_reference: string | null;
            currency: string;
            /** @enum {string} */
            direction: "credit" | "debit";
            /** @description Invoice numbers in structured remittance */
            document_numbers: string[];
            /** @description CAMT.053: where the transaction sits in the XML */
            element: string | null;
            end_to_end_id: string | null;
            /** @description CAMT.053 status: BOOK, PDNG or INFO */
            entry_status: string | null;
            /** @description Line of the file where the transaction starts */
            file_line: number | null;
            /** @description Number of the transaction in the statement, from 1 */
            line: number;
            match: {
                confidence: number;
                invoice_number: string | null;
                /** @enum {string} */
                method: "reference" | "amount_and_debtor";
                /** Format: uuid */
                request_id: string;
                request_ref: string;
            } | null;
            /** @description A booked credit in euros that is not a reversal: the only lines matched */
            payment_candidate: boolean;
            /** @description What the payer wrote (unstructured remittance) */
            remittance_text: string | null;
            /** @description The entry reverses an earlier one; never matched as a payment */
            reversal: boolean;
            /** Format: date */
            value_date: string | null;
        };
        /** @description Send terms to the seller */
        OfferDecision: {
            /** @description Share of the invoices advanced, percent above 0 up to 100, at most 4 decimals */
            advance_pct: number;
            /** @description Days of financing; default: Madrid calendar days to the latest due date */
            days?: number | null;
            /** @enum {string} */
            decision: "offer";
            /** @description For the seller */
            notes?: string | null;
            /** @description Percent, above 0 up to 100, at most 4 decimals */
            rate: number;
            /** @description Days the offer stands; default 7 */
            valid_days?: number | null;
        };
        OnboardingLink: {
            /**
             * Format: date-time
             * @description When the supplier opened its account through the link
             */
            account_created_at: string | null;
            company_name: string;
            /**
             * @description Where the name came from: your body, our own records, or the EU VAT service
             * @enum {string}
             */
            company_name_source: "given" | "own_records" | "vat_service";
            /** @description Without country prefix */
            company_vat: string;
            /** Format: date-time */
            completed_at: string | null;
            contact_email: string;
            contact_name: string | null;
            country: string;
            /** Format: date-time */
            created_at: string;
            /** Format: date-time */
            expires_at: string;
            /** Format: uuid */
            id: string;
            locale: string;
            metadata: {
                [key: string]: string | number | boolean | null;
            };
            return_url: string;
            /** Format: date-time */
            revoked_at: string | null;
            revoked_reason: string | null;
            /** Format: uuid */
            seller_id: string | null;
            /** @enum {string} */
            status: "pending" | "account_created" | "completed" | "expired" | "revoked";
        };
        /** @description Open requests routed to the funder, by the consent level fixed when routed */
        OpenRequestsByLevel: {
            acceptance: number;
            acknowledgment: number;
            receipt: number;
        };
        Prescriber: {
            active: boolean;
            /** @description Companies whose first arrival was through its links */
            arrivals: number;
            /** Format: date-time */
            created_at: string;
            /** Format: date-time */
            disabled_at: string | null;
            disabled_reason: string | null;
            email: string | null;
            /** Format: uuid */
            id: string;
            link: components["schemas"]["ClientLink"] | null;
            name: string;
            notes: string | null;
        };
        Request: {
            advance_amount: number;
            /** Format: date-time */
            approved_at: string | null;
            /** Format: uuid */
            assigned_bank_id: string | null;
            /** Format: date-time */
            closed_at: string | null;
            company_name: string;
            company_nif: string;
            consent_level_required: ("receipt" | "acknowledgment" | "acceptance") | null;
            /** Format: date-time */
            created_at: string;
            debtor_consent: {
                debtor_name: string;
                debtor_tax_id: string;
                level_achieved: ("receipt" | "acknowledgment" | "acceptance") | null;
                /**
                 * @description Lowest to highest: receipt, acknowledgment, acceptance
                 * @enum {string}
                 */
                level_required: "receipt" | "acknowledgment" | "acceptance";
                meets_requirement: boolean;
                status: string;
            }[];
            /** Format: date-time */
            funded_at: string | null;
            /** Format: uuid */
            id: string;
            invoice_count: number;
            my_offer: {
                /** Format: date-time */
                accepted_at: string | null;
                advance_pct: number;
                days: number;
                /** Format: uuid */
                funding_request_id: string;
                rate: number;
                status: string;
                /** Format: date-time */
                submitted_at: string;
            } | null;
            request_ref: string;
            /** Format: date-time */
            routed_at: string | null;
            settled_amount: number;
            /** Format: date-time */
            settled_at: string | null;
            status: string;
            total_amount: number;
            /** @enum {string} */
            type: "factoring" | "confirming";
            /** Format: date-time */
            updated_at: string;
        };
        RequestEventData: {
            request: components["schemas"]["EventRequest"] | null;
            /** Format: uuid */
            request_id: string;
        } & {
            [key: string]: unknown;
        };
        RequestsByRecourseEntry: {
            /** @description What you advanced on them (euros) */
            amount_advanced: number;
            /** @description Those routed under confidential terms */
            confidential: number;
            /** @description Their invoices’ face value less what you recorded as received (euros) */
            face_value_outstanding: number;
            /** @description Funded factoring requests not settled */
            requests: number;
            /** @description Those whose terms set recourse_days */
            with_claim_rule: number;
        };
        RequiredByCountry: {
            codes: string[];
            country: string;
            note: string | null;
            /** Format: date-time */
            updated_at: string;
        };
        /** @description Record money received */
        SettleDecision: {
            /** @description Euros received */
            amount: number;
            /** @enum {string} */
            decision: "settle";
            /** @description true closes the request whatever the total */
            final?: boolean | null;
            note?: string | null;
            /** @description Default now; at most one day ahead */
            received_at?: string | null;
            reference?: string | null;
        };
        Signature: {
            /** @description The header carrying the signature */
            header: string;
            /** @description The signature value name in the header */
            scheme: string;
            tolerance_seconds: number;
        };
        Terms: {
            /** @description Automatic announcement when a dispute is raised */
            announce_on_dispute: boolean;
            /** @description Automatic announcement when the seller’s verification lapses */
            announce_on_kyc_lapse: boolean;
            /** @description Automatic announcement this many days after an invoice’s due date; null: off */
            announce_overdue_days: number | null;
            /** @enum {string} */
            bank_data: "off" | "requested" | "required";
            /**
             * @description announced: debtors acknowledge before funding; confidential: notices prepared, sent when announced
             * @enum {string}
             */
            disclosure: "announced" | "confidential";
            /** @enum {string} */
            recourse: "with" | "without";
            /** @description Days after an invoice’s due date before a claim opens; null: none */
            recourse_days: number | null;
            /**
             * @description funder_default: your default; seller: the company’s own terms over your default
             * @enum {string}
             */
            source: "funder_default" | "seller";
        };
        Webhook: {
            active: boolean;
            /** Format: date-time */
            created_at: string;
            created_via: string;
            description: string;
            /** @description Sorted; `*` for every type */
            events: string[];
            /** Format: uuid */
            id: string;
            /** @description The first characters of the signing secret, starting `whsec_` */
            secret_prefix: string;
            url: string;
        };
        YourLookupsEntry: {
            /** @description Of them, answered assigned */
            assigned: number;
            /** @description Invoices asked about */
            invoices: number;
            /** Format: date-time */
            last_lookup_at: string | null;
            lookups: number;
        };
    };
    responses: {
        /** @description - `request_unreadable`: The request could not be read: a broken body stream, a body that is not UTF-8, or JSON nested more than 64 levels deep. */
        Error400_request_unreadable: {
            headers: {
                "Request-Id": components["headers"]["RequestId"];
                [name: string]: unknown;
            };
            content: {
                "application/json": {
                    error: {
                        /**
                         * @description Stable machine-readable code.
                         * @enum {string}
                         */
                        code: "request_unreadable";
                        /** @description For a bad input: the path of the member at fault, when known. */
                        field?: string | null;
                        /** @description For people; may change. */
                        message: string;
                        /**
                         * Format: uuid
                         * @description The `Request-Id` of the call.
                         */
                        request_id?: string;
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
        };
        /**
         * @description - `unauthorized`: No key, or a key that is unknown, malformed or revoked.
         *     - `key_expired`: The key has passed its expiry date.
         */
        Error401_unauthorized_key_expired: {
            headers: {
                "Request-Id": components["headers"]["RequestId"];
                [name: string]: unknown;
            };
            content: {
                "application/json": {
                    error: {
                        /**
                         * @description Stable machine-readable code.
                         * @enum {string}
                         */
                        code: "unauthorized" | "key_expired";
                        /** @description For a bad input: the path of the member at fault, when known. */
                        field?: string | null;
                        /** @description For people; may change. */
                        message: string;
                        /**
                         * Format: uuid
                         * @description The `Request-Id` of the call.
                         */
                        request_id?: string;
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
        };
        /** @description - `forbidden`: The key lacks every scope that opens this operation, or its funder is not active. */
        Error403_forbidden: {
            headers: {
                "Request-Id": components["headers"]["RequestId"];
                [name: string]: unknown;
            };
            content: {
                "application/json": {
                    error: {
                        /**
                         * @description Stable machine-readable code.
                         * @enum {string}
                         */
                        code: "forbidden";
                        /** @description For a bad input: the path of the member at fault, when known. */
                        field?: string | null;
                        /** @description For people; may change. */
                        message: string;
                        /**
                         * Format: uuid
                         * @description The `Request-Id` of the call.
                         */
                        request_id?: string;
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
        };
        /**
         * @description - `forbidden`: The key lacks every scope that opens this operation, or its funder is not active.
         *     - `export_live_key_required`: Exports are made with live keys only.
         */
        Error403_forbidden_export_live_key_required: {
            headers: {
                "Request-Id": components["headers"]["RequestId"];
                [name: string]: unknown;
            };
            content: {
                "application/json": {
                    error: {
                        /**
                         * @description Stable machine-readable code.
                         * @enum {string}
                         */
                        code: "forbidden" | "export_live_key_required";
                        /** @description For a bad input: the path of the member at fault, when known. */
                        field?: string | null;
                        /** @description For people; may change. */
                        message: string;
                        /**
                         * Format: uuid
                         * @description The `Request-Id` of the call.
                         */
                        request_id?: string;
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
        };
        /**
         * @description - `forbidden`: The key lacks every scope that opens this operation, or its funder is not active.
         *     - `not_your_request`: You are not the funder of record of this request.
         *     - `sandbox_only`: This operation works with a sandbox key only.
         *     - `out_of_scope`: The database refused a row this call would have written: it belongs to another funder or plane. Nothing changed; this is our defect, not your input, so report it with the request id.
         */
        Error403_forbidden_not_your_request_sandbox_only_out_of_scope: {
            headers: {
                "Request-Id": components["headers"]["RequestId"];
                [name: string]: unknown;
            };
            content: {
                "application/json": {
                    error: {
                        /**
                         * @description Stable machine-readable code.
                         * @enum {string}
                         */
                        code: "forbidden" | "not_your_request" | "sandbox_only" | "out_of_scope";
                        /** @description For a bad input: the path of the member at fault, when known. */
                        field?: string | null;
                        /** @description For people; may change. */
                        message: string;
                        /**
                         * Format: uuid
                         * @description The `Request-Id` of the call.
                         */
                        request_id?: string;
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
        };
        /**
         * @description - `forbidden`: The key lacks every scope that opens this operation, or its funder is not active.
         *     - `out_of_scope`: The database refused a row this call would have written: it belongs to another funder or plane. Nothing changed; this is our defect, not your input, so report it with the request id.
         */
        Error403_forbidden_out_of_scope: {
            headers: {
                "Request-Id": components["headers"]["RequestId"];
                [name: string]: unknown;
            };
            content: {
                "application/json": {
                    error: {
                        /**
                         * @description Stable machine-readable code.
                         * @enum {string}
                         */
                        code: "forbidden" | "out_of_scope";
                        /** @description For a bad input: the path of the member at fault, when known. */
                        field?: string | null;
                        /** @description For people; may change. */
                        message: string;
                        /**
                         * Format: uuid
                         * @description The `Request-Id` of the call.
                         */
                        request_id?: string;
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
        };
        /**
         * @description - `forbidden`: The key lacks every scope that opens this operation, or its funder is not active.
         *     - `sandbox_only`: This operation works with a sandbox key only.
         *     - `out_of_scope`: The database refused a row this call would have written: it belongs to another funder or plane. Nothing changed; this is our defect, not your input, so report it with the request id.
         */
        Error403_forbidden_sandbox_only_out_of_scope: {
            headers: {
                "Request-Id": components["headers"]["RequestId"];
                [name: string]: unknown;
            };
            content: {
                "application/json": {
                    error: {
                        /**
                         * @description Stable machine-readable code.
                         * @enum {string}
                         */
                        code: "forbidden" | "sandbox_only" | "out_of_scope";
                        /** @description For a bad input: the path of the member at fault, when known. */
                        field?: string | null;
                        /** @description For people; may change. */
                        message: string;
                        /**
                         * Format: uuid
                         * @description The `Request-Id` of the call.
                         */
                        request_id?: string;
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
        };
        /** @description - `not_found`: Nothing with this id (or path) is visible to your key. */
        Error404_not_found: {
            headers: {
                "Request-Id": components["headers"]["RequestId"];
                [name: string]: unknown;
            };
            content: {
                "application/json": {
                    error: {
                        /**
                         * @description Stable machine-readable code.
                         * @enum {string}
                         */
                        code: "not_found";
                        /** @description For a bad input: the path of the member at fault, when known. */
                        field?: string | null;
                        /** @description For people; may change. */
                        message: string;
                        /**
                         * Format: uuid
                         * @description The `Request-Id` of the call.
                         */
                        request_id?: string;
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
        };
        /** @description - `idempotency_key_in_use`: A call with the same `Idempotency-Key` is still running; retry shortly. */
        Error409_idempotency_key_in_use: {
            headers: {
                "Request-Id": components["headers"]["RequestId"];
                [name: string]: unknown;
            };
            content: {
                "application/json": {
                    error: {
                        /**
                         * @description Stable machine-readable code.
                         * @enum {string}
                         */
                        code: "idempotency_key_in_use";
                        /** @description For a bad input: the path of the member at fault, when known. */
                        field?: string | null;
                        /** @description For people; may change. */
                        message: string;
                        /**
                         * Format: uuid
                         * @description The `Request-Id` of the call.
                         */
                        request_id?: string;
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
        };
        /**
         * @description - `idempotency_key_in_use`: A call with the same `Idempotency-Key` is still running; retry shortly.
         *     - `conflict`: Another change got there first; read again and retry.
         */
        Error409_idempotency_key_in_use_conflict: {
            headers: {
                "Request-Id": components["headers"]["RequestId"];
                [name: string]: unknown;
            };
            content: {
                "application/json": {
                    error: {
                        /**
                         * @description Stable machine-readable code.
                         * @enum {string}
                         */
                        code: "idempotency_key_in_use" | "conflict";
                        /** @description For a bad input: the path of the member at fault, when known. */
                        field?: string | null;
                        /** @description For people; may change. */
                        message: string;
                        /**
                         * Format: uuid
                         * @description The `Request-Id` of the call.
                         */
                        request_id?: string;
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
        };
        /**
         * @description - `idempotency_key_in_use`: A call with the same `Idempotency-Key` is still running; retry shortly.
         *     - `early_payment_state`: The early payment is not in a state that allows this: paid needs accepted, a repayment needs paid, an answer needs released.
         */
        Error409_idempotency_key_in_use_early_payment_state: {
            headers: {
                "Request-Id": components["headers"]["RequestId"];
                [name: string]: unknown;
            };
            content: {
                "application/json": {
                    error: {
                        /**
                         * @description Stable machine-readable code.
                         * @enum {string}
                         */
                        code: "idempotency_key_in_use" | "early_payment_state";
                        /** @description For a bad input: the path of the member at fault, when known. */
                        field?: string | null;
                        /** @description For people; may change. */
                        message: string;
                        /**
                         * Format: uuid
                         * @description The `Request-Id` of the call.
                         */
                        request_id?: string;
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
        };
        /**
         * @description - `idempotency_key_in_use`: A call with the same `Idempotency-Key` is still running; retry shortly.
         *     - `onboarding_not_open`: The onboarding link is completed, expired or revoked.
         */
        Error409_idempotency_key_in_use_onboarding_not_open: {
            headers: {
                "Request-Id": components["headers"]["RequestId"];
                [name: string]: unknown;
            };
            content: {
                "application/json": {
                    error: {
                        /**
                         * @description Stable machine-readable code.
                         * @enum {string}
                         */
                        code: "idempotency_key_in_use" | "onboarding_not_open";
                        /** @description For a bad input: the path of the member at fault, when known. */
                        field?: string | null;
                        /** @description For people; may change. */
                        message: string;
                        /**
                         * Format: uuid
                         * @description The `Request-Id` of the call.
                         */
                        request_id?: string;
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
        };
        /**
         * @description - `invalid_state`: The request is not in a status that allows this action.
         *     - `idempotency_key_in_use`: A call with the same `Idempotency-Key` is still running; retry shortly.
         */
        Error409_invalid_state_idempotency_key_in_use: {
            headers: {
                "Request-Id": components["headers"]["RequestId"];
                [name: string]: unknown;
            };
            content: {
                "application/json": {
                    error: {
                        /**
                         * @description Stable machine-readable code.
                         * @enum {string}
                         */
                        code: "invalid_state" | "idempotency_key_in_use";
                        /** @description For a bad input: the path of the member at fault, when known. */
                        field?: string | null;
                        /** @description For people; may change. */
                        message: string;
                        /**
                         * Format: uuid
                         * @description The `Request-Id` of the call.
                         */
                        request_id?: string;
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
        };
        /** @description - `body_too_large`: The body is larger than this operation accepts. */
        Error413_body_too_large: {
            headers: {
                "Request-Id": components["headers"]["RequestId"];
                [name: string]: unknown;
            };
            content: {
                "application/json": {
                    error: {
                        /**
                         * @description Stable machine-readable code.
                         * @enum {string}
                         */
                        code: "body_too_large";
                        /** @description For a bad input: the path of the member at fault, when known. */
                        field?: string | null;
                        /** @description For people; may change. */
                        message: string;
                        /**
                         * Format: uuid
                         * @description The `Request-Id` of the call.
                         */
                        request_id?: string;
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
        };
        /** @description - `unsupported_media_type`: This content type is not accepted here. */
        Error415_unsupported_media_type: {
            headers: {
                "Request-Id": components["headers"]["RequestId"];
                [name: string]: unknown;
            };
            content: {
                "application/json": {
                    error: {
                        /**
                         * @description Stable machine-readable code.
                         * @enum {string}
                         */
                        code: "unsupported_media_type";
                        /** @description For a bad input: the path of the member at fault, when known. */
                        field?: string | null;
                        /** @description For people; may change. */
                        message: string;
                        /**
                         * Format: uuid
                         * @description The `Request-Id` of the call.
                         */
                        request_id?: string;
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
        };
        /**
         * @description - `body_invalid`: The body is not valid JSON, or a member has the wrong type, is unknown or missing.
         *     - `idempotency_key_reused`: The `Idempotency-Key` was used before with another body.
         *     - `idempotency_key_invalid`: The `Idempotency-Key` is not 1 to 255 visible ASCII characters.
         */
        Error422_body_invalid_idempotency_key_reused_idempotency_key_invalid: {
            headers: {
                "Request-Id": components["headers"]["RequestId"];
                [name: string]: unknown;
            };
            content: {
                "application/json": {
                    error: {
                        /**
                         * @description Stable machine-readable code.
                         * @enum {string}
                         */
                        code: "body_invalid" | "idempotency_key_reused" | "idempotency_key_invalid";
                        /** @description For a bad input: the path of the member at fault, when known. */
                        field?: string | null;
                        /** @description For people; may change. */
                        message: string;
                        /**
                         * Format: uuid
                         * @description The `Request-Id` of the call.
                         */
                        request_id?: string;
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
        };
        /**
         * @description - `body_invalid`: The body is not valid JSON, or a member has the wrong type, is unknown or missing.
         *     - `idempotency_key_reused`: The `Idempotency-Key` was used before with another body.
         *     - `idempotency_key_invalid`: The `Idempotency-Key` is not 1 to 255 visible ASCII characters.
         *     - `invalid_amount`: The amount is not a number of euros within the accepted range.
         */
        Error422_body_invalid_idempotency_key_reused_idempotency_key_invalid_invalid_amount: {
            headers: {
                "Request-Id": components["headers"]["RequestId"];
                [name: string]: unknown;
            };
            content: {
                "application/json": {
                    error: {
                        /**
                         * @description Stable machine-readable code.
                         * @enum {string}
                         */
                        code: "body_invalid" | "idempotency_key_reused" | "idempotency_key_invalid" | "invalid_amount";
                        /** @description For a bad input: the path of the member at fault, when known. */
                        field?: string | null;
                        /** @description For people; may change. */
                        message: string;
                        /**
                         * Format: uuid
                         * @description The `Request-Id` of the call.
                         */
                        request_id?: string;
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
        };
        /**
         * @description - `body_invalid`: The body is not valid JSON, or a member has the wrong type, is unknown or missing.
         *     - `idempotency_key_reused`: The `Idempotency-Key` was used before with another body.
         *     - `idempotency_key_invalid`: The `Idempotency-Key` is not 1 to 255 visible ASCII characters.
         *     - `reason_invalid`: `reason` is not text of at most 200 characters.
         */
        Error422_body_invalid_idempotency_key_reused_idempotency_key_invalid_reason_invalid: {
            headers: {
                "Request-Id": components["headers"]["RequestId"];
                [name: string]: unknown;
            };
            content: {
                "application/json": {
                    error: {
                        /**
                         * @description Stable machine-readable code.
                         * @enum {string}
                         */
                        code: "body_invalid" | "idempotency_key_reused" | "idempotency_key_invalid" | "reason_invalid";
                        /** @description For a bad input: the path of the member at fault, when known. */
                        field?: string | null;
                        /** @description For people; may change. */
                        message: string;
                        /**
                         * Format: uuid
                         * @description The `Request-Id` of the call.
                         */
                        request_id?: string;
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
        };
        /**
         * @description - `query_invalid`: A query parameter has the wrong type, is out of range or unknown.
         *     - `cursor_invalid`: `cursor` (on the event log, `after`) is not a cursor this list answered with this filter.
         */
        Error422_query_invalid_cursor_invalid: {
            headers: {
                "Request-Id": components["headers"]["RequestId"];
                [name: string]: unknown;
            };
            content: {
                "application/json": {
                    error: {
                        /**
                         * @description Stable machine-readable code.
                         * @enum {string}
                         */
                        code: "query_invalid" | "cursor_invalid";
                        /** @description For a bad input: the path of the member at fault, when known. */
                        field?: string | null;
                        /** @description For people; may change. */
                        message: string;
                        /**
                         * Format: uuid
                         * @description The `Request-Id` of the call.
                         */
                        request_id?: string;
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
        };
        /**
         * @description - `reason_required`: A reason is missing or too short (a decline needs a `reason` or `notes`).
         *     - `body_invalid`: The body is not valid JSON, or a member has the wrong type, is unknown or missing.
         *     - `idempotency_key_reused`: The `Idempotency-Key` was used before with another body.
         *     - `idempotency_key_invalid`: The `Idempotency-Key` is not 1 to 255 visible ASCII characters.
         */
        Error422_reason_required_body_invalid_idempotency_key_reused_idempotency_key_invalid: {
            headers: {
                "Request-Id": components["headers"]["RequestId"];
                [name: string]: unknown;
            };
            content: {
                "application/json": {
                    error: {
                        /**
                         * @description Stable machine-readable code.
                         * @enum {string}
                         */
                        code: "reason_required" | "body_invalid" | "idempotency_key_reused" | "idempotency_key_invalid";
                        /** @description For a bad input: the path of the member at fault, when known. */
                        field?: string | null;
                        /** @description For people; may change. */
                        message: string;
                        /**
                         * Format: uuid
                         * @description The `Request-Id` of the call.
                         */
                        request_id?: string;
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
        };
        /**
         * @description - `status_invalid`: The status is not one of the values this operation takes.
         *     - `query_invalid`: A query parameter has the wrong type, is out of range or unknown.
         *     - `cursor_invalid`: `cursor` (on the event log, `after`) is not a cursor this list answered with this filter.
         */
        Error422_status_invalid_query_invalid_cursor_invalid: {
            headers: {
                "Request-Id": components["headers"]["RequestId"];
                [name: string]: unknown;
            };
            content: {
                "application/json": {
                    error: {
                        /**
                         * @description Stable machine-readable code.
                         * @enum {string}
                         */
                        code: "status_invalid" | "query_invalid" | "cursor_invalid";
                        /** @description For a bad input: the path of the member at fault, when known. */
                        field?: string | null;
                        /** @description For people; may change. */
                        message: string;
                        /**
                         * Format: uuid
                         * @description The `Request-Id` of the call.
                         */
                        request_id?: string;
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
        };
        /** @description - `rate_limited`: Too many calls with this key (or bad keys from this address); wait `Retry-After` seconds. */
        Error429_rate_limited: {
            headers: {
                RateLimit: components["headers"]["RateLimit"];
                "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                "RateLimit-Reset": components["headers"]["RateLimitReset"];
                "Request-Id": components["headers"]["RequestId"];
                "Retry-After": components["headers"]["RetryAfter"];
                [name: string]: unknown;
            };
            content: {
                "application/json": {
                    error: {
                        /**
                         * @description Stable machine-readable code.
                         * @enum {string}
                         */
                        code: "rate_limited";
                        /** @description For a bad input: the path of the member at fault, when known. */
                        field?: string | null;
                        /** @description Calls allowed in the window the call waits for (the one `Retry-After` counts down). */
                        limit?: number;
                        /** @description For people; may change. */
                        message: string;
                        /**
                         * Format: uuid
                         * @description The `Request-Id` of the call.
                         */
                        request_id?: string;
                        /** @description Seconds to wait, as in `Retry-After`. */
                        retry_after_seconds?: number;
                        /** @description Length of that window in seconds. */
                        window_seconds?: number;
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
        };
        /** @description - `internal_error`: Something failed on our side; retry later (with the same `Idempotency-Key` for a write). */
        Error500_internal_error: {
            headers: {
                "Request-Id": components["headers"]["RequestId"];
                [name: string]: unknown;
            };
            content: {
                "application/json": {
                    error: {
                        /**
                         * @description Stable machine-readable code.
                         * @enum {string}
                         */
                        code: "internal_error";
                        /** @description For a bad input: the path of the member at fault, when known. */
                        field?: string | null;
                        /** @description For people; may change. */
                        message: string;
                        /**
                         * Format: uuid
                         * @description The `Request-Id` of the call.
                         */
                        request_id?: string;
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
        };
        /** @description - `service_unavailable`: The service cannot serve the call now (it is starting or stopping, or its database does not answer in time); nothing was done: retry after `Retry-After` seconds, a write with the same `Idempotency-Key`. */
        Error503_service_unavailable: {
            headers: {
                "Request-Id": components["headers"]["RequestId"];
                [name: string]: unknown;
            };
            content: {
                "application/json": {
                    error: {
                        /**
                         * @description Stable machine-readable code.
                         * @enum {string}
                         */
                        code: "service_unavailable";
                        /** @description For a bad input: the path of the member at fault, when known. */
                        field?: string | null;
                        /** @description For people; may change. */
                        message: string;
                        /**
                         * Format: uuid
                         * @description The `Request-Id` of the call.
                         */
                        request_id?: string;
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
        };
    };
    parameters: {
        /**
         * @description Makes the call safe to retry: within 24 hours the same key with the same body answers the first answer again without doing anything twice. 1 to 255 visible ASCII characters, per funder.
         * @example 7f4c1d2e-order-0042-offer
         */
        IdempotencyKey: string;
        /** @description The delivery (one per event and endpoint), as the delivery log lists it. */
        ServiceDeliveryId: string;
        /** @description The event id, the same on every attempt. */
        ServiceEventId: string;
        /** @description `t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<raw body>">`, a second `v1` during a rotation. */
        ServiceSignature: string;
        /** @description Standard Webhooks: the event id, as `Service-Event-Id`. */
        WebhookId: string;
        /** @description Standard Webhooks: `v1,<base64 HMAC-SHA256 of "<webhook-id>.<webhook-timestamp>.<raw body>">` keyed with the bytes the text after `whsec_` encodes in base64; two items separated by a space during a rotation. */
        WebhookSignature: string;
        /** @description Standard Webhooks: unix seconds, the same instant as `t` of `Service-Signature`. */
        WebhookTimestamp: string;
    };
    requestBodies: never;
    headers: {
        /** @description `true` when this answer is the stored answer of an earlier call with the same `Idempotency-Key`. */
        IdempotentReplayed: "true";
        /**
         * @description What is left of each window, a structured-field List (RFC 9651) as the current draft writes it: one item per window of `RateLimit-Policy`, by the same name, with `r` (the calls left) and `t` (the seconds until the window starts again). For example `"minute";r=117;t=42, "hour";r=2997;t=1842`. On a 429, `Retry-After` is the longest `t` of the windows with `r=0`.
         * @example "minute";r=117;t=42, "hour";r=2997;t=1842
         */
        RateLimit: string;
        /**
         * @deprecated
         * @description Deprecated: the IETF draft's sixth revision, sent at least until 31 December 2027; read `RateLimit` instead. Calls allowed in the window closest to its limit (its `q`).
         */
        RateLimitLimit: number;
        /**
         * @description The key's quota policies, a structured-field List (RFC 9651) as the current IETF draft `draft-ietf-httpapi-ratelimit-headers` writes it: one item per window, named by a String (`minute`, `hour`), with `q` (the calls it allows) and `w` (its length in seconds). For example `"minute";q=120;w=60, "hour";q=3000;w=3600`. The same on every answer while the key's limits stay the same.
         * @example "minute";q=120;w=60, "hour";q=3000;w=3600
         */
        RateLimitPolicy: string;
        /**
         * @deprecated
         * @description Deprecated: the IETF draft's sixth revision, sent at least until 31 December 2027; read `RateLimit` instead. Calls left in that window (its `r`).
         */
        RateLimitRemaining: number;
        /**
         * @deprecated
         * @description Deprecated: the IETF draft's sixth revision, sent at least until 31 December 2027; read `RateLimit` instead. Seconds until that window starts again (its `t`).
         */
        RateLimitReset: number;
        /** @description The id the service made for this call; quote it to support. Also `request_id` in an error. An `X-Request-Id` sent by the caller never replaces it (it is echoed in `Client-Request-Id`). */
        RequestId: string;
        /** @description Seconds to wait before sending the call again. */
        RetryAfter: number;
    };
    pathItems: never;
}
export type $defs = Record<string, never>;
export interface operations {
    getBankData: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Your bank data overview. */
            200: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        charges: {
                            amount_eur: number | null;
                            /** @description YYYY-MM */
                            month: string;
                            /** @description Reads of the account-information provider charged to you */
                            reads: number;
                            unit_price_eur: number | null;
                        }[];
                        collection_connections: {
                            accounts: {
                                currency: string;
                                holder_name: string | null;
                                /** @description The last four characters of the IBAN: an IBAN is never shown whole */
                                iban_last4: string;
                            }[];
                            bank_name: string;
                            /** Format: uuid */
                            connection_id: string;
                            last_error: string | null;
                            /** Format: date-time */
                            last_error_at: string | null;
                            /** Format: date-time */
                            last_read_at: string | null;
                            /** @enum {unknown} */
                            status: "connected" | "failing";
                        }[];
                        funder: components["schemas"]["Funder"];
                        payment_alerts: {
                            alerts: components["schemas"]["Alert"][];
                            count: number;
                            /**
                             * Format: date
                             * @description The first Madrid day counted (180 days back)
                             */
                            since: string;
                        };
                        /** @description Sellers whose consent to you is in force now */
                        sellers_sharing: number;
                    };
                };
            };
            401: components["responses"]["Error401_unauthorized_key_expired"];
            403: components["responses"]["Error403_forbidden"];
            429: components["responses"]["Error429_rate_limited"];
            500: components["responses"]["Error500_internal_error"];
            503: components["responses"]["Error503_service_unavailable"];
        };
    };
    listClientInvitations: {
        parameters: {
            query?: {
                /** @description The `next_cursor` of the previous page; absent for the first page */
                cursor?: string;
                /** @description 1 to 500, default 200 */
                limit?: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The invitations. */
            200: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        count: number;
                        /** @description Whether another page follows this one */
                        has_more: boolean;
                        invitations: components["schemas"]["Invitation"][];
                        /** @description Pass as `cursor` for the next page; null on the last page */
                        next_cursor: string | null;
                    };
                };
            };
            401: components["responses"]["Error401_unauthorized_key_expired"];
            403: components["responses"]["Error403_forbidden"];
            422: components["responses"]["Error422_query_invalid_cursor_invalid"];
            429: components["responses"]["Error429_rate_limited"];
            500: components["responses"]["Error500_internal_error"];
            503: components["responses"]["Error503_service_unavailable"];
        };
    };
    revokeClientInvitation: {
        parameters: {
            query?: never;
            header?: {
                /**
                 * @description Makes the call safe to retry: within 24 hours the same key with the same body answers the first answer again without doing anything twice. 1 to 255 visible ASCII characters, per funder.
                 * @example 7f4c1d2e-order-0042-offer
                 */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/json": {
                    /** @description Why, up to 200 characters */
                    reason?: string | null;
                };
            };
        };
        responses: {
            /** @description The invitation after the call, and whether it changed. */
            200: {
                headers: {
                    "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        changed: boolean;
                        invitation: components["schemas"]["Invitation"];
                    };
                };
            };
            400: components["responses"]["Error400_request_unreadable"];
            401: components["responses"]["Error401_unauthorized_key_expired"];
            403: components["responses"]["Error403_forbidden_out_of_scope"];
            404: components["responses"]["Error404_not_found"];
            /**
             * @description - `idempotency_key_in_use`: A call with the same `Idempotency-Key` is still running; retry shortly.
             *     - `invitation_not_pending`: The invitation was already accepted, revoked or has expired.
             */
            409: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description Stable machine-readable code.
                             * @enum {string}
                             */
                            code: "idempotency_key_in_use" | "invitation_not_pending";
                            /** @description For a bad input: the path of the member at fault, when known. */
                            field?: string | null;
                            /** @description For people; may change. */
                            message: string;
                            /**
                             * Format: uuid
                             * @description The `Request-Id` of the call.
                             */
                            request_id?: string;
                        } & {
                            [key: string]: unknown;
                        };
                    };
                };
            };
            413: components["responses"]["Error413_body_too_large"];
            415: components["responses"]["Error415_unsupported_media_type"];
            422: components["responses"]["Error422_body_invalid_idempotency_key_reused_idempotency_key_invalid_reason_invalid"];
            429: components["responses"]["Error429_rate_limited"];
            500: components["responses"]["Error500_internal_error"];
            503: components["responses"]["Error503_service_unavailable"];
        };
    };
    listClientLinks: {
        parameters: {
            query?: {
                /** @description Language of the page the link opens */
                lang?: "pt" | "es" | "en" | "fr" | "de" | "it" | "nl";
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The links, your own first. */
            200: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        client_links: components["schemas"]["ClientLink"][];
                        count: number;
                    };
                };
            };
            401: components["responses"]["Error401_unauthorized_key_expired"];
            403: components["responses"]["Error403_forbidden"];
            /**
             * @description - `query_invalid`: A query parameter has the wrong type, is out of range or unknown.
             *     - `lang_invalid`: `lang` is not one of `pt`, `es`, `en`, `fr`, `de`, `it`, `nl`.
             */
            422: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description Stable machine-readable code.
                             * @enum {string}
                             */
                            code: "query_invalid" | "lang_invalid";
                            /** @description For a bad input: the path of the member at fault, when known. */
                            field?: string | null;
                            /** @description For people; may change. */
                            message: string;
                            /**
                             * Format: uuid
                             * @description The `Request-Id` of the call.
                             */
                            request_id?: string;
                        } & {
                            [key: string]: unknown;
                        };
                    };
                };
            };
            429: components["responses"]["Error429_rate_limited"];
            500: components["responses"]["Error500_internal_error"];
            503: components["responses"]["Error503_service_unavailable"];
        };
    };
    createClientLink: {
        parameters: {
            query?: never;
            header?: {
                /**
                 * @description Makes the call safe to retry: within 24 hours the same key with the same body answers the first answer again without doing anything twice. 1 to 255 visible ASCII characters, per funder.
                 * @example 7f4c1d2e-order-0042-offer
                 */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /**
                     * Format: date-time
                     * @description Between one hour and three years from now; one year when left out
                     */
                    expires_at?: string;
                    /**
                     * @description Language of the page the link opens
                     * @enum {unknown}
                     */
                    lang?: "pt" | "es" | "en" | "fr" | "de" | "it" | "nl";
                    /** @description An active prescriber; absent or null: your own link */
                    prescriber_id?: string | null;
                    /** @description Why, up to 200 characters */
                    reason?: string;
                    /** @description Replace the working link of this owner */
                    replace?: boolean;
                };
            };
        };
        responses: {
            /** @description The new link, with its url. */
            201: {
                headers: {
                    "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        client_link: components["schemas"]["ClientLink"];
                    };
                };
            };
            400: components["responses"]["Error400_request_unreadable"];
            401: components["responses"]["Error401_unauthorized_key_expired"];
            403: components["responses"]["Error403_forbidden_out_of_scope"];
            /**
             * @description - `link_exists`: A working link exists; send `replace: true` to replace it.
             *     - `idempotency_key_in_use`: A call with the same `Idempotency-Key` is still running; retry shortly.
             */
            409: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description Stable machine-readable code.
                             * @enum {string}
                             */
                            code: "link_exists" | "idempotency_key_in_use";
                            /** @description For a bad input: the path of the member at fault, when known. */
                            field?: string | null;
                            /** @description For people; may change. */
                            message: string;
                            /**
                             * Format: uuid
                             * @description The `Request-Id` of the call.
                             */
                            request_id?: string;
                        } & {
                            [key: string]: unknown;
                        };
                    };
                };
            };
            413: components["responses"]["Error413_body_too_large"];
            415: components["responses"]["Error415_unsupported_media_type"];
            /**
             * @description - `body_invalid`: The body is not valid JSON, or a member has the wrong type, is unknown or missing.
             *     - `idempotency_key_reused`: The `Idempotency-Key` was used before with another body.
             *     - `idempotency_key_invalid`: The `Idempotency-Key` is not 1 to 255 visible ASCII characters.
             *     - `invalid_flag`: A flag is not `true` or `false`.
             *     - `lang_invalid`: `lang` is not one of `pt`, `es`, `en`, `fr`, `de`, `it`, `nl`.
             *     - `reason_invalid`: `reason` is not text of at most 200 characters.
             *     - `expires_at_invalid`: `expires_at` is not a timestamp between one hour and three years from now.
             *     - `prescriber_invalid`: `prescriber_id` names no active prescriber of yours.
             */
            422: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description Stable machine-readable code.
                             * @enum {string}
                             */
                            code: "body_invalid" | "idempotency_key_reused" | "idempotency_key_invalid" | "invalid_flag" | "lang_invalid" | "reason_invalid" | "expires_at_invalid" | "prescriber_invalid";
                            /** @description For a bad input: the path of the member at fault, when known. */
                            field?: string | null;
                            /** @description For people; may change. */
                            message: string;
                            /**
                             * Format: uuid
                             * @description The `Request-Id` of the call.
                             */
                            request_id?: string;
                        } & {
                            [key: string]: unknown;
                        };
                    };
                };
            };
            429: components["responses"]["Error429_rate_limited"];
            500: components["responses"]["Error500_internal_error"];
            503: components["responses"]["Error503_service_unavailable"];
        };
    };
    disableClientLink: {
        parameters: {
            query?: never;
            header?: {
                /**
                 * @description Makes the call safe to retry: within 24 hours the same key with the same body answers the first answer again without doing anything twice. 1 to 255 visible ASCII characters, per funder.
                 * @example 7f4c1d2e-order-0042-offer
                 */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/json": {
                    /** @description Why, up to 200 characters */
                    reason?: string | null;
                };
            };
        };
        responses: {
            /** @description The link after the call, and whether it changed. */
            200: {
                headers: {
                    "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        changed: boolean;
                        client_link: components["schemas"]["ClientLink"];
                    };
                };
            };
            400: components["responses"]["Error400_request_unreadable"];
            401: components["responses"]["Error401_unauthorized_key_expired"];
            403: components["responses"]["Error403_forbidden_out_of_scope"];
            404: components["responses"]["Error404_not_found"];
            409: components["responses"]["Error409_idempotency_key_in_use"];
            413: components["responses"]["Error413_body_too_large"];
            415: components["responses"]["Error415_unsupported_media_type"];
            422: components["responses"]["Error422_body_invalid_idempotency_key_reused_idempotency_key_invalid_reason_invalid"];
            429: components["responses"]["Error429_rate_limited"];
            500: components["responses"]["Error500_internal_error"];
            503: components["responses"]["Error503_service_unavailable"];
        };
    };
    listCreditLimits: {
        parameters: {
            query?: {
                /** @description The `next_cursor` of the previous page; absent for the first page */
                cursor?: string;
                /** @description 1 to 500; absent: the whole list in one answer */
                limit?: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Your debtor book. */
            200: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        count: number;
                        /** @enum {string} */
                        currency: "EUR";
                        debtors: {
                            /** @description limit less exposure (negative when a limit was lowered below it) */
                            available: number | null;
                            /** @description face value of approved requests not yet funded, euros */
                            committed: number;
                            debtor_country: string;
                            /** @description <country>:<tax id> */
                            debtor_key: string;
                            debtor_name: string | null;
                            debtor_tax_id: string;
                            /** Format: date-time */
                            decided_at: string | null;
                            /** @description outstanding + committed + offered, euros */
                            exposure: number;
                            frozen: boolean;
                            /** @description euros */
                            limit_amount: number | null;
                            limit_source: ("manual" | "api" | "import" | "insurer") | null;
                            limit_source_ref: string | null;
                            limit_status: ("active" | "refused" | "suspended") | null;
                            note: string | null;
                            /** @description face value of requests under a pending, unexpired offer, euros */
                            offered: number;
                            /** Format: date */
                            oldest_overdue: string | null;
                            /** @description face value of funded invoices less the payments the funder recorded, euros */
                            outstanding: number;
                            /** @description unpaid funded invoices past their due date */
                            overdue_count: number;
                            seller_marked_paid: components["schemas"]["EventSellerMarkedPaid"][];
                        }[];
                        funder: components["schemas"]["Funder"];
                        /** @description Whether another page follows this one */
                        has_more: boolean;
                        /** @description Pass as `cursor` for the next page; null on the last page */
                        next_cursor: string | null;
                    };
                };
            };
            401: components["responses"]["Error401_unauthorized_key_expired"];
            403: components["responses"]["Error403_forbidden"];
            422: components["responses"]["Error422_query_invalid_cursor_invalid"];
            429: components["responses"]["Error429_rate_limited"];
            500: components["responses"]["Error500_internal_error"];
            503: components["responses"]["Error503_service_unavailable"];
        };
    };
    setCreditLimit: {
        parameters: {
            query?: never;
            header?: {
                /**
                 * @description Makes the call safe to retry: within 24 hours the same key with the same body answers the first answer again without doing anything twice. 1 to 255 visible ASCII characters, per funder.
                 * @example 7f4c1d2e-order-0042-offer
                 */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path?: never;
            cookie?: never;
        };
        /** @description One debtor limit; it replaces the limit on record (source api). */
        requestBody: {
            content: {
                "application/json": {
                    /** @description Euros, 0 or more; required for an active limit */
                    amount?: number | null;
                    /** @description ISO 3166-1 alpha-2; may be left out when the tax id is known in one country on your plane */
                    debtor_country?: string | null;
                    debtor_name?: string | null;
                    /** @description Spaces, dots, dashes and slashes are ignored; 2 to 32 letters and digits remain */
                    debtor_tax_id: string;
                    note?: string | null;
                    /**
                     * @description active (default), refused or suspended
                     * @enum {unknown}
                     */
                    status?: "active" | "refused" | "suspended";
                };
            };
        };
        responses: {
            /** @description The limit on record after the call. */
            200: {
                headers: {
                    "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description false when the limit on record was already exactly this */
                        changed: boolean;
                        credit_limit: {
                            /** @description euros */
                            amount: number | null;
                            /** @description euros */
                            available: number | null;
                            /** @description euros */
                            committed: number;
                            /** Format: date-time */
                            created_at: string;
                            debtor_country: string;
                            debtor_key: string;
                            debtor_name: string | null;
                            debtor_tax_id: string;
                            /** Format: date-time */
                            decided_at: string;
                            /** @description who made the last change: the API key or the operations team */
                            decided_by: {
                                [key: string]: string;
                            };
                            /** @description euros */
                            exposure: number;
                            frozen: boolean;
                            note: string | null;
                            /** @description euros */
                            offered: number;
                            /** @description euros */
                            outstanding: number;
                            /** @enum {string} */
                            source: "manual" | "api" | "import" | "insurer";
                            source_ref: string | null;
                            /** @enum {string} */
                            status: "active" | "refused" | "suspended";
                            /** Format: date-time */
                            updated_at: string;
                        };
                    };
                };
            };
            400: components["responses"]["Error400_request_unreadable"];
            401: components["responses"]["Error401_unauthorized_key_expired"];
            403: components["responses"]["Error403_forbidden_out_of_scope"];
            409: components["responses"]["Error409_idempotency_key_in_use_conflict"];
            413: components["responses"]["Error413_body_too_large"];
            415: components["responses"]["Error415_unsupported_media_type"];
            /**
             * @description - `body_invalid`: The body is not valid JSON, or a member has the wrong type, is unknown or missing.
             *     - `idempotency_key_reused`: The `Idempotency-Key` was used before with another body.
             *     - `idempotency_key_invalid`: The `Idempotency-Key` is not 1 to 255 visible ASCII characters.
             *     - `invalid_amount`: The amount is not a number of euros within the accepted range.
             *     - `country_invalid`: The country is not a two-letter ISO 3166 code.
             *     - `debtor_tax_id_required`: `debtor_tax_id` is missing or empty.
             *     - `invalid_limit`: The limit is not consistent (for example an active limit without an amount).
             */
            422: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description Stable machine-readable code.
                             * @enum {string}
                             */
                            code: "body_invalid" | "idempotency_key_reused" | "idempotency_key_invalid" | "invalid_amount" | "country_invalid" | "debtor_tax_id_required" | "invalid_limit";
                            /** @description For a bad input: the path of the member at fault, when known. */
                            field?: string | null;
                            /** @description For people; may change. */
                            message: string;
                            /**
                             * Format: uuid
                             * @description The `Request-Id` of the call.
                             */
                            request_id?: string;
                        } & {
                            [key: string]: unknown;
                        };
                    };
                };
            };
            429: components["responses"]["Error429_rate_limited"];
            500: components["responses"]["Error500_internal_error"];
            503: components["responses"]["Error503_service_unavailable"];
        };
    };
    importCreditLimits: {
        parameters: {
            query?: never;
            header?: {
                /**
                 * @description Makes the call safe to retry: within 24 hours the same key with the same body answers the first answer again without doing anything twice. 1 to 255 visible ASCII characters, per funder.
                 * @example 7f4c1d2e-order-0042-offer
                 */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path?: never;
            cookie?: never;
        };
        /** @description {rows, source, source_ref} or a bare array of rows (source import); 1 to 2000 rows. */
        requestBody: {
            content: {
                "application/json": {
                    rows: {
                        /** @description Euros: a number, or digits with a decimal point ("1250.50"); empty text or null is no amount */
                        amount?: number | string | null;
                        /** @description ISO 3166-1 alpha-2; may be left out when the tax id is known in one country on your plane */
                        debtor_country?: string | null;
                        debtor_name?: string | null;
                        /** @description Spaces, dots, dashes and slashes are ignored; 2 to 32 letters and digits remain */
                        debtor_tax_id: string;
                        note?: string | null;
                        /**
                         * @description active (default), refused or suspended
                         * @enum {unknown}
                         */
                        status?: "active" | "refused" | "suspended";
                    }[];
                    /**
                     * @description Default import
                     * @enum {unknown}
                     */
                    source?: "import" | "insurer";
                    /** @description Your reference for the file or policy */
                    source_ref?: string | null;
                } | {
                    /** @description Euros: a number, or digits with a decimal point ("1250.50"); empty text or null is no amount */
                    amount?: number | string | null;
                    /** @description ISO 3166-1 alpha-2; may be left out when the tax id is known in one country on your plane */
                    debtor_country?: string | null;
                    debtor_name?: string | null;
                    /** @description Spaces, dots, dashes and slashes are ignored; 2 to 32 letters and digits remain */
                    debtor_tax_id: string;
                    note?: string | null;
                    /**
                     * @description active (default), refused or suspended
                     * @enum {unknown}
                     */
                    status?: "active" | "refused" | "suspended";
                }[];
            };
        };
        responses: {
            /** @description One answer per row, with the counts. */
            200: {
                headers: {
                    "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description rows that changed a limit */
                        changed: number;
                        funder: components["schemas"]["Funder"];
                        /** Format: uuid */
                        import_id: string;
                        received: number;
                        refused: number;
                        rows: {
                            /** @description euros */
                            amount?: number | null;
                            changed?: boolean;
                            debtor_key?: string;
                            /** @description as sent */
                            debtor_tax_id: string | null;
                            detail?: string;
                            /** @enum {string} */
                            error?: "invalid_amount" | "debtor_tax_id_required" | "duplicate_debtor" | "invalid_status" | "amount_required" | "invalid_country" | "row_invalid" | "invalid_limit";
                            ok: boolean;
                            row: number;
                            /** @enum {string} */
                            status?: "active" | "refused" | "suspended";
                        }[];
                        /** @enum {string} */
                        source: "import" | "insurer";
                        source_ref: string | null;
                        /** @description rows accepted (including those identical to the limit on record) */
                        written: number;
                    };
                };
            };
            400: components["responses"]["Error400_request_unreadable"];
            401: components["responses"]["Error401_unauthorized_key_expired"];
            403: components["responses"]["Error403_forbidden_out_of_scope"];
            409: components["responses"]["Error409_idempotency_key_in_use_conflict"];
            /**
             * @description - `body_too_large`: The body is larger than this operation accepts.
             *     - `too_many_rows`: More rows than one import accepts (2,000).
             */
            413: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description Stable machine-readable code.
                             * @enum {string}
                             */
                            code: "body_too_large" | "too_many_rows";
                            /** @description For a bad input: the path of the member at fault, when known. */
                            field?: string | null;
                            /** @description For people; may change. */
                            message: string;
                            /**
                             * Format: uuid
                             * @description The `Request-Id` of the call.
                             */
                            request_id?: string;
                        } & {
                            [key: string]: unknown;
                        };
                    };
                };
            };
            415: components["responses"]["Error415_unsupported_media_type"];
            /**
             * @description - `body_invalid`: The body is not valid JSON, or a member has the wrong type, is unknown or missing.
             *     - `idempotency_key_reused`: The `Idempotency-Key` was used before with another body.
             *     - `idempotency_key_invalid`: The `Idempotency-Key` is not 1 to 255 visible ASCII characters.
             *     - `rows_required`: The import has no rows.
             *     - `invalid_source`: `source` is not `import` or `insurer`.
             *     - `source_ref_invalid`: `source_ref` is not text.
             *     - `source_ref_too_long`: `source_ref` is longer than 200 characters.
             */
            422: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description Stable machine-readable code.
                             * @enum {string}
                             */
                            code: "body_invalid" | "idempotency_key_reused" | "idempotency_key_invalid" | "rows_required" | "invalid_source" | "source_ref_invalid" | "source_ref_too_long";
                            /** @description For a bad input: the path of the member at fault, when known. */
                            field?: string | null;
                            /** @description For people; may change. */
                            message: string;
                            /**
                             * Format: uuid
                             * @description The `Request-Id` of the call.
                             */
                            request_id?: string;
                        } & {
                            [key: string]: unknown;
                        };
                    };
                };
            };
            429: components["responses"]["Error429_rate_limited"];
            500: components["responses"]["Error500_internal_error"];
            503: components["responses"]["Error503_service_unavailable"];
        };
    };
    downloadDocument: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                token: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The file, with its own content type and a `Content-Disposition` naming it. */
            200: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/octet-stream": string;
                };
            };
            404: components["responses"]["Error404_not_found"];
            500: components["responses"]["Error500_internal_error"];
            503: components["responses"]["Error503_service_unavailable"];
        };
    };
    listEarlyPayments: {
        parameters: {
            query?: {
                /** @description The `next_cursor` of the previous page; absent for the first page */
                cursor?: string;
                /** @description 1 to 200, default 50, newest first */
                limit?: number;
                status?: "released" | "accepted" | "paid" | "overdue" | "repaid" | "declined" | "withdrawn";
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The early payments and the totals by status. */
            200: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description Early payments in this answer */
                        count: number;
                        early_payments: components["schemas"]["EarlyPayment"][];
                        /** @description Whether another page follows this one */
                        has_more: boolean;
                        /** @description Pass as `cursor` for the next page; null on the last page */
                        next_cursor: string | null;
                        /** @description Every one of your early payments counted by status (not only those listed) */
                        totals: {
                            [key: string]: {
                                /** @description Euros */
                                amount_due: number;
                                count: number;
                                /** @description Euros */
                                outstanding: number;
                            };
                        };
                    };
                };
            };
            401: components["responses"]["Error401_unauthorized_key_expired"];
            403: components["responses"]["Error403_forbidden"];
            422: components["responses"]["Error422_status_invalid_query_invalid_cursor_invalid"];
            429: components["responses"]["Error429_rate_limited"];
            500: components["responses"]["Error500_internal_error"];
            503: components["responses"]["Error503_service_unavailable"];
        };
    };
    getEarlyPayment: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The early payment. */
            200: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["EarlyPayment"];
                };
            };
            401: components["responses"]["Error401_unauthorized_key_expired"];
            403: components["responses"]["Error403_forbidden"];
            404: components["responses"]["Error404_not_found"];
            429: components["responses"]["Error429_rate_limited"];
            500: components["responses"]["Error500_internal_error"];
            503: components["responses"]["Error503_service_unavailable"];
        };
    };
    recordEarlyPayment: {
        parameters: {
            query?: never;
            header?: {
                /**
                 * @description Makes the call safe to retry: within 24 hours the same key with the same body answers the first answer again without doing anything twice. 1 to 255 visible ASCII characters, per funder.
                 * @example 7f4c1d2e-order-0042-offer
                 */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description What you paid the supplier; at most the amount due */
                    amount: number;
                    /** @description Your payment reference (the transfer’s end-to-end id, for example) */
                    reference: string;
                    /**
                     * Format: date
                     * @description The transfer’s value date: not before the supplier accepted, not after today
                     */
                    value_date: string;
                };
            };
        };
        responses: {
            /** @description The early payment, now paid. */
            200: {
                headers: {
                    "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["EarlyPayment"];
                };
            };
            400: components["responses"]["Error400_request_unreadable"];
            401: components["responses"]["Error401_unauthorized_key_expired"];
            403: components["responses"]["Error403_forbidden_out_of_scope"];
            404: components["responses"]["Error404_not_found"];
            409: components["responses"]["Error409_idempotency_key_in_use_early_payment_state"];
            413: components["responses"]["Error413_body_too_large"];
            415: components["responses"]["Error415_unsupported_media_type"];
            /**
             * @description - `body_invalid`: The body is not valid JSON, or a member has the wrong type, is unknown or missing.
             *     - `idempotency_key_reused`: The `Idempotency-Key` was used before with another body.
             *     - `idempotency_key_invalid`: The `Idempotency-Key` is not 1 to 255 visible ASCII characters.
             *     - `invalid_amount`: The amount is not a number of euros within the accepted range.
             *     - `invalid_payment_details`: A payment’s value date or reference is missing or wrong: a value date in the future, or before the supplier accepted.
             */
            422: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description Stable machine-readable code.
                             * @enum {string}
                             */
                            code: "body_invalid" | "idempotency_key_reused" | "idempotency_key_invalid" | "invalid_amount" | "invalid_payment_details";
                            /** @description For a bad input: the path of the member at fault, when known. */
                            field?: string | null;
                            /** @description For people; may change. */
                            message: string;
                            /**
                             * Format: uuid
                             * @description The `Request-Id` of the call.
                             */
                            request_id?: string;
                        } & {
                            [key: string]: unknown;
                        };
                    };
                };
            };
            429: components["responses"]["Error429_rate_limited"];
            500: components["responses"]["Error500_internal_error"];
            503: components["responses"]["Error503_service_unavailable"];
        };
    };
    recordEarlyPaymentRepayment: {
        parameters: {
            query?: never;
            header?: {
                /**
                 * @description Makes the call safe to retry: within 24 hours the same key with the same body answers the first answer again without doing anything twice. 1 to 255 visible ASCII characters, per funder.
                 * @example 7f4c1d2e-order-0042-offer
                 */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description What the buyer repaid; repayments add up to at most the amount due */
                    amount: number;
                    /** @description Your payment reference (the transfer’s end-to-end id, for example) */
                    reference: string;
                    /**
                     * Format: date
                     * @description Not after today
                     */
                    value_date: string;
                };
            };
        };
        responses: {
            /** @description The early payment after the repayment. */
            200: {
                headers: {
                    "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["EarlyPayment"];
                };
            };
            400: components["responses"]["Error400_request_unreadable"];
            401: components["responses"]["Error401_unauthorized_key_expired"];
            403: components["responses"]["Error403_forbidden_out_of_scope"];
            404: components["responses"]["Error404_not_found"];
            409: components["responses"]["Error409_idempotency_key_in_use_early_payment_state"];
            413: components["responses"]["Error413_body_too_large"];
            415: components["responses"]["Error415_unsupported_media_type"];
            /**
             * @description - `body_invalid`: The body is not valid JSON, or a member has the wrong type, is unknown or missing.
             *     - `idempotency_key_reused`: The `Idempotency-Key` was used before with another body.
             *     - `idempotency_key_invalid`: The `Idempotency-Key` is not 1 to 255 visible ASCII characters.
             *     - `invalid_amount`: The amount is not a number of euros within the accepted range.
             *     - `invalid_payment_details`: A payment’s value date or reference is missing or wrong: a value date in the future, or before the supplier accepted.
             *     - `repayment_exceeds_outstanding`: The repayment is above what the buyer still owes on the early payment.
             */
            422: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description Stable machine-readable code.
                             * @enum {string}
                             */
                            code: "body_invalid" | "idempotency_key_reused" | "idempotency_key_invalid" | "invalid_amount" | "invalid_payment_details" | "repayment_exceeds_outstanding";
                            /** @description For a bad input: the path of the member at fault, when known. */
                            field?: string | null;
                            /** @description For people; may change. */
                            message: string;
                            /**
                             * Format: uuid
                             * @description The `Request-Id` of the call.
                             */
                            request_id?: string;
                        } & {
                            [key: string]: unknown;
                        };
                    };
                };
            };
            429: components["responses"]["Error429_rate_limited"];
            500: components["responses"]["Error500_internal_error"];
            503: components["responses"]["Error503_service_unavailable"];
        };
    };
    listEvents: {
        parameters: {
            query?: {
                /** @description The `next_cursor` (or `poll_cursor`) of an earlier page */
                after?: string;
                /** @description The same as `after`, under the name every list takes; send one of the two */
                cursor?: string;
                limit?: number;
                type?: "claim.closed" | "claim.opened" | "credit_limit.updated" | "document.lapsed" | "document.provided" | "early_payment.released" | "early_payment.accepted" | "early_payment.declined" | "early_payment.withdrawn" | "early_payment.paid" | "early_payment.repayment_recorded" | "early_payment.repaid" | "export.ready" | "notice.acknowledged" | "notice.disputed" | "offer.created" | "offer.replaced" | "offer.expired" | "onboarding.completed" | "opportunities.daily" | "payment.reached_seller" | "request.announced" | "request.approved" | "request.cancelled" | "request.declined" | "request.funded" | "request.routed" | "request.terms_rejected" | "request.unrouted" | "request.updated" | "seller_limit.updated" | "settlement.recorded" | "statement.imported" | "webhook.test";
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of events, oldest first. */
            200: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        count: number;
                        events: {
                            api_version: string;
                            /** Format: date-time */
                            created_at: string;
                            /** @description Where this event stands in your log: sent as `after`, the events that follow it (a follower keeps the last one it applied) */
                            cursor: string;
                            data: {
                                [key: string]: unknown;
                            };
                            /** Format: uuid */
                            id: string;
                            /** @description The W3C trace context of the call that caused the event, which its deliveries continue */
                            traceparent: string | null;
                            type: string;
                        }[];
                        /** @description Whether more events follow this page now */
                        has_more: boolean;
                        /** @description Pass as `after` for the next page; null at the end */
                        next_cursor: string | null;
                        /** @description Pass as `after` later to get only the events newer than this page: the last event of the page, else the `after` you sent; null when neither */
                        poll_cursor: string | null;
                    };
                };
            };
            401: components["responses"]["Error401_unauthorized_key_expired"];
            403: components["responses"]["Error403_forbidden"];
            /**
             * @description - `query_invalid`: A query parameter has the wrong type, is out of range or unknown.
             *     - `event_type_unknown`: An event type is not one the service knows (see `event_types` in GET /v1/webhooks).
             *     - `cursor_invalid`: `cursor` (on the event log, `after`) is not a cursor this list answered with this filter.
             */
            422: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description Stable machine-readable code.
                             * @enum {string}
                             */
                            code: "query_invalid" | "event_type_unknown" | "cursor_invalid";
                            /** @description For a bad input: the path of the member at fault, when known. */
                            field?: string | null;
                            /** @description For people; may change. */
                            message: string;
                            /**
                             * Format: uuid
                             * @description The `Request-Id` of the call.
                             */
                            request_id?: string;
                        } & {
                            [key: string]: unknown;
                        };
                    };
                };
            };
            429: components["responses"]["Error429_rate_limited"];
            500: components["responses"]["Error500_internal_error"];
            503: components["responses"]["Error503_service_unavailable"];
        };
    };
    downloadExportVolume: {
        parameters: {
            query: {
                expires: number;
                key_id: string;
                sig: string;
            };
            header?: never;
            path: {
                build: string;
                export_id: string;
                volume: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The ZIP volume. */
            200: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/zip": string;
                };
            };
            404: components["responses"]["Error404_not_found"];
            /** @description - `query_invalid`: A query parameter has the wrong type, is out of range or unknown. */
            422: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description Stable machine-readable code.
                             * @enum {string}
                             */
                            code: "query_invalid";
                            /** @description For a bad input: the path of the member at fault, when known. */
                            field?: string | null;
                            /** @description For people; may change. */
                            message: string;
                            /**
                             * Format: uuid
                             * @description The `Request-Id` of the call.
                             */
                            request_id?: string;
                        } & {
                            [key: string]: unknown;
                        };
                    };
                };
            };
            500: components["responses"]["Error500_internal_error"];
            503: components["responses"]["Error503_service_unavailable"];
        };
    };
    listExports: {
        parameters: {
            query?: {
                /** @description The `next_cursor` of the previous page; absent for the first page */
                cursor?: string;
                limit?: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The exports. */
            200: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        count: number;
                        exports: components["schemas"]["Export"][];
                        funder: components["schemas"]["Funder"];
                        /** @description Whether another page follows this one */
                        has_more: boolean;
                        /** @description Pass as `cursor` for the next page; null on the last page */
                        next_cursor: string | null;
                    };
                };
            };
            401: components["responses"]["Error401_unauthorized_key_expired"];
            403: components["responses"]["Error403_forbidden_export_live_key_required"];
            422: components["responses"]["Error422_query_invalid_cursor_invalid"];
            429: components["responses"]["Error429_rate_limited"];
            500: components["responses"]["Error500_internal_error"];
            503: components["responses"]["Error503_service_unavailable"];
        };
    };
    requestExport: {
        parameters: {
            query?: never;
            header?: {
                /**
                 * @description Makes the call safe to retry: within 24 hours the same key with the same body answers the first answer again without doing anything twice. 1 to 255 visible ASCII characters, per funder.
                 * @example 7f4c1d2e-order-0042-offer
                 */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path?: never;
            cookie?: never;
        };
        /** @description What to export: everything; only the README language can be chosen. */
        requestBody?: {
            content: {
                "application/json": {
                    /**
                     * @description Language of the README
                     * @default en
                     * @enum {unknown}
                     */
                    lang?: "pt" | "es" | "en" | "fr" | "de" | "it" | "nl";
                };
            };
        };
        responses: {
            /** @description The export, queued. */
            202: {
                headers: {
                    "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        export: components["schemas"]["Export"];
                        funder: components["schemas"]["Funder"];
                    };
                };
            };
            400: components["responses"]["Error400_request_unreadable"];
            401: components["responses"]["Error401_unauthorized_key_expired"];
            /**
             * @description - `forbidden`: The key lacks every scope that opens this operation, or its funder is not active.
             *     - `export_live_key_required`: Exports are made with live keys only.
             *     - `out_of_scope`: The database refused a row this call would have written: it belongs to another funder or plane. Nothing changed; this is our defect, not your input, so report it with the request id.
             */
            403: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description Stable machine-readable code.
                             * @enum {string}
                             */
                            code: "forbidden" | "export_live_key_required" | "out_of_scope";
                            /** @description For a bad input: the path of the member at fault, when known. */
                            field?: string | null;
                            /** @description For people; may change. */
                            message: string;
                            /**
                             * Format: uuid
                             * @description The `Request-Id` of the call.
                             */
                            request_id?: string;
                        } & {
                            [key: string]: unknown;
                        };
                    };
                };
            };
            409: components["responses"]["Error409_idempotency_key_in_use"];
            413: components["responses"]["Error413_body_too_large"];
            415: components["responses"]["Error415_unsupported_media_type"];
            422: components["responses"]["Error422_body_invalid_idempotency_key_reused_idempotency_key_invalid"];
            /**
             * @description - `rate_limited`: Too many calls with this key (or bad keys from this address); wait `Retry-After` seconds.
             *     - `export_rate_limited`: One export at a time and at most 10 in 24 hours.
             */
            429: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    "Request-Id": components["headers"]["RequestId"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description Stable machine-readable code.
                             * @enum {string}
                             */
                            code: "rate_limited" | "export_rate_limited";
                            /** @description For a bad input: the path of the member at fault, when known. */
                            field?: string | null;
                            /** @description Calls allowed in the window the call waits for (the one `Retry-After` counts down). */
                            limit?: number;
                            /** @description For people; may change. */
                            message: string;
                            /**
                             * Format: uuid
                             * @description The `Request-Id` of the call.
                             */
                            request_id?: string;
                            /** @description Seconds to wait, as in `Retry-After`. */
                            retry_after_seconds?: number;
                            /** @description Length of that window in seconds. */
                            window_seconds?: number;
                        } & {
                            [key: string]: unknown;
                        };
                    };
                };
            };
            500: components["responses"]["Error500_internal_error"];
            503: components["responses"]["Error503_service_unavailable"];
        };
    };
    getExport: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The export. */
            200: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        export: components["schemas"]["Export"];
                        funder: components["schemas"]["Funder"];
                    };
                };
            };
            401: components["responses"]["Error401_unauthorized_key_expired"];
            403: components["responses"]["Error403_forbidden_export_live_key_required"];
            404: components["responses"]["Error404_not_found"];
            429: components["responses"]["Error429_rate_limited"];
            500: components["responses"]["Error500_internal_error"];
            503: components["responses"]["Error503_service_unavailable"];
        };
    };
    getHealth: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The service is up. */
            200: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        api_version: string;
                        /** @enum {string} */
                        status: "ok";
                        /** Format: date-time */
                        time: string;
                    };
                };
            };
            500: components["responses"]["Error500_internal_error"];
            503: components["responses"]["Error503_service_unavailable"];
        };
    };
    getMe: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The key, its funder and environment. */
            200: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        api_version: string;
                        /** @enum {string} */
                        environment: "live" | "sandbox" | "unclassified";
                        funder: components["schemas"]["Funder"];
                        key: {
                            /** Format: date-time */
                            created_at: string;
                            /** Format: date-time */
                            expires_at: string | null;
                            /** Format: uuid */
                            id: string;
                            name: string;
                            /** @description The first 12 characters of the key */
                            prefix: string;
                            /** @description Whom a sandbox key was issued to */
                            prospect: string | null;
                            scopes: string[];
                        };
                    };
                };
            };
            401: components["responses"]["Error401_unauthorized_key_expired"];
            403: components["responses"]["Error403_forbidden"];
            429: components["responses"]["Error429_rate_limited"];
            500: components["responses"]["Error500_internal_error"];
            503: components["responses"]["Error503_service_unavailable"];
        };
    };
    listOnboardingLinks: {
        parameters: {
            query?: {
                /** @description The `next_cursor` of the previous page; absent for the first page */
                cursor?: string;
                /** @description 1 to 200, default 50 */
                limit?: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The links. */
            200: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        count: number;
                        /** @description Whether another page follows this one */
                        has_more: boolean;
                        /** @description Pass as `cursor` for the next page; null on the last page */
                        next_cursor: string | null;
                        onboarding_links: components["schemas"]["OnboardingLink"][];
                    };
                };
            };
            401: components["responses"]["Error401_unauthorized_key_expired"];
            403: components["responses"]["Error403_forbidden"];
            422: components["responses"]["Error422_query_invalid_cursor_invalid"];
            429: components["responses"]["Error429_rate_limited"];
            500: components["responses"]["Error500_internal_error"];
            503: components["responses"]["Error503_service_unavailable"];
        };
    };
    createOnboardingLink: {
        parameters: {
            query?: never;
            header?: {
                /**
                 * @description Makes the call safe to retry: within 24 hours the same key with the same body answers the first answer again without doing anything twice. 1 to 255 visible ASCII characters, per funder.
                 * @example 7f4c1d2e-order-0042-offer
                 */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description May be left out for an EU VAT number */
                    company_name?: string;
                    /** @description With or without country prefix */
                    company_vat: string;
                    contact_email: string;
                    contact_name?: string;
                    /** @description ISO 3166 alpha-2 */
                    country: string;
                    /** @enum {unknown} */
                    locale?: "pt" | "es" | "en" | "fr" | "de" | "it" | "nl";
                    /** @description At most 20 keys and 2 KB of JSON; values text, number, true, false or null */
                    metadata?: {
                        [key: string]: string | number | boolean | null;
                    };
                    /** @description https, on one of your return origins */
                    return_url: string;
                    /** @default 14 */
                    valid_days?: number;
                };
            };
        };
        responses: {
            /** @description The link, its url, and the return secret (once). */
            201: {
                headers: {
                    "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {string} */
                        environment: "live" | "sandbox" | "unclassified";
                        /** Format: date-time */
                        expires_at: string;
                        onboarding_link: components["schemas"]["OnboardingLink"];
                        return: {
                            parameters: string[];
                            signature: {
                                algorithm: string;
                                encoding: string;
                                key: string;
                                message: string;
                                tolerance_seconds: number;
                            };
                        };
                        /** @description Shown once only */
                        return_secret: string;
                        /** @description Give it to your supplier; the service sends no e-mail */
                        url: string;
                    };
                };
            };
            400: components["responses"]["Error400_request_unreadable"];
            401: components["responses"]["Error401_unauthorized_key_expired"];
            403: components["responses"]["Error403_forbidden_out_of_scope"];
            409: components["responses"]["Error409_idempotency_key_in_use"];
            413: components["responses"]["Error413_body_too_large"];
            415: components["responses"]["Error415_unsupported_media_type"];
            /**
             * @description - `body_invalid`: The body is not valid JSON, or a member has the wrong type, is unknown or missing.
             *     - `idempotency_key_reused`: The `Idempotency-Key` was used before with another body.
             *     - `idempotency_key_invalid`: The `Idempotency-Key` is not 1 to 255 visible ASCII characters.
             *     - `country_invalid`: The country is not a two-letter ISO 3166 code.
             *     - `email_invalid`: The e-mail address is not one.
             *     - `company_vat_invalid`: `company_vat` is not a VAT number (2 to 14 letters and digits after the prefix).
             *     - `company_name_invalid`: `company_name` is not 2 to 200 characters.
             *     - `company_name_required`: `company_name` was left out and neither the EU VAT service nor our own records name the number; `vat_service` says why.
             *     - `contact_name_invalid`: `contact_name` is longer than 120 characters.
             *     - `return_url_invalid`: `return_url` is not an https URL of at most 2,048 characters without user name or password.
             *     - `return_url_not_allowed`: `return_url` is not on one of the funder's return origins.
             *     - `metadata_invalid`: `metadata` is not an object of at most 20 keys, 2 KB of JSON, with text, number, boolean or null values.
             *     - `locale_invalid`: `locale` is not one of `pt`, `es`, `en`, `fr`, `de`, `it`, `nl`.
             *     - `valid_days_invalid`: `valid_days` is not a whole number from 1 to 30.
             */
            422: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description Stable machine-readable code.
                             * @enum {string}
                             */
                            code: "body_invalid" | "idempotency_key_reused" | "idempotency_key_invalid" | "country_invalid" | "email_invalid" | "company_vat_invalid" | "company_name_invalid" | "company_name_required" | "contact_name_invalid" | "return_url_invalid" | "return_url_not_allowed" | "metadata_invalid" | "locale_invalid" | "valid_days_invalid";
                            /** @description For a bad input: the path of the member at fault, when known. */
                            field?: string | null;
                            /** @description For people; may change. */
                            message: string;
                            /**
                             * Format: uuid
                             * @description The `Request-Id` of the call.
                             */
                            request_id?: string;
                        } & {
                            [key: string]: unknown;
                        };
                    };
                };
            };
            429: components["responses"]["Error429_rate_limited"];
            500: components["responses"]["Error500_internal_error"];
            503: components["responses"]["Error503_service_unavailable"];
        };
    };
    getOnboardingLink: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The link. */
            200: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        onboarding_link: components["schemas"]["OnboardingLink"];
                    };
                };
            };
            401: components["responses"]["Error401_unauthorized_key_expired"];
            403: components["responses"]["Error403_forbidden"];
            404: components["responses"]["Error404_not_found"];
            429: components["responses"]["Error429_rate_limited"];
            500: components["responses"]["Error500_internal_error"];
            503: components["responses"]["Error503_service_unavailable"];
        };
    };
    revokeOnboardingLink: {
        parameters: {
            query?: never;
            header?: {
                /**
                 * @description Makes the call safe to retry: within 24 hours the same key with the same body answers the first answer again without doing anything twice. 1 to 255 visible ASCII characters, per funder.
                 * @example 7f4c1d2e-order-0042-offer
                 */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/json": {
                    /** @description Why, up to 200 characters */
                    reason?: string | null;
                };
            };
        };
        responses: {
            /** @description The link after the call, and whether it changed. */
            200: {
                headers: {
                    "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        changed: boolean;
                        onboarding_link: components["schemas"]["OnboardingLink"];
                    };
                };
            };
            400: components["responses"]["Error400_request_unreadable"];
            401: components["responses"]["Error401_unauthorized_key_expired"];
            403: components["responses"]["Error403_forbidden_out_of_scope"];
            404: components["responses"]["Error404_not_found"];
            409: components["responses"]["Error409_idempotency_key_in_use_onboarding_not_open"];
            413: components["responses"]["Error413_body_too_large"];
            415: components["responses"]["Error415_unsupported_media_type"];
            422: components["responses"]["Error422_body_invalid_idempotency_key_reused_idempotency_key_invalid_reason_invalid"];
            429: components["responses"]["Error429_rate_limited"];
            500: components["responses"]["Error500_internal_error"];
            503: components["responses"]["Error503_service_unavailable"];
        };
    };
    getOpportunities: {
        parameters: {
            query?: {
                /** @description The `next_cursor` of the previous page; absent for the first page */
                cursor?: string;
                /** @description A Madrid calendar date, YYYY-MM-DD; absent: the latest digest published */
                date?: string;
                /** @description Lines per page, 1 to 1000, default 500 */
                limit?: number;
                /** @description Lines to skip (the `next` path carries it); default 0 */
                offset?: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The digest and a page of its lines; `date` null when there is none. */
            200: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** Format: date */
                        date: string | null;
                        digest: {
                            changes: {
                                disputed: number;
                                no_longer_eligible: number;
                                paid: number;
                            };
                            clients: {
                                not_sharing: number;
                                sharing: number;
                            };
                            /** @enum {string} */
                            currency: "EUR";
                            /**
                             * Format: date
                             * @description The Madrid date of the morning it was published
                             */
                            date: string;
                            /** Format: uuid */
                            digest_id: string;
                            eligible: components["schemas"]["DigestEntry"];
                            /** @description How many lines the digest has in all pages */
                            line_count: number;
                            /** @description The path that reads this digest’s lines */
                            lines: string;
                            new: components["schemas"]["DigestEntry"];
                            /** Format: date-time */
                            snapshot_at: string | null;
                            /** @description true: the night’s run did not complete; nothing was compared and there are no lines */
                            stale: boolean;
                        } | null;
                        funder: components["schemas"]["Funder"];
                        /** @description Whether another page follows this one */
                        has_more: boolean;
                        lines: {
                            /** @description Euros still owed (0 once paid) */
                            amount: number;
                            client: {
                                /** @description The client’s latest grade, A to E */
                                grade: string | null;
                                name: string;
                                /** @description NACE Rev. 2 section letter */
                                sector: string | null;
                                /** Format: uuid */
                                seller_id: string;
                                size_band: ("micro" | "small" | "medium" | "large") | null;
                                tax_id: string;
                            };
                            /** @enum {string} */
                            currency: "EUR";
                            debtor: components["schemas"]["Buyer"];
                            /** Format: date */
                            due_date: string | null;
                            /** Format: uuid */
                            invoice_id: string;
                            /**
                             * @description new: eligible now and not in the last snapshot; paid: the seller marked it paid; disputed: an open dispute; no_longer_eligible: see reason
                             * @enum {string}
                             */
                            kind: "new" | "paid" | "disputed" | "no_longer_eligible";
                            number: string;
                            reason: ("requested" | "cancelled" | "removed" | "left_programme" | "not_shared" | "rules") | null;
                        }[];
                        /** @description The path of the next page of lines; null on the last */
                        next: string | null;
                        /** @description Pass as `cursor` for the next page; null on the last page */
                        next_cursor: string | null;
                    };
                };
            };
            401: components["responses"]["Error401_unauthorized_key_expired"];
            403: components["responses"]["Error403_forbidden"];
            422: components["responses"]["Error422_query_invalid_cursor_invalid"];
            429: components["responses"]["Error429_rate_limited"];
            500: components["responses"]["Error500_internal_error"];
            503: components["responses"]["Error503_service_unavailable"];
        };
    };
    getPayerRecord: {
        parameters: {
            query?: {
                /** @description ISO 3166-1 alpha-2 */
                country?: string;
                /** @description The buyer’s tax number (required) */
                tax_id?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The payer record, or null when none exists yet. */
            200: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        funder: components["schemas"]["Funder"];
                        payer_record: {
                            avg_days_to_pay: number | null;
                            /** @description Days from due date to payment */
                            avg_settle_delay_days: number | null;
                            country: string;
                            /** @description COUNTRY:TAXID of the buyer */
                            debtor_key: string;
                            invoice_count: number | null;
                            median_days_to_pay: number | null;
                            median_settle_delay_days: number | null;
                            /** @description Distinct suppliers with a line in the window */
                            observers: number | null;
                            on_time_pct: number | null;
                            open_amount: number | null;
                            open_count: number | null;
                            overdue_amount: number | null;
                            overdue_count: number | null;
                            p75_settle_delay_days: number | null;
                            /** Format: date-time */
                            refreshed_at: string | null;
                            /**
                             * @description published with at least three observing suppliers; otherwise every figure is null
                             * @enum {string}
                             */
                            status: "published" | "insufficient_observers";
                            tax_id: string;
                            /**
                             * Format: date
                             * @description Lines issued from this date
                             */
                            window_from: string | null;
                            worst_settle_delay_days: number | null;
                        } | null;
                    };
                };
            };
            401: components["responses"]["Error401_unauthorized_key_expired"];
            403: components["responses"]["Error403_forbidden"];
            404: components["responses"]["Error404_not_found"];
            /**
             * @description - `country_invalid`: The country is not a two-letter ISO 3166 code.
             *     - `tax_id_required`: The `tax_id` query parameter is missing.
             *     - `query_invalid`: A query parameter has the wrong type, is out of range or unknown.
             */
            422: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description Stable machine-readable code.
                             * @enum {string}
                             */
                            code: "country_invalid" | "tax_id_required" | "query_invalid";
                            /** @description For a bad input: the path of the member at fault, when known. */
                            field?: string | null;
                            /** @description For people; may change. */
                            message: string;
                            /**
                             * Format: uuid
                             * @description The `Request-Id` of the call.
                             */
                            request_id?: string;
                        } & {
                            [key: string]: unknown;
                        };
                    };
                };
            };
            429: components["responses"]["Error429_rate_limited"];
            500: components["responses"]["Error500_internal_error"];
            503: components["responses"]["Error503_service_unavailable"];
        };
    };
    listPrescribers: {
        parameters: {
            query?: {
                /** @description The `next_cursor` of the previous page; absent for the first page */
                cursor?: string;
                /** @description Language of the page the link opens */
                lang?: "pt" | "es" | "en" | "fr" | "de" | "it" | "nl";
                /** @description 1 to 200; absent: the whole list in one answer */
                limit?: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The prescribers. */
            200: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        count: number;
                        /** @description Whether another page follows this one */
                        has_more: boolean;
                        /** @description Pass as `cursor` for the next page; null on the last page */
                        next_cursor: string | null;
                        prescribers: components["schemas"]["Prescriber"][];
                    };
                };
            };
            401: components["responses"]["Error401_unauthorized_key_expired"];
            403: components["responses"]["Error403_forbidden"];
            /**
             * @description - `query_invalid`: A query parameter has the wrong type, is out of range or unknown.
             *     - `cursor_invalid`: `cursor` (on the event log, `after`) is not a cursor this list answered with this filter.
             *     - `lang_invalid`: `lang` is not one of `pt`, `es`, `en`, `fr`, `de`, `it`, `nl`.
             */
            422: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description Stable machine-readable code.
                             * @enum {string}
                             */
                            code: "query_invalid" | "cursor_invalid" | "lang_invalid";
                            /** @description For a bad input: the path of the member at fault, when known. */
                            field?: string | null;
                            /** @description For people; may change. */
                            message: string;
                            /**
                             * Format: uuid
                             * @description The `Request-Id` of the call.
                             */
                            request_id?: string;
                        } & {
                            [key: string]: unknown;
                        };
                    };
                };
            };
            429: components["responses"]["Error429_rate_limited"];
            500: components["responses"]["Error500_internal_error"];
            503: components["responses"]["Error503_service_unavailable"];
        };
    };
    createPrescriber: {
        parameters: {
            query?: never;
            header?: {
                /**
                 * @description Makes the call safe to retry: within 24 hours the same key with the same body answers the first answer again without doing anything twice. 1 to 255 visible ASCII characters, per funder.
                 * @example 7f4c1d2e-order-0042-offer
                 */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description Sandbox: a reserved domain only */
                    email?: string | null;
                    /**
                     * @description Language of the page the link opens
                     * @enum {unknown}
                     */
                    lang?: "pt" | "es" | "en" | "fr" | "de" | "it" | "nl";
                    /** @description Unique among your active prescribers */
                    name: string;
                    notes?: string | null;
                };
            };
        };
        responses: {
            /** @description The prescriber and its link. */
            201: {
                headers: {
                    "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        prescriber: components["schemas"]["Prescriber"];
                    };
                };
            };
            400: components["responses"]["Error400_request_unreadable"];
            401: components["responses"]["Error401_unauthorized_key_expired"];
            403: components["responses"]["Error403_forbidden_out_of_scope"];
            /**
             * @description - `idempotency_key_in_use`: A call with the same `Idempotency-Key` is still running; retry shortly.
             *     - `prescriber_exists`: An active prescriber of yours already has this name.
             */
            409: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description Stable machine-readable code.
                             * @enum {string}
                             */
                            code: "idempotency_key_in_use" | "prescriber_exists";
                            /** @description For a bad input: the path of the member at fault, when known. */
                            field?: string | null;
                            /** @description For people; may change. */
                            message: string;
                            /**
                             * Format: uuid
                             * @description The `Request-Id` of the call.
                             */
                            request_id?: string;
                        } & {
                            [key: string]: unknown;
                        };
                    };
                };
            };
            413: components["responses"]["Error413_body_too_large"];
            415: components["responses"]["Error415_unsupported_media_type"];
            /**
             * @description - `body_invalid`: The body is not valid JSON, or a member has the wrong type, is unknown or missing.
             *     - `idempotency_key_reused`: The `Idempotency-Key` was used before with another body.
             *     - `idempotency_key_invalid`: The `Idempotency-Key` is not 1 to 255 visible ASCII characters.
             *     - `lang_invalid`: `lang` is not one of `pt`, `es`, `en`, `fr`, `de`, `it`, `nl`.
             *     - `name_invalid`: `name` is not 2 to 120 characters.
             *     - `email_invalid`: The e-mail address is not one.
             *     - `email_not_reserved`: A sandbox key records only reserved e-mail addresses (ending in `.example`, `.invalid`, `.test` or `.demo`).
             *     - `notes_invalid`: `notes` is not text of at most 1,000 characters.
             */
            422: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description Stable machine-readable code.
                             * @enum {string}
                             */
                            code: "body_invalid" | "idempotency_key_reused" | "idempotency_key_invalid" | "lang_invalid" | "name_invalid" | "email_invalid" | "email_not_reserved" | "notes_invalid";
                            /** @description For a bad input: the path of the member at fault, when known. */
                            field?: string | null;
                            /** @description For people; may change. */
                            message: string;
                            /**
                             * Format: uuid
                             * @description The `Request-Id` of the call.
                             */
                            request_id?: string;
                        } & {
                            [key: string]: unknown;
                        };
                    };
                };
            };
            429: components["responses"]["Error429_rate_limited"];
            500: components["responses"]["Error500_internal_error"];
            503: components["responses"]["Error503_service_unavailable"];
        };
    };
    disablePrescriber: {
        parameters: {
            query?: never;
            header?: {
                /**
                 * @description Makes the call safe to retry: within 24 hours the same key with the same body answers the first answer again without doing anything twice. 1 to 255 visible ASCII characters, per funder.
                 * @example 7f4c1d2e-order-0042-offer
                 */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/json": {
                    /** @description Why, up to 200 characters */
                    reason?: string | null;
                };
            };
        };
        responses: {
            /** @description The prescriber after the call, and whether it changed. */
            200: {
                headers: {
                    "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        changed: boolean;
                        prescriber: components["schemas"]["Prescriber"];
                    };
                };
            };
            400: components["responses"]["Error400_request_unreadable"];
            401: components["responses"]["Error401_unauthorized_key_expired"];
            403: components["responses"]["Error403_forbidden_out_of_scope"];
            404: components["responses"]["Error404_not_found"];
            409: components["responses"]["Error409_idempotency_key_in_use"];
            413: components["responses"]["Error413_body_too_large"];
            415: components["responses"]["Error415_unsupported_media_type"];
            422: components["responses"]["Error422_body_invalid_idempotency_key_reused_idempotency_key_invalid_reason_invalid"];
            429: components["responses"]["Error429_rate_limited"];
            500: components["responses"]["Error500_internal_error"];
            503: components["responses"]["Error503_service_unavailable"];
        };
    };
    prescriberReport: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The report. */
            200: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {string} */
                        currency: "EUR";
                        funder: components["schemas"]["Funder"];
                        /** Format: date-time */
                        generated_at: string;
                        groups: {
                            active?: boolean;
                            /** @description Advance (else total) of funded or settled requests */
                            amount_funded: number;
                            amount_requested: number;
                            arrived: number;
                            companies: {
                                amount_funded: number;
                                amount_requested: number;
                                /** Format: date-time */
                                arrived_at: string;
                                company_name: string;
                                company_tax_id: string;
                                country: string;
                                /** Format: date-time */
                                joined_at: string | null;
                                /** Format: date-time */
                                onboarded_at: string | null;
                                requests: number;
                            }[];
                            joined: number;
                            /** @enum {string} */
                            kind: "prescriber" | "own_link" | "named" | "api";
                            name?: string;
                            onboarded: number;
                            /** Format: uuid */
                            prescriber_id?: string;
                            requests: number;
                            /** Format: date-time */
                            since?: string;
                        }[];
                        /** @enum {string} */
                        plane: "live" | "demo";
                        totals: {
                            /** @description Advance (else total) of funded or settled requests */
                            amount_funded: number;
                            amount_requested: number;
                            arrived: number;
                            joined: number;
                            onboarded: number;
                            requests: number;
                        };
                    };
                };
            };
            401: components["responses"]["Error401_unauthorized_key_expired"];
            403: components["responses"]["Error403_forbidden"];
            429: components["responses"]["Error429_rate_limited"];
            500: components["responses"]["Error500_internal_error"];
            503: components["responses"]["Error503_service_unavailable"];
        };
    };
    getProgramme: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Your programme. */
            200: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description Companies with a request routed to you, and those you set terms for */
                        companies: {
                            company_name: string;
                            /** @description Why the company’s own terms were set */
                            reason: string | null;
                            /** Format: uuid */
                            seller_id: string;
                            tax_id: string;
                            terms: components["schemas"]["Terms"];
                            /** Format: date-time */
                            updated_at: string | null;
                        }[];
                        default: {
                            /** @description Automatic announcement when a dispute is raised */
                            announce_on_dispute: boolean;
                            /** @description Automatic announcement when the seller’s verification lapses */
                            announce_on_kyc_lapse: boolean;
                            /** @description Automatic announcement this many days after an invoice’s due date; null: off */
                            announce_overdue_days: number | null;
                            /** @enum {string} */
                            bank_data: "off" | "requested" | "required";
                            /**
                             * @description announced: debtors acknowledge before funding; confidential: notices prepared, sent when announced
                             * @enum {string}
                             */
                            disclosure: "announced" | "confidential";
                            /** @enum {string} */
                            recourse: "with" | "without";
                            /** @description Days after an invoice’s due date before a claim opens; null: none */
                            recourse_days: number | null;
                            /**
                             * @description funder_default: your default; seller: the company’s own terms over your default
                             * @enum {string}
                             */
                            source: "funder_default" | "seller";
                            /**
                             * Format: date-time
                             * @description null while never changed
                             */
                            updated_at: string | null;
                        };
                        funder: components["schemas"]["Funder"];
                        /** @description Requests routed to you, counted by `<disclosure>:<recourse>:<status>` */
                        requests: {
                            [key: string]: number;
                        };
                    };
                };
            };
            401: components["responses"]["Error401_unauthorized_key_expired"];
            403: components["responses"]["Error403_forbidden"];
            429: components["responses"]["Error429_rate_limited"];
            500: components["responses"]["Error500_internal_error"];
            503: components["responses"]["Error503_service_unavailable"];
        };
    };
    updateProgramme: {
        parameters: {
            query?: never;
            header?: {
                /**
                 * @description Makes the call safe to retry: within 24 hours the same key with the same body answers the first answer again without doing anything twice. 1 to 255 visible ASCII characters, per funder.
                 * @example 7f4c1d2e-order-0042-offer
                 */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path?: never;
            cookie?: never;
        };
        /** @description The terms to change, for your default or one company, and why */
        requestBody: {
            content: {
                "application/json": {
                    /** @description Why, at least 8 characters; kept on the evidence chain */
                    reason: string;
                    /** @description The company; absent or null: your default */
                    seller_id?: string | null;
                    /** @description Only the keys sent change */
                    terms: {
                        announce_on_dispute?: boolean;
                        announce_on_kyc_lapse?: boolean;
                        announce_overdue_days?: number | null;
                        /** @enum {unknown} */
                        bank_data?: "off" | "requested" | "required";
                        /** @enum {unknown} */
                        disclosure?: "announced" | "confidential";
                        /** @enum {unknown} */
                        recourse?: "with" | "without";
                        recourse_days?: number | null;
                        /**
                         * @description Alone, with a seller_id: removes the company’s own terms
                         * @enum {boolean}
                         */
                        reset?: true;
                    };
                };
            };
        };
        responses: {
            /** @description The terms in force after the change. */
            200: {
                headers: {
                    "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        changed: boolean;
                        /** @description Open requests routed to you under other terms than those now in force; they keep theirs */
                        open_requests_keep_their_terms: number;
                        /** @description The reason now kept with these terms; null after a reset */
                        reason: string | null;
                        /** Format: uuid */
                        seller_id: string | null;
                        terms: components["schemas"]["Terms"];
                        /** Format: date-time */
                        updated_at: string;
                    };
                };
            };
            400: components["responses"]["Error400_request_unreadable"];
            401: components["responses"]["Error401_unauthorized_key_expired"];
            403: components["responses"]["Error403_forbidden_out_of_scope"];
            409: components["responses"]["Error409_idempotency_key_in_use"];
            413: components["responses"]["Error413_body_too_large"];
            415: components["responses"]["Error415_unsupported_media_type"];
            /**
             * @description - `reason_required`: A reason is missing or too short (a decline needs a `reason` or `notes`).
             *     - `body_invalid`: The body is not valid JSON, or a member has the wrong type, is unknown or missing.
             *     - `idempotency_key_reused`: The `Idempotency-Key` was used before with another body.
             *     - `idempotency_key_invalid`: The `Idempotency-Key` is not 1 to 255 visible ASCII characters.
             *     - `seller_id_invalid`: `seller_id` is not a uuid.
             *     - `terms_invalid`: The terms are not an object, are empty, or a value is out of range.
             *     - `terms_key_unknown`: A key of `terms` is not a programme term.
             *     - `seller_not_in_programme`: The company has no request routed to you and is not your client.
             */
            422: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description Stable machine-readable code.
                             * @enum {string}
                             */
                            code: "reason_required" | "body_invalid" | "idempotency_key_reused" | "idempotency_key_invalid" | "seller_id_invalid" | "terms_invalid" | "terms_key_unknown" | "seller_not_in_programme";
                            /** @description For a bad input: the path of the member at fault, when known. */
                            field?: string | null;
                            /** @description For people; may change. */
                            message: string;
                            /**
                             * Format: uuid
                             * @description The `Request-Id` of the call.
                             */
                            request_id?: string;
                        } & {
                            [key: string]: unknown;
                        };
                    };
                };
            };
            429: components["responses"]["Error429_rate_limited"];
            500: components["responses"]["Error500_internal_error"];
            503: components["responses"]["Error503_service_unavailable"];
        };
    };
    getRecourse: {
        parameters: {
            query?: {
                /** @description The `next_cursor` of the previous page; absent for the first page */
                cursor?: string;
                /** @description 1 to 200; absent: the whole list in one answer */
                limit?: number;
                /** @description Only claims in this status; absent: every claim */
                status?: "open" | "settled" | "withdrawn" | "written_off";
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Your funded book by recourse type and your claims. */
            200: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description Open claims first, then the newest */
                        claims: components["schemas"]["Claim"][];
                        /** @description Every claim of yours counted by kind and status, whatever the filter */
                        claims_by_kind: {
                            debtor_default: components["schemas"]["ClaimsByKindEntry"];
                            recourse: components["schemas"]["ClaimsByKindEntry"];
                        };
                        /** @description Claims in this answer */
                        count: number;
                        /** @enum {string} */
                        currency: "EUR";
                        funder: components["schemas"]["Funder"];
                        /** @description Whether another page follows this one */
                        has_more: boolean;
                        /** @description Pass as `cursor` for the next page; null on the last page */
                        next_cursor: string | null;
                        /** @description Your funded factoring requests counted by the recourse of the terms they were routed under; not_recorded: routed before terms were recorded (2026-09-28) */
                        requests_by_recourse: {
                            not_recorded: components["schemas"]["RequestsByRecourseEntry"];
                            with: components["schemas"]["RequestsByRecourseEntry"];
                            without: components["schemas"]["RequestsByRecourseEntry"];
                        };
                    };
                };
            };
            401: components["responses"]["Error401_unauthorized_key_expired"];
            403: components["responses"]["Error403_forbidden"];
            422: components["responses"]["Error422_status_invalid_query_invalid_cursor_invalid"];
            429: components["responses"]["Error429_rate_limited"];
            500: components["responses"]["Error500_internal_error"];
            503: components["responses"]["Error503_service_unavailable"];
        };
    };
    closeRecourseClaim: {
        parameters: {
            query?: never;
            header?: {
                /**
                 * @description Makes the call safe to retry: within 24 hours the same key with the same body answers the first answer again without doing anything twice. 1 to 255 visible ASCII characters, per funder.
                 * @example 7f4c1d2e-order-0042-offer
                 */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        /** @description How the claim closes, and why */
        requestBody: {
            content: {
                "application/json": {
                    /** @description Why, at least 8 characters; kept on the evidence chain */
                    reason: string;
                    /**
                     * @description withdrawn (a recourse claim) or written_off (a debtor default)
                     * @enum {unknown}
                     */
                    status: "withdrawn" | "written_off";
                };
            };
        };
        responses: {
            /** @description The claim and its new status. */
            200: {
                headers: {
                    "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** Format: uuid */
                        claim_id: string;
                        /** @enum {unknown} */
                        status: "withdrawn" | "written_off";
                    };
                };
            };
            400: components["responses"]["Error400_request_unreadable"];
            401: components["responses"]["Error401_unauthorized_key_expired"];
            /**
             * @description - `forbidden`: The key lacks every scope that opens this operation, or its funder is not active.
             *     - `not_your_claim`: The recourse claim belongs to another funder.
             *     - `out_of_scope`: The database refused a row this call would have written: it belongs to another funder or plane. Nothing changed; this is our defect, not your input, so report it with the request id.
             */
            403: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description Stable machine-readable code.
                             * @enum {string}
                             */
                            code: "forbidden" | "not_your_claim" | "out_of_scope";
                            /** @description For a bad input: the path of the member at fault, when known. */
                            field?: string | null;
                            /** @description For people; may change. */
                            message: string;
                            /**
                             * Format: uuid
                             * @description The `Request-Id` of the call.
                             */
                            request_id?: string;
                        } & {
                            [key: string]: unknown;
                        };
                    };
                };
            };
            404: components["responses"]["Error404_not_found"];
            409: components["responses"]["Error409_idempotency_key_in_use"];
            413: components["responses"]["Error413_body_too_large"];
            415: components["responses"]["Error415_unsupported_media_type"];
            /**
             * @description - `reason_required`: A reason is missing or too short (a decline needs a `reason` or `notes`).
             *     - `body_invalid`: The body is not valid JSON, or a member has the wrong type, is unknown or missing.
             *     - `idempotency_key_reused`: The `Idempotency-Key` was used before with another body.
             *     - `idempotency_key_invalid`: The `Idempotency-Key` is not 1 to 255 visible ASCII characters.
             *     - `status_invalid`: The status is not one of the values this operation takes.
             *     - `close_invalid`: The closing status does not fit the kind of claim.
             *     - `claim_closed`: The claim is no longer open.
             */
            422: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description Stable machine-readable code.
                             * @enum {string}
                             */
                            code: "reason_required" | "body_invalid" | "idempotency_key_reused" | "idempotency_key_invalid" | "status_invalid" | "close_invalid" | "claim_closed";
                            /** @description For a bad input: the path of the member at fault, when known. */
                            field?: string | null;
                            /** @description For people; may change. */
                            message: string;
                            /**
                             * Format: uuid
                             * @description The `Request-Id` of the call.
                             */
                            request_id?: string;
                        } & {
                            [key: string]: unknown;
                        };
                    };
                };
            };
            429: components["responses"]["Error429_rate_limited"];
            500: components["responses"]["Error500_internal_error"];
            503: components["responses"]["Error503_service_unavailable"];
        };
    };
    getRegistry: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The registry’s state on your plane. */
            200: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {string} */
                        environment: "live" | "sandbox";
                        max_invoices_per_lookup: number;
                        /**
                         * @description closed: look-ups answer 403 registry_not_open (live plane until the service opens it)
                         * @enum {string}
                         */
                        status: "open" | "closed";
                        /** @description Your own look-ups on this plane */
                        your_lookups: {
                            last_30_days: components["schemas"]["YourLookupsEntry"];
                            total: components["schemas"]["YourLookupsEntry"];
                        };
                    };
                };
            };
            401: components["responses"]["Error401_unauthorized_key_expired"];
            403: components["responses"]["Error403_forbidden"];
            429: components["responses"]["Error429_rate_limited"];
            500: components["responses"]["Error500_internal_error"];
            503: components["responses"]["Error503_service_unavailable"];
        };
    };
    lookUpAssignments: {
        parameters: {
            query?: never;
            header?: {
                /**
                 * @description Makes the call safe to retry: within 24 hours the same key with the same body answers the first answer again without doing anything twice. 1 to 255 visible ASCII characters, per funder.
                 * @example 7f4c1d2e-order-0042-offer
                 */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path?: never;
            cookie?: never;
        };
        /** @description The invoices to check */
        requestBody: {
            content: {
                "application/json": {
                    /** @description 1 to 500 invoices; each is answered on its own, in the order sent */
                    invoices: {
                        /** @description When given, the face value must match too */
                        amount?: number;
                        /** @description The debtor (the invoice’s addressee): country and tax number */
                        debtor: {
                            /** @description ISO 3166-1 alpha-2 country of the tax number */
                            country: string;
                            /** @description The tax number as printed on the invoice; compared in capitals without spaces, dots, dashes or slashes */
                            tax_id: string;
                        };
                        /**
                         * Format: date
                         * @description When given, the issue date must match too
                         */
                        issue_date?: string;
                        /** @description The invoice number; compared in capitals without spaces, dots, dashes or slashes ("FV-2026/001" matches "fv 2026 001") */
                        number: string;
                        /** @description Your own reference for this line, given back with its answer */
                        ref?: string;
                        /** @description The seller (the invoice’s issuer): country and tax number */
                        seller: {
                            /** @description ISO 3166-1 alpha-2 country of the tax number */
                            country: string;
                            /** @description The tax number as printed on the invoice; compared in capitals without spaces, dots, dashes or slashes */
                            tax_id: string;
                        };
                    }[];
                };
            };
        };
        responses: {
            /** @description One answer per invoice, in the order sent. */
            200: {
                headers: {
                    "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        assigned_count: number;
                        /** Format: date-time */
                        checked_at: string;
                        count: number;
                        /** Format: uuid */
                        lookup_id: string;
                        /** @description SHA-256 of the normalised questions, as kept on the evidence chain */
                        query_sha256: string;
                        results: {
                            /** @description true: an invoice with these details is assigned to a funder of the service now */
                            assigned: boolean;
                            /** @description Position of the invoice in the body, from 0 */
                            index: number;
                            /** @description Your reference, when you sent one */
                            ref: string | null;
                        }[];
                    };
                };
            };
            400: components["responses"]["Error400_request_unreadable"];
            401: components["responses"]["Error401_unauthorized_key_expired"];
            /**
             * @description - `forbidden`: The key lacks every scope that opens this operation, or its funder is not active.
             *     - `registry_not_open`: The registry is not open to this funder.
             *     - `out_of_scope`: The database refused a row this call would have written: it belongs to another funder or plane. Nothing changed; this is our defect, not your input, so report it with the request id.
             */
            403: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description Stable machine-readable code.
                             * @enum {string}
                             */
                            code: "forbidden" | "registry_not_open" | "out_of_scope";
                            /** @description For a bad input: the path of the member at fault, when known. */
                            field?: string | null;
                            /** @description For people; may change. */
                            message: string;
                            /**
                             * Format: uuid
                             * @description The `Request-Id` of the call.
                             */
                            request_id?: string;
                        } & {
                            [key: string]: unknown;
                        };
                    };
                };
            };
            409: components["responses"]["Error409_idempotency_key_in_use"];
            413: components["responses"]["Error413_body_too_large"];
            415: components["responses"]["Error415_unsupported_media_type"];
            /**
             * @description - `body_invalid`: The body is not valid JSON, or a member has the wrong type, is unknown or missing.
             *     - `idempotency_key_reused`: The `Idempotency-Key` was used before with another body.
             *     - `idempotency_key_invalid`: The `Idempotency-Key` is not 1 to 255 visible ASCII characters.
             *     - `invalid_amount`: The amount is not a number of euros within the accepted range.
             *     - `country_invalid`: The country is not a two-letter ISO 3166 code.
             */
            422: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description Stable machine-readable code.
                             * @enum {string}
                             */
                            code: "body_invalid" | "idempotency_key_reused" | "idempotency_key_invalid" | "invalid_amount" | "country_invalid";
                            /** @description For a bad input: the path of the member at fault, when known. */
                            field?: string | null;
                            /** @description For people; may change. */
                            message: string;
                            /**
                             * Format: uuid
                             * @description The `Request-Id` of the call.
                             */
                            request_id?: string;
                        } & {
                            [key: string]: unknown;
                        };
                    };
                };
            };
            429: components["responses"]["Error429_rate_limited"];
            500: components["responses"]["Error500_internal_error"];
            503: components["responses"]["Error503_service_unavailable"];
        };
    };
    listRequests: {
        parameters: {
            query?: {
                /** @description The `next_cursor` of the previous page; absent for the first page */
                cursor?: string;
                limit?: number;
                /** @description open (default), all, or one status */
                status?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The requests, newest first. */
            200: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        count: number;
                        funder: components["schemas"]["Funder"];
                        /** @description Whether another page follows this one */
                        has_more: boolean;
                        /** @description Pass as `cursor` for the next page; null on the last page */
                        next_cursor: string | null;
                        requests: components["schemas"]["Request"][];
                    };
                };
            };
            401: components["responses"]["Error401_unauthorized_key_expired"];
            403: components["responses"]["Error403_forbidden"];
            422: components["responses"]["Error422_status_invalid_query_invalid_cursor_invalid"];
            429: components["responses"]["Error429_rate_limited"];
            500: components["responses"]["Error500_internal_error"];
            503: components["responses"]["Error503_service_unavailable"];
        };
    };
    getRequest: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The packet of the request. */
            200: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        debtor_consent: components["schemas"]["DebtorConsent"][];
                        my_offer: {
                            /** Format: date-time */
                            accepted_at: string | null;
                            advance_amount: number;
                            advance_pct: number;
                            days: number;
                            /** Format: date-time */
                            expires_at: string;
                            /** Format: uuid */
                            funding_request_id: string;
                            /** Format: uuid */
                            id: string;
                            notes: string | null;
                            rate: number;
                            status: string;
                            /** Format: date-time */
                            submitted_at: string;
                            valid_days: number;
                        } | null;
                        receivables: {
                            customer_country: string;
                            customer_name: string;
                            customer_tax_id: string;
                            invoice_amount: number;
                            /** Format: date */
                            invoice_date: string;
                            /** Format: date */
                            invoice_due_date: string | null;
                            invoice_no: string;
                            source: string;
                        }[];
                        request: {
                            advance_amount: number;
                            /** Format: date-time */
                            approved_at: string | null;
                            /** Format: uuid */
                            assigned_bank_id: string | null;
                            /** Format: date-time */
                            closed_at: string | null;
                            company_name: string;
                            company_nif: string;
                            consent_level_required: ("receipt" | "acknowledgment" | "acceptance") | null;
                            /** Format: date-time */
                            created_at: string;
                            debtor_consent: components["schemas"]["DebtorConsent"][];
                            /** Format: date-time */
                            funded_at: string | null;
                            /** Format: uuid */
                            id: string;
                            invoice_count: number;
                            request_ref: string;
                            /** Format: date-time */
                            routed_at: string | null;
                            settled_amount: number;
                            /** Format: date-time */
                            settled_at: string | null;
                            status: string;
                            total_amount: number;
                            /** @enum {string} */
                            type: "factoring" | "confirming";
                            /** Format: date-time */
                            updated_at: string;
                        };
                        risk: {
                            disputes: {
                                debtor_name: string | null;
                                /** Format: uuid */
                                id: string;
                                invoice_no: string | null;
                                /** Format: date-time */
                                raised_at: string;
                                raised_by: string;
                                reason: string;
                                resolution: string | null;
                                /** Format: date-time */
                                resolved_at: string | null;
                                status: string;
                            }[];
                            signals: {
                                code: string;
                                detail: string | null;
                                hard: boolean;
                                /** Format: uuid */
                                id: string;
                                /** Format: date-time */
                                raised_at: string;
                                /** Format: date-time */
                                reviewed_at: string | null;
                                severity: string;
                                status: string;
                            }[];
                        };
                        score: {
                            [key: string]: unknown;
                        } | null;
                    };
                };
            };
            401: components["responses"]["Error401_unauthorized_key_expired"];
            403: components["responses"]["Error403_forbidden"];
            404: components["responses"]["Error404_not_found"];
            429: components["responses"]["Error429_rate_limited"];
            500: components["responses"]["Error500_internal_error"];
            503: components["responses"]["Error503_service_unavailable"];
        };
    };
    announceRequest: {
        parameters: {
            query?: never;
            header?: {
                /**
                 * @description Makes the call safe to retry: within 24 hours the same key with the same body answers the first answer again without doing anything twice. 1 to 255 visible ASCII characters, per funder.
                 * @example 7f4c1d2e-order-0042-offer
                 */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        /** @description Why the request is announced */
        requestBody: {
            content: {
                "application/json": {
                    /** @description Why, at least 8 characters; kept on the evidence chain */
                    reason: string;
                };
            };
        };
        responses: {
            /** @description The request as announced, and how many notices were queued. */
            200: {
                headers: {
                    "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** Format: date-time */
                        announced_at: string;
                        /**
                         * @description What announced it: you (manual), or an automatic trigger of its terms
                         * @enum {string}
                         */
                        announced_trigger: "manual" | "overdue" | "dispute" | "kyc_lapse";
                        /** @enum {string} */
                        disclosure: "announced";
                        /** @description Prepared notices queued for sending to the debtors (sending_queued) */
                        notices_queued: number;
                        reason: string;
                        /** Format: uuid */
                        request_id: string;
                        request_ref: string;
                    };
                };
            };
            400: components["responses"]["Error400_request_unreadable"];
            401: components["responses"]["Error401_unauthorized_key_expired"];
            /**
             * @description - `forbidden`: The key lacks every scope that opens this operation, or its funder is not active.
             *     - `out_of_scope`: The database refused a row this call would have written: it belongs to another funder or plane. Nothing changed; this is our defect, not your input, so report it with the request id.
             *     - `not_routed_to_you`: The request is not routed to you at the moment.
             */
            403: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description Stable machine-readable code.
                             * @enum {string}
                             */
                            code: "forbidden" | "out_of_scope" | "not_routed_to_you";
                            /** @description For a bad input: the path of the member at fault, when known. */
                            field?: string | null;
                            /** @description For people; may change. */
                            message: string;
                            /**
                             * Format: uuid
                             * @description The `Request-Id` of the call.
                             */
                            request_id?: string;
                        } & {
                            [key: string]: unknown;
                        };
                    };
                };
            };
            404: components["responses"]["Error404_not_found"];
            409: components["responses"]["Error409_idempotency_key_in_use"];
            413: components["responses"]["Error413_body_too_large"];
            415: components["responses"]["Error415_unsupported_media_type"];
            /**
             * @description - `reason_required`: A reason is missing or too short (a decline needs a `reason` or `notes`).
             *     - `body_invalid`: The body is not valid JSON, or a member has the wrong type, is unknown or missing.
             *     - `idempotency_key_reused`: The `Idempotency-Key` was used before with another body.
             *     - `idempotency_key_invalid`: The `Idempotency-Key` is not 1 to 255 visible ASCII characters.
             *     - `already_announced`: The request was announced before.
             *     - `request_closed`: The request is closed.
             */
            422: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description Stable machine-readable code.
                             * @enum {string}
                             */
                            code: "reason_required" | "body_invalid" | "idempotency_key_reused" | "idempotency_key_invalid" | "already_announced" | "request_closed";
                            /** @description For a bad input: the path of the member at fault, when known. */
                            field?: string | null;
                            /** @description For people; may change. */
                            message: string;
                            /**
                             * Format: uuid
                             * @description The `Request-Id` of the call.
                             */
                            request_id?: string;
                        } & {
                            [key: string]: unknown;
                        };
                    };
                };
            };
            429: components["responses"]["Error429_rate_limited"];
            500: components["responses"]["Error500_internal_error"];
            503: components["responses"]["Error503_service_unavailable"];
        };
    };
    getRequestCashFlow: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The cash flow (or null), the bank data problems and the payment alerts of the request. */
            200: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description The request’s `bank_data` term, as routed
                         * @enum {unknown}
                         */
                        bank_data: "off" | "requested" | "required";
                        bank_data_problems: {
                            /** Format: date-time */
                            asked_at: string | null;
                            /** @description true under `bank_data: required`: funding waits for it */
                            holds_funding: boolean;
                            message: string;
                            /** @enum {unknown} */
                            problem: "not_connected" | "consent_revoked" | "payout_account_missing" | "payout_account_not_returned" | "payout_account_not_in_company_name";
                        }[];
                        cash_flow: {
                            accounts: {
                                /** Format: uuid */
                                account_id: string;
                                currency: string;
                                holder_name: string;
                                /** @description The last four characters of the IBAN: an IBAN is never shown whole */
                                iban_last4: string;
                                in_company_name: boolean;
                            }[];
                            balances: {
                                /** Format: uuid */
                                account_id: string;
                                amount: number;
                                /** Format: date-time */
                                as_of: string;
                                currency: string;
                                /** @description The last four characters of the IBAN: an IBAN is never shown whole */
                                iban_last4: string;
                            }[];
                            connection: {
                                /** Format: uuid */
                                connection_id: string;
                                /** Format: date-time */
                                consented_at: string;
                                /** Format: date-time */
                                last_read_at: string;
                                /** @enum {string} */
                                status: "active";
                            };
                            movements: {
                                /** @description YYYY-MM */
                                from_month: string;
                                months: {
                                    /** @description Money in, euros */
                                    credits: number;
                                    /** @description Money out, euros (positive) */
                                    debits: number;
                                    /** @description YYYY-MM */
                                    month: string;
                                    movements: number;
                                    net: number;
                                }[];
                                /** @description YYYY-MM */
                                to_month: string;
                            };
                            payout_account: {
                                /** @description Returned by the bank and held in the company’s name */
                                confirmed: boolean;
                                /** @description The last four characters of the IBAN: an IBAN is never shown whole */
                                iban_last4: string;
                                in_company_name: boolean;
                                returned_by_bank: boolean;
                            } | null;
                        } | null;
                        payment_alerts: components["schemas"]["Alert"][];
                        /** Format: uuid */
                        request_id: string;
                    };
                };
            };
            401: components["responses"]["Error401_unauthorized_key_expired"];
            403: components["responses"]["Error403_forbidden"];
            404: components["responses"]["Error404_not_found"];
            429: components["responses"]["Error429_rate_limited"];
            500: components["responses"]["Error500_internal_error"];
            503: components["responses"]["Error503_service_unavailable"];
        };
    };
    raiseConsentLevel: {
        parameters: {
            query?: never;
            header?: {
                /**
                 * @description Makes the call safe to retry: within 24 hours the same key with the same body answers the first answer again without doing anything twice. 1 to 255 visible ASCII characters, per funder.
                 * @example 7f4c1d2e-order-0042-offer
                 */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /**
                     * @description Only upwards
                     * @enum {unknown}
                     */
                    level: "receipt" | "acknowledgment" | "acceptance";
                    /** @description Why, at least 8 characters; kept on the evidence chain */
                    reason: string;
                };
            };
        };
        responses: {
            /** @description The level now required, and the one before. */
            200: {
                headers: {
                    "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        changed: boolean;
                        /**
                         * @description Lowest to highest: receipt, acknowledgment, acceptance
                         * @enum {string}
                         */
                        consent_level_required: "receipt" | "acknowledgment" | "acceptance";
                        from: ("receipt" | "acknowledgment" | "acceptance") | null;
                        /** Format: uuid */
                        request_id: string;
                    };
                };
            };
            400: components["responses"]["Error400_request_unreadable"];
            401: components["responses"]["Error401_unauthorized_key_expired"];
            403: components["responses"]["Error403_forbidden_out_of_scope"];
            404: components["responses"]["Error404_not_found"];
            /**
             * @description - `not_routed_to_you`: The request is not routed to you at the moment.
             *     - `level_lower`: Consent levels only go up; the level sent is lower than the current one.
             *     - `notice_already_decided`: A debtor has already answered its notice.
             *     - `not_factoring`: Only factoring requests have debtor notices.
             *     - `request_not_in_flight`: The request is closed, funded or settled.
             *     - `idempotency_key_in_use`: A call with the same `Idempotency-Key` is still running; retry shortly.
             *     - `conflict`: Another change got there first; read again and retry.
             */
            409: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description Stable machine-readable code.
                             * @enum {string}
                             */
                            code: "not_routed_to_you" | "level_lower" | "notice_already_decided" | "not_factoring" | "request_not_in_flight" | "idempotency_key_in_use" | "conflict";
                            /** @description For a bad input: the path of the member at fault, when known. */
                            field?: string | null;
                            /** @description For people; may change. */
                            message: string;
                            /**
                             * Format: uuid
                             * @description The `Request-Id` of the call.
                             */
                            request_id?: string;
                        } & {
                            [key: string]: unknown;
                        };
                    };
                };
            };
            413: components["responses"]["Error413_body_too_large"];
            415: components["responses"]["Error415_unsupported_media_type"];
            /**
             * @description - `reason_required`: A reason is missing or too short (a decline needs a `reason` or `notes`).
             *     - `body_invalid`: The body is not valid JSON, or a member has the wrong type, is unknown or missing.
             *     - `idempotency_key_reused`: The `Idempotency-Key` was used before with another body.
             *     - `idempotency_key_invalid`: The `Idempotency-Key` is not 1 to 255 visible ASCII characters.
             *     - `level_invalid`: The level is not one of `receipt`, `acknowledgment`, `acceptance`.
             */
            422: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description Stable machine-readable code.
                             * @enum {string}
                             */
                            code: "reason_required" | "body_invalid" | "idempotency_key_reused" | "idempotency_key_invalid" | "level_invalid";
                            /** @description For a bad input: the path of the member at fault, when known. */
                            field?: string | null;
                            /** @description For people; may change. */
                            message: string;
                            /**
                             * Format: uuid
                             * @description The `Request-Id` of the call.
                             */
                            request_id?: string;
                        } & {
                            [key: string]: unknown;
                        };
                    };
                };
            };
            429: components["responses"]["Error429_rate_limited"];
            500: components["responses"]["Error500_internal_error"];
            503: components["responses"]["Error503_service_unavailable"];
        };
    };
    getRequestDebtors: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The debtors of the request. */
            200: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        count: number;
                        debtors: {
                            buyer_programme: boolean;
                            credit_limit: {
                                amount: number | null;
                                /** @description Outstanding plus committed plus offered, euros */
                                exposure: number;
                                /** @enum {string} */
                                source: "manual" | "api" | "import" | "insurer";
                                source_ref: string | null;
                                /** @enum {string} */
                                status: "active" | "refused" | "suspended";
                            } | null;
                            debtor_country: string;
                            /** @description COUNTRY:TAXID */
                            debtor_key: string;
                            debtor_name: string | null;
                            /** @enum {string} */
                            level: "notice" | "account" | "books" | "buyer";
                            /** Format: date-time */
                            level_since: string | null;
                            /** @description The seller’s invoices to this debtor issued in the last 36 months */
                            pair_history: {
                                avg_days_to_pay: number | null;
                                /** Format: date */
                                first_invoice: string | null;
                                invoices: number;
                                /** Format: date */
                                last_invoice: string | null;
                                median_days_to_pay: number | null;
                                on_time_pct: number | null;
                                open: number;
                                /** @description Open past the due date stated on the invoice */
                                overdue: number;
                                /** @description Marked paid in the seller’s own books */
                                settled: number;
                                share_of_sales_pct: number | null;
                                with_due_date: number;
                            };
                            public_payment_period: {
                                /** @description Average days the public body takes to pay in the period */
                                days: number;
                                entity_name: string;
                                /** Format: date */
                                period_end: string;
                                /** @enum {string} */
                                source: "dgal_pmp" | "hacienda_pmp";
                            } | null;
                            score: {
                                /** Format: date-time */
                                computed_at: string;
                                /** @enum {string} */
                                grade: "A" | "B" | "C" | "D" | "E";
                                model_version: string;
                                score_100: number;
                            } | null;
                        }[];
                        funder: components["schemas"]["Funder"];
                        /** Format: uuid */
                        request_id: string;
                    };
                };
            };
            401: components["responses"]["Error401_unauthorized_key_expired"];
            403: components["responses"]["Error403_forbidden"];
            404: components["responses"]["Error404_not_found"];
            /** @description - `not_factoring`: Only factoring requests have debtor notices. */
            409: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description Stable machine-readable code.
                             * @enum {string}
                             */
                            code: "not_factoring";
                            /** @description For a bad input: the path of the member at fault, when known. */
                            field?: string | null;
                            /** @description For people; may change. */
                            message: string;
                            /**
                             * Format: uuid
                             * @description The `Request-Id` of the call.
                             */
                            request_id?: string;
                        } & {
                            [key: string]: unknown;
                        };
                    };
                };
            };
            429: components["responses"]["Error429_rate_limited"];
            500: components["responses"]["Error500_internal_error"];
            503: components["responses"]["Error503_service_unavailable"];
        };
    };
    decideOnRequest: {
        parameters: {
            query?: never;
            header?: {
                /**
                 * @description Makes the call safe to retry: within 24 hours the same key with the same body answers the first answer again without doing anything twice. 1 to 255 visible ASCII characters, per funder.
                 * @example 7f4c1d2e-order-0042-offer
                 */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        /** @description Chosen by decision: offer, decline, fund, settle */
        requestBody: {
            content: {
                "application/json": components["schemas"]["OfferDecision"] | components["schemas"]["DeclineDecision"] | components["schemas"]["FundDecision"] | components["schemas"]["SettleDecision"];
            };
        };
        responses: {
            /** @description The decision was recorded (decisions `decline`, `fund` and `settle`). */
            200: {
                headers: {
                    "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["DecideOnRequestAnswer"];
                };
            };
            /** @description The offer was recorded (decision `offer`). */
            201: {
                headers: {
                    "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["DecideOnRequestAnswer"];
                };
            };
            /**
             * @description - `reason_required`: A reason is missing or too short (a decline needs a `reason` or `notes`).
             *     - `request_unreadable`: The request could not be read: a broken body stream, a body that is not UTF-8, or JSON nested more than 64 levels deep.
             */
            400: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description Stable machine-readable code.
                             * @enum {string}
                             */
                            code: "reason_required" | "request_unreadable";
                            /** @description For a bad input: the path of the member at fault, when known. */
                            field?: string | null;
                            /** @description For people; may change. */
                            message: string;
                            /**
                             * Format: uuid
                             * @description The `Request-Id` of the call.
                             */
                            request_id?: string;
                        } & {
                            [key: string]: unknown;
                        };
                    };
                };
            };
            401: components["responses"]["Error401_unauthorized_key_expired"];
            /**
             * @description - `forbidden`: The key lacks every scope that opens this operation, or its funder is not active.
             *     - `not_your_request`: You are not the funder of record of this request.
             *     - `out_of_scope`: The database refused a row this call would have written: it belongs to another funder or plane. Nothing changed; this is our defect, not your input, so report it with the request id.
             */
            403: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description Stable machine-readable code.
                             * @enum {string}
                             */
                            code: "forbidden" | "not_your_request" | "out_of_scope";
                            /** @description For a bad input: the path of the member at fault, when known. */
                            field?: string | null;
                            /** @description For people; may change. */
                            message: string;
                            /**
                             * Format: uuid
                             * @description The `Request-Id` of the call.
                             */
                            request_id?: string;
                        } & {
                            [key: string]: unknown;
                        };
                    };
                };
            };
            404: components["responses"]["Error404_not_found"];
            /**
             * @description - `not_routed_to_you`: The request is not routed to you at the moment.
             *     - `invalid_state`: The request is not in a status that allows this action.
             *     - `credit_limit`: One of your credit limits (debtor or seller) cannot hold this offer.
             *     - `debtor_not_eligible_for_funder`: You take listed buyers only and a debtor is not on your list; the error lists them in `debtors`.
             *     - `documents_missing_for_funder`: A document you require from the seller is missing, unverified or expired; the error lists them.
             *     - `funding_gate_failed`: A funding gate is not met (a blocking check, a debtor acknowledgment under announced terms, a confidential gate, or `bank_data` when the terms require the payout account confirmed as the seller’s own); `gates` names each.
             *     - `funding_amount_mismatch`: The `amount` sent differs from the accepted advance.
             *     - `idempotency_key_in_use`: A call with the same `Idempotency-Key` is still running; retry shortly.
             *     - `conflict`: Another change got there first; read again and retry.
             */
            409: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description Stable machine-readable code.
                             * @enum {string}
                             */
                            code: "not_routed_to_you" | "invalid_state" | "credit_limit" | "debtor_not_eligible_for_funder" | "documents_missing_for_funder" | "funding_gate_failed" | "funding_amount_mismatch" | "idempotency_key_in_use" | "conflict";
                            /** @description The debtors not on your list: `name`, `debtor_key`, `reason`, `invoices`. */
                            debtors?: Record<string, never>[];
                            /** @description The documents missing, unverified or expired. */
                            documents?: Record<string, never>[];
                            /** @description For a bad input: the path of the member at fault, when known. */
                            field?: string | null;
                            /** @description For people; may change. */
                            message: string;
                            /**
                             * Format: uuid
                             * @description The `Request-Id` of the call.
                             */
                            request_id?: string;
                        } & {
                            [key: string]: unknown;
                        };
                    };
                };
            };
            413: components["responses"]["Error413_body_too_large"];
            415: components["responses"]["Error415_unsupported_media_type"];
            /**
             * @description - `body_invalid`: The body is not valid JSON, or a member has the wrong type, is unknown or missing.
             *     - `idempotency_key_reused`: The `Idempotency-Key` was used before with another body.
             *     - `idempotency_key_invalid`: The `Idempotency-Key` is not 1 to 255 visible ASCII characters.
             *     - `invalid_terms`: An offer term (`rate`, `advance_pct`, `days`, `valid_days`) is missing or out of range.
             *     - `invalid_amount`: The amount is not a number of euros within the accepted range.
             *     - `invalid_received_at`: The receipt time is not a timestamp, or is more than one day ahead.
             *     - `invalid_funding_details`: `value_date` or `reference` is missing or out of range.
             *     - `step_back_message_required`: Declining an approved request needs a message of at least 10 characters for the seller.
             *     - `invalid_decision`: `decision` is not one of `offer`, `decline`, `fund`, `settle`.
             */
            422: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description Stable machine-readable code.
                             * @enum {string}
                             */
                            code: "body_invalid" | "idempotency_key_reused" | "idempotency_key_invalid" | "invalid_terms" | "invalid_amount" | "invalid_received_at" | "invalid_funding_details" | "step_back_message_required" | "invalid_decision";
                            /** @description For a bad input: the path of the member at fault, when known. */
                            field?: string | null;
                            /** @description For people; may change. */
                            message: string;
                            /**
                             * Format: uuid
                             * @description The `Request-Id` of the call.
                             */
                            request_id?: string;
                        } & {
                            [key: string]: unknown;
                        };
                    };
                };
            };
            429: components["responses"]["Error429_rate_limited"];
            500: components["responses"]["Error500_internal_error"];
            503: components["responses"]["Error503_service_unavailable"];
        };
    };
    getRequestDocuments: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The documents of the request. */
            200: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        current: {
                            code: string;
                            /** Format: uuid */
                            document_id: string;
                            /** @description Works for two minutes, without a key */
                            download_url: string;
                            file_name: string;
                            /** Format: date */
                            issued_on: string;
                            media_type: string;
                            name: string;
                            /** @description On the funder's list for the seller's country */
                            required: boolean;
                            sha256: string;
                            size_bytes: number;
                            /** @enum {string} */
                            status: "pending" | "verified";
                            /** Format: date-time */
                            uploaded_at: string;
                            /** @description Seconds the URL works: 120 */
                            url_expires_in: number;
                            valid_today: boolean;
                            /** Format: date */
                            valid_until: string | null;
                            verification_method: string | null;
                            /** Format: date-time */
                            verified_at: string | null;
                        }[];
                        deal_file: {
                            funding: components["schemas"]["DealFileEntry"] | null;
                            routing: components["schemas"]["DealFileEntry"] | null;
                        };
                        missing_today: {
                            code: string;
                            name: string;
                            /** @enum {string} */
                            problem: "missing" | "unverified" | "expired";
                        }[];
                        /** Format: uuid */
                        request_id: string;
                    };
                };
            };
            401: components["responses"]["Error401_unauthorized_key_expired"];
            403: components["responses"]["Error403_forbidden"];
            404: components["responses"]["Error404_not_found"];
            429: components["responses"]["Error429_rate_limited"];
            500: components["responses"]["Error500_internal_error"];
            503: components["responses"]["Error503_service_unavailable"];
        };
    };
    getRequestNotices: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The notices of the request. */
            200: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** Format: date-time */
                        announced_at: string | null;
                        announced_trigger: ("manual" | "overdue" | "dispute" | "kyc_lapse") | null;
                        count: number;
                        /** @enum {string} */
                        disclosure: "announced" | "confidential";
                        notices: {
                            /** @description The document still matches the invoices and amounts it covers; false once one changed */
                            current: boolean;
                            debtor_name: string;
                            debtor_tax_id: string;
                            /** @description null while no notice is prepared */
                            document: {
                                /** @description Country code of the law governing the notice */
                                governing_law: string;
                                /** @description Exactly the HTML the debtor receives; {{ACK_LINK}} stands where its personal link goes */
                                html: string;
                                language: string;
                                /** Format: date-time */
                                prepared_at: string;
                                /** @description SHA-256 (hex) of the subject, a line feed and the HTML */
                                sha256: string;
                                /** @description Exactly the subject the debtor receives */
                                subject: string;
                            } | null;
                            /** @description The service has an address to send the notice to */
                            has_notice_address: boolean;
                            /** @description The invoices of this debtor in the request, with their amounts today */
                            invoices: {
                                amount: number;
                                /** Format: uuid */
                                invoice_id: string;
                                number: string;
                            }[];
                            /** @description The document names the funder the request is routed to */
                            names_this_funder: boolean;
                            /** Format: uuid */
                            notice_id: string;
                            /** @description sending_queued once the request is announced; null while not sent */
                            sending: "sending_queued" | null;
                            /** Format: date-time */
                            sending_queued_at: string | null;
                            /** @description pending, acknowledged, disputed or withdrawn */
                            status: string;
                        }[];
                        /** Format: uuid */
                        request_id: string;
                    };
                };
            };
            401: components["responses"]["Error401_unauthorized_key_expired"];
            403: components["responses"]["Error403_forbidden"];
            404: components["responses"]["Error404_not_found"];
            429: components["responses"]["Error429_rate_limited"];
            500: components["responses"]["Error500_internal_error"];
            503: components["responses"]["Error503_service_unavailable"];
        };
    };
    getRequiredDocuments: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The catalogue and your lists. */
            200: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        catalogue: components["schemas"]["Catalogue"][];
                        /** @description The funder's list per seller country; a country without a list requires nothing */
                        required_by_country: components["schemas"]["RequiredByCountry"][];
                    };
                };
            };
            401: components["responses"]["Error401_unauthorized_key_expired"];
            403: components["responses"]["Error403_forbidden"];
            429: components["responses"]["Error429_rate_limited"];
            500: components["responses"]["Error500_internal_error"];
            503: components["responses"]["Error503_service_unavailable"];
        };
    };
    replaceRequiredDocuments: {
        parameters: {
            query?: never;
            header?: {
                /**
                 * @description Makes the call safe to retry: within 24 hours the same key with the same body answers the first answer again without doing anything twice. 1 to 255 visible ASCII characters, per funder.
                 * @example 7f4c1d2e-order-0042-offer
                 */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path?: never;
            cookie?: never;
        };
        /** @description The list for one seller country */
        requestBody: {
            content: {
                "application/json": {
                    /** @description Catalogue codes; an empty list clears the list for the country */
                    codes: string[];
                    country: string;
                    /** @description Kept on the evidence chain */
                    note?: string | null;
                };
            };
        };
        responses: {
            /** @description Your lists after the change. */
            200: {
                headers: {
                    "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        catalogue: components["schemas"]["Catalogue"][];
                        changed: boolean;
                        codes: string[];
                        country: string;
                        /** @description Open requests routed to the funder whose seller does not meet this country's list today */
                        open_requests_not_meeting: number;
                        /** @description The funder's list per seller country; a country without a list requires nothing */
                        required_by_country: components["schemas"]["RequiredByCountry"][];
                    };
                };
            };
            400: components["responses"]["Error400_request_unreadable"];
            401: components["responses"]["Error401_unauthorized_key_expired"];
            403: components["responses"]["Error403_forbidden_out_of_scope"];
            409: components["responses"]["Error409_idempotency_key_in_use_conflict"];
            413: components["responses"]["Error413_body_too_large"];
            415: components["responses"]["Error415_unsupported_media_type"];
            /**
             * @description - `body_invalid`: The body is not valid JSON, or a member has the wrong type, is unknown or missing.
             *     - `body_required`: A body is required.
             *     - `idempotency_key_reused`: The `Idempotency-Key` was used before with another body.
             *     - `idempotency_key_invalid`: The `Idempotency-Key` is not 1 to 255 visible ASCII characters.
             *     - `country_invalid`: The country is not a two-letter ISO 3166 code.
             *     - `codes_invalid`: `codes` is not a list of document codes.
             *     - `note_invalid`: The note is not text or is longer than allowed.
             *     - `country_without_catalogue`: There is no document catalogue for this country.
             *     - `document_code_unknown`: A document code is not in the catalogue of this country.
             */
            422: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description Stable machine-readable code.
                             * @enum {string}
                             */
                            code: "body_invalid" | "body_required" | "idempotency_key_reused" | "idempotency_key_invalid" | "country_invalid" | "codes_invalid" | "note_invalid" | "country_without_catalogue" | "document_code_unknown";
                            /** @description For a bad input: the path of the member at fault, when known. */
                            field?: string | null;
                            /** @description For people; may change. */
                            message: string;
                            /**
                             * Format: uuid
                             * @description The `Request-Id` of the call.
                             */
                            request_id?: string;
                        } & {
                            [key: string]: unknown;
                        };
                    };
                };
            };
            429: components["responses"]["Error429_rate_limited"];
            500: components["responses"]["Error500_internal_error"];
            503: components["responses"]["Error503_service_unavailable"];
        };
    };
    sandboxAcceptInvitation: {
        parameters: {
            query?: never;
            header?: {
                /**
                 * @description Makes the call safe to retry: within 24 hours the same key with the same body answers the first answer again without doing anything twice. 1 to 255 visible ASCII characters, per funder.
                 * @example 7f4c1d2e-order-0042-offer
                 */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The accepted invitation. */
            200: {
                headers: {
                    "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        invitation: components["schemas"]["Invitation"];
                    };
                };
            };
            400: components["responses"]["Error400_request_unreadable"];
            401: components["responses"]["Error401_unauthorized_key_expired"];
            403: components["responses"]["Error403_forbidden_sandbox_only_out_of_scope"];
            404: components["responses"]["Error404_not_found"];
            /**
             * @description - `idempotency_key_in_use`: A call with the same `Idempotency-Key` is still running; retry shortly.
             *     - `conflict`: Another change got there first; read again and retry.
             *     - `invitation_not_pending`: The invitation was already accepted, revoked or has expired.
             *     - `client_of_another_funder`: The company is already another funder's own client.
             */
            409: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description Stable machine-readable code.
                             * @enum {string}
                             */
                            code: "idempotency_key_in_use" | "conflict" | "invitation_not_pending" | "client_of_another_funder";
                            /** @description For a bad input: the path of the member at fault, when known. */
                            field?: string | null;
                            /** @description For people; may change. */
                            message: string;
                            /**
                             * Format: uuid
                             * @description The `Request-Id` of the call.
                             */
                            request_id?: string;
                        } & {
                            [key: string]: unknown;
                        };
                    };
                };
            };
            413: components["responses"]["Error413_body_too_large"];
            415: components["responses"]["Error415_unsupported_media_type"];
            422: components["responses"]["Error422_body_invalid_idempotency_key_reused_idempotency_key_invalid"];
            429: components["responses"]["Error429_rate_limited"];
            500: components["responses"]["Error500_internal_error"];
            503: components["responses"]["Error503_service_unavailable"];
        };
    };
    sandboxClientArrival: {
        parameters: {
            query?: never;
            header?: {
                /**
                 * @description Makes the call safe to retry: within 24 hours the same key with the same body answers the first answer again without doing anything twice. 1 to 255 visible ASCII characters, per funder.
                 * @example 7f4c1d2e-order-0042-offer
                 */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    company_name: string;
                    country: string;
                    email: string;
                    tax_id: string;
                };
            };
        };
        responses: {
            /** @description The invitation the company received. */
            201: {
                headers: {
                    "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        invitation: components["schemas"]["Invitation"];
                    };
                };
            };
            400: components["responses"]["Error400_request_unreadable"];
            401: components["responses"]["Error401_unauthorized_key_expired"];
            403: components["responses"]["Error403_forbidden_sandbox_only_out_of_scope"];
            404: components["responses"]["Error404_not_found"];
            /**
             * @description - `idempotency_key_in_use`: A call with the same `Idempotency-Key` is still running; retry shortly.
             *     - `link_not_active`: The client link was disabled or has expired: no company can sign up through it.
             */
            409: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description Stable machine-readable code.
                             * @enum {string}
                             */
                            code: "idempotency_key_in_use" | "link_not_active";
                            /** @description For a bad input: the path of the member at fault, when known. */
                            field?: string | null;
                            /** @description For people; may change. */
                            message: string;
                            /**
                             * Format: uuid
                             * @description The `Request-Id` of the call.
                             */
                            request_id?: string;
                        } & {
                            [key: string]: unknown;
                        };
                    };
                };
            };
            413: components["responses"]["Error413_body_too_large"];
            415: components["responses"]["Error415_unsupported_media_type"];
            /**
             * @description - `body_invalid`: The body is not valid JSON, or a member has the wrong type, is unknown or missing.
             *     - `idempotency_key_reused`: The `Idempotency-Key` was used before with another body.
             *     - `idempotency_key_invalid`: The `Idempotency-Key` is not 1 to 255 visible ASCII characters.
             *     - `country_invalid`: The country is not a two-letter ISO 3166 code.
             *     - `tax_id_required`: The `tax_id` query parameter is missing.
             *     - `email_invalid`: The e-mail address is not one.
             */
            422: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description Stable machine-readable code.
                             * @enum {string}
                             */
                            code: "body_invalid" | "idempotency_key_reused" | "idempotency_key_invalid" | "country_invalid" | "tax_id_required" | "email_invalid";
                            /** @description For a bad input: the path of the member at fault, when known. */
                            field?: string | null;
                            /** @description For people; may change. */
                            message: string;
                            /**
                             * Format: uuid
                             * @description The `Request-Id` of the call.
                             */
                            request_id?: string;
                        } & {
                            [key: string]: unknown;
                        };
                    };
                };
            };
            /**
             * @description - `rate_limited`: Too many calls with this key (or bad keys from this address); wait `Retry-After` seconds.
             *     - `signup_limit`: The link took 20 sign-ups in the last 60 minutes or 100 in the last 24 hours (rolling windows); retry after `retry_after_seconds`, when the oldest of them leaves the window.
             */
            429: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    "Request-Id": components["headers"]["RequestId"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description Stable machine-readable code.
                             * @enum {string}
                             */
                            code: "rate_limited" | "signup_limit";
                            /** @description For a bad input: the path of the member at fault, when known. */
                            field?: string | null;
                            /** @description Calls allowed in the window the call waits for (the one `Retry-After` counts down). */
                            limit?: number;
                            /** @description For people; may change. */
                            message: string;
                            /**
                             * Format: uuid
                             * @description The `Request-Id` of the call.
                             */
                            request_id?: string;
                            /** @description Seconds to wait, as in `Retry-After`. */
                            retry_after_seconds?: number;
                            /** @description Length of that window in seconds. */
                            window_seconds?: number;
                        } & {
                            [key: string]: unknown;
                        };
                    };
                };
            };
            500: components["responses"]["Error500_internal_error"];
            503: components["responses"]["Error503_service_unavailable"];
        };
    };
    sandboxClientLeave: {
        parameters: {
            query?: never;
            header?: {
                /**
                 * @description Makes the call safe to retry: within 24 hours the same key with the same body answers the first answer again without doing anything twice. 1 to 255 visible ASCII characters, per funder.
                 * @example 7f4c1d2e-order-0042-offer
                 */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path: {
                seller_id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description Why the company leaves the network, at least 8 characters; kept on the evidence chain */
                    reason: string;
                };
            };
        };
        responses: {
            /** @description The client as it stands, with when and why it left. */
            200: {
                headers: {
                    "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description false: the company had already left; nothing changed */
                        changed: boolean;
                        client: {
                            /** Format: uuid */
                            bank_id: string;
                            /** Format: date-time */
                            joined_at: string;
                            /**
                             * Format: date-time
                             * @description When the company left the network
                             */
                            left_at: string | null;
                            /** @description Why it left, as recorded */
                            left_reason: string | null;
                            /**
                             * Format: uuid
                             * @description The prescriber that brought the company, kept after it leaves
                             */
                            prescriber_id: string | null;
                            /** Format: uuid */
                            seller_id: string;
                            /** @enum {string} */
                            via: "link" | "named" | "api";
                        };
                    };
                };
            };
            400: components["responses"]["Error400_request_unreadable"];
            401: components["responses"]["Error401_unauthorized_key_expired"];
            403: components["responses"]["Error403_forbidden_sandbox_only_out_of_scope"];
            404: components["responses"]["Error404_not_found"];
            409: components["responses"]["Error409_idempotency_key_in_use"];
            413: components["responses"]["Error413_body_too_large"];
            415: components["responses"]["Error415_unsupported_media_type"];
            422: components["responses"]["Error422_reason_required_body_invalid_idempotency_key_reused_idempotency_key_invalid"];
            429: components["responses"]["Error429_rate_limited"];
            500: components["responses"]["Error500_internal_error"];
            503: components["responses"]["Error503_service_unavailable"];
        };
    };
    sandboxClientSharing: {
        parameters: {
            query?: never;
            header?: {
                /**
                 * @description Makes the call safe to retry: within 24 hours the same key with the same body answers the first answer again without doing anything twice. 1 to 255 visible ASCII characters, per funder.
                 * @example 7f4c1d2e-order-0042-offer
                 */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path: {
                seller_id: string;
            };
            cookie?: never;
        };
        /** @description The consent of one of your demonstration clients */
        requestBody: {
            content: {
                "application/json": {
                    /** @description Why, as the client gave it (optional) */
                    reason?: string;
                    /** @description true: the client lets you see its invoices; false: it stops */
                    sharing: boolean;
                };
            };
        };
        responses: {
            /** @description The client’s consent as it stands. */
            200: {
                headers: {
                    "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** Format: uuid */
                        bank_id: string;
                        changed: boolean;
                        /** Format: date-time */
                        changed_at: string;
                        /** Format: uuid */
                        seller_id: string;
                        sharing: boolean;
                    };
                };
            };
            400: components["responses"]["Error400_request_unreadable"];
            401: components["responses"]["Error401_unauthorized_key_expired"];
            403: components["responses"]["Error403_forbidden_sandbox_only_out_of_scope"];
            404: components["responses"]["Error404_not_found"];
            409: components["responses"]["Error409_idempotency_key_in_use"];
            413: components["responses"]["Error413_body_too_large"];
            415: components["responses"]["Error415_unsupported_media_type"];
            422: components["responses"]["Error422_body_invalid_idempotency_key_reused_idempotency_key_invalid"];
            429: components["responses"]["Error429_rate_limited"];
            500: components["responses"]["Error500_internal_error"];
            503: components["responses"]["Error503_service_unavailable"];
        };
    };
    sandboxCreateEarlyPayment: {
        parameters: {
            query?: never;
            header?: {
                /**
                 * @description Makes the call safe to retry: within 24 hours the same key with the same body answers the first answer again without doing anything twice. 1 to 255 visible ASCII characters, per funder.
                 * @example 7f4c1d2e-order-0042-offer
                 */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/json": {
                    /** @description Face value, default 12,000 */
                    amount?: number;
                    /** @description Maturity, days from today; default 60 */
                    due_in_days?: number;
                    /** @description Default: 98% of it */
                    offered_amount?: number;
                };
            };
        };
        responses: {
            /** @description The released early payment. */
            201: {
                headers: {
                    "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["EarlyPayment"];
                };
            };
            400: components["responses"]["Error400_request_unreadable"];
            401: components["responses"]["Error401_unauthorized_key_expired"];
            403: components["responses"]["Error403_forbidden_sandbox_only_out_of_scope"];
            409: components["responses"]["Error409_idempotency_key_in_use"];
            413: components["responses"]["Error413_body_too_large"];
            415: components["responses"]["Error415_unsupported_media_type"];
            422: components["responses"]["Error422_body_invalid_idempotency_key_reused_idempotency_key_invalid_invalid_amount"];
            429: components["responses"]["Error429_rate_limited"];
            500: components["responses"]["Error500_internal_error"];
            503: components["responses"]["Error503_service_unavailable"];
        };
    };
    sandboxAcceptEarlyPayment: {
        parameters: {
            query?: never;
            header?: {
                /**
                 * @description Makes the call safe to retry: within 24 hours the same key with the same body answers the first answer again without doing anything twice. 1 to 255 visible ASCII characters, per funder.
                 * @example 7f4c1d2e-order-0042-offer
                 */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/json": {
                    /** @description Why, kept with the answer */
                    reason?: string;
                };
            };
        };
        responses: {
            /** @description The accepted early payment. */
            200: {
                headers: {
                    "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["EarlyPayment"];
                };
            };
            400: components["responses"]["Error400_request_unreadable"];
            401: components["responses"]["Error401_unauthorized_key_expired"];
            403: components["responses"]["Error403_forbidden_sandbox_only_out_of_scope"];
            404: components["responses"]["Error404_not_found"];
            409: components["responses"]["Error409_idempotency_key_in_use_early_payment_state"];
            413: components["responses"]["Error413_body_too_large"];
            415: components["responses"]["Error415_unsupported_media_type"];
            422: components["responses"]["Error422_reason_required_body_invalid_idempotency_key_reused_idempotency_key_invalid"];
            429: components["responses"]["Error429_rate_limited"];
            500: components["responses"]["Error500_internal_error"];
            503: components["responses"]["Error503_service_unavailable"];
        };
    };
    sandboxDeclineEarlyPayment: {
        parameters: {
            query?: never;
            header?: {
                /**
                 * @description Makes the call safe to retry: within 24 hours the same key with the same body answers the first answer again without doing anything twice. 1 to 255 visible ASCII characters, per funder.
                 * @example 7f4c1d2e-order-0042-offer
                 */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/json": {
                    /** @description Why, kept with the answer */
                    reason?: string;
                };
            };
        };
        responses: {
            /** @description The declined early payment. */
            200: {
                headers: {
                    "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["EarlyPayment"];
                };
            };
            400: components["responses"]["Error400_request_unreadable"];
            401: components["responses"]["Error401_unauthorized_key_expired"];
            403: components["responses"]["Error403_forbidden_sandbox_only_out_of_scope"];
            404: components["responses"]["Error404_not_found"];
            409: components["responses"]["Error409_idempotency_key_in_use_early_payment_state"];
            413: components["responses"]["Error413_body_too_large"];
            415: components["responses"]["Error415_unsupported_media_type"];
            422: components["responses"]["Error422_reason_required_body_invalid_idempotency_key_reused_idempotency_key_invalid"];
            429: components["responses"]["Error429_rate_limited"];
            500: components["responses"]["Error500_internal_error"];
            503: components["responses"]["Error503_service_unavailable"];
        };
    };
    sandboxWithdrawEarlyPayment: {
        parameters: {
            query?: never;
            header?: {
                /**
                 * @description Makes the call safe to retry: within 24 hours the same key with the same body answers the first answer again without doing anything twice. 1 to 255 visible ASCII characters, per funder.
                 * @example 7f4c1d2e-order-0042-offer
                 */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/json": {
                    /** @description Why, kept with the answer */
                    reason?: string;
                };
            };
        };
        responses: {
            /** @description The withdrawn early payment. */
            200: {
                headers: {
                    "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["EarlyPayment"];
                };
            };
            400: components["responses"]["Error400_request_unreadable"];
            401: components["responses"]["Error401_unauthorized_key_expired"];
            403: components["responses"]["Error403_forbidden_sandbox_only_out_of_scope"];
            404: components["responses"]["Error404_not_found"];
            409: components["responses"]["Error409_idempotency_key_in_use_early_payment_state"];
            413: components["responses"]["Error413_body_too_large"];
            415: components["responses"]["Error415_unsupported_media_type"];
            422: components["responses"]["Error422_reason_required_body_invalid_idempotency_key_reused_idempotency_key_invalid"];
            429: components["responses"]["Error429_rate_limited"];
            500: components["responses"]["Error500_internal_error"];
            503: components["responses"]["Error503_service_unavailable"];
        };
    };
    sandboxInvoiceLedgerExit: {
        parameters: {
            query?: never;
            header?: {
                /**
                 * @description Makes the call safe to retry: within 24 hours the same key with the same body answers the first answer again without doing anything twice. 1 to 255 visible ASCII characters, per funder.
                 * @example 7f4c1d2e-order-0042-offer
                 */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        /** @description An invoice leaves its seller’s ledger */
        requestBody: {
            content: {
                "application/json": {
                    /**
                     * @description cancelled: voided or credited by the seller; removed: taken off the ledger (entered by mistake)
                     * @enum {unknown}
                     */
                    exit: "cancelled" | "removed";
                    /** @description Why (optional) */
                    reason?: string;
                };
            };
        };
        responses: {
            /** @description The invoice’s exit. */
            200: {
                headers: {
                    "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description false: it had already left the ledger (its first exit stays) */
                        changed: boolean;
                        /** @enum {string} */
                        exit: "cancelled" | "removed";
                        /** Format: uuid */
                        invoice_id: string;
                    };
                };
            };
            400: components["responses"]["Error400_request_unreadable"];
            401: components["responses"]["Error401_unauthorized_key_expired"];
            403: components["responses"]["Error403_forbidden_sandbox_only_out_of_scope"];
            404: components["responses"]["Error404_not_found"];
            409: components["responses"]["Error409_idempotency_key_in_use"];
            413: components["responses"]["Error413_body_too_large"];
            415: components["responses"]["Error415_unsupported_media_type"];
            422: components["responses"]["Error422_body_invalid_idempotency_key_reused_idempotency_key_invalid"];
            429: components["responses"]["Error429_rate_limited"];
            500: components["responses"]["Error500_internal_error"];
            503: components["responses"]["Error503_service_unavailable"];
        };
    };
    sandboxOnboardingAccount: {
        parameters: {
            query?: never;
            header?: {
                /**
                 * @description Makes the call safe to retry: within 24 hours the same key with the same body answers the first answer again without doing anything twice. 1 to 255 visible ASCII characters, per funder.
                 * @example 7f4c1d2e-order-0042-offer
                 */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The link after the call, and whether it changed. */
            200: {
                headers: {
                    "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        changed: boolean;
                        onboarding_link: components["schemas"]["OnboardingLink"];
                    };
                };
            };
            400: components["responses"]["Error400_request_unreadable"];
            401: components["responses"]["Error401_unauthorized_key_expired"];
            403: components["responses"]["Error403_forbidden_sandbox_only_out_of_scope"];
            404: components["responses"]["Error404_not_found"];
            409: components["responses"]["Error409_idempotency_key_in_use_onboarding_not_open"];
            413: components["responses"]["Error413_body_too_large"];
            415: components["responses"]["Error415_unsupported_media_type"];
            422: components["responses"]["Error422_body_invalid_idempotency_key_reused_idempotency_key_invalid"];
            429: components["responses"]["Error429_rate_limited"];
            500: components["responses"]["Error500_internal_error"];
            503: components["responses"]["Error503_service_unavailable"];
        };
    };
    sandboxCompleteOnboarding: {
        parameters: {
            query?: never;
            header?: {
                /**
                 * @description Makes the call safe to retry: within 24 hours the same key with the same body answers the first answer again without doing anything twice. 1 to 255 visible ASCII characters, per funder.
                 * @example 7f4c1d2e-order-0042-offer
                 */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The completed link and the signed return URL. */
            200: {
                headers: {
                    "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        onboarding_link: components["schemas"]["OnboardingLink"];
                        /** @description Your return_url with svc_onboarding, svc_status, svc_ts, svc_sig */
                        return_url: string;
                    };
                };
            };
            400: components["responses"]["Error400_request_unreadable"];
            401: components["responses"]["Error401_unauthorized_key_expired"];
            403: components["responses"]["Error403_forbidden_sandbox_only_out_of_scope"];
            404: components["responses"]["Error404_not_found"];
            /**
             * @description - `idempotency_key_in_use`: A call with the same `Idempotency-Key` is still running; retry shortly.
             *     - `conflict`: Another change got there first; read again and retry.
             *     - `client_of_another_funder`: The company is already another funder's own client.
             *     - `onboarding_not_open`: The onboarding link is completed, expired or revoked.
             */
            409: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description Stable machine-readable code.
                             * @enum {string}
                             */
                            code: "idempotency_key_in_use" | "conflict" | "client_of_another_funder" | "onboarding_not_open";
                            /** @description For a bad input: the path of the member at fault, when known. */
                            field?: string | null;
                            /** @description For people; may change. */
                            message: string;
                            /**
                             * Format: uuid
                             * @description The `Request-Id` of the call.
                             */
                            request_id?: string;
                        } & {
                            [key: string]: unknown;
                        };
                    };
                };
            };
            413: components["responses"]["Error413_body_too_large"];
            415: components["responses"]["Error415_unsupported_media_type"];
            422: components["responses"]["Error422_body_invalid_idempotency_key_reused_idempotency_key_invalid"];
            429: components["responses"]["Error429_rate_limited"];
            500: components["responses"]["Error500_internal_error"];
            503: components["responses"]["Error503_service_unavailable"];
        };
    };
    sandboxRecourseRepayment: {
        parameters: {
            query?: never;
            header?: {
                /**
                 * @description Makes the call safe to retry: within 24 hours the same key with the same body answers the first answer again without doing anything twice. 1 to 255 visible ASCII characters, per funder.
                 * @example 7f4c1d2e-order-0042-offer
                 */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description Default: what remains of the claim */
                    amount?: number;
                };
            };
        };
        responses: {
            /** @description The claim after the repayment, the payment recorded and the request’s status. */
            200: {
                headers: {
                    "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description The repayment recorded (euros) */
                        amount: number;
                        claim: components["schemas"]["Claim"];
                        /** @description funded, or settled once the claim is covered */
                        request_status: string;
                        /** Format: uuid */
                        settlement_id: string;
                    };
                };
            };
            400: components["responses"]["Error400_request_unreadable"];
            401: components["responses"]["Error401_unauthorized_key_expired"];
            403: components["responses"]["Error403_forbidden_sandbox_only_out_of_scope"];
            404: components["responses"]["Error404_not_found"];
            409: components["responses"]["Error409_invalid_state_idempotency_key_in_use"];
            413: components["responses"]["Error413_body_too_large"];
            415: components["responses"]["Error415_unsupported_media_type"];
            /**
             * @description - `body_invalid`: The body is not valid JSON, or a member has the wrong type, is unknown or missing.
             *     - `idempotency_key_reused`: The `Idempotency-Key` was used before with another body.
             *     - `idempotency_key_invalid`: The `Idempotency-Key` is not 1 to 255 visible ASCII characters.
             *     - `invalid_amount`: The amount is not a number of euros within the accepted range.
             *     - `claim_closed`: The claim is no longer open.
             */
            422: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description Stable machine-readable code.
                             * @enum {string}
                             */
                            code: "body_invalid" | "idempotency_key_reused" | "idempotency_key_invalid" | "invalid_amount" | "claim_closed";
                            /** @description For a bad input: the path of the member at fault, when known. */
                            field?: string | null;
                            /** @description For people; may change. */
                            message: string;
                            /**
                             * Format: uuid
                             * @description The `Request-Id` of the call.
                             */
                            request_id?: string;
                        } & {
                            [key: string]: unknown;
                        };
                    };
                };
            };
            429: components["responses"]["Error429_rate_limited"];
            500: components["responses"]["Error500_internal_error"];
            503: components["responses"]["Error503_service_unavailable"];
        };
    };
    sandboxCreateRequest: {
        parameters: {
            query?: never;
            header?: {
                /**
                 * @description Makes the call safe to retry: within 24 hours the same key with the same body answers the first answer again without doing anything twice. 1 to 255 visible ASCII characters, per funder.
                 * @example 7f4c1d2e-order-0042-offer
                 */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/json": {
                    invoices?: {
                        /** @description Euros above 0, exact to the cent */
                        amount: number;
                        debtor_country: string;
                        debtor_name: string;
                        debtor_tax_id: string;
                        /** Format: date */
                        due_date: string;
                        /**
                         * @description Where the invoice came from; upload is not the seller’s own books
                         * @enum {string}
                         */
                        source?: "erp" | "e_invoice" | "saft" | "upload";
                    }[];
                    /** @description Only the keys sent change */
                    terms?: {
                        announce_on_dispute?: boolean;
                        announce_on_kyc_lapse?: boolean;
                        announce_overdue_days?: number | null;
                        /** @enum {unknown} */
                        bank_data?: "off" | "requested" | "required";
                        /** @enum {unknown} */
                        disclosure?: "announced" | "confidential";
                        /** @enum {unknown} */
                        recourse?: "with" | "without";
                        recourse_days?: number | null;
                    };
                    /** @enum {string} */
                    type?: "factoring" | "confirming";
                };
            };
        };
        responses: {
            /** @description The new request, routed to you. */
            201: {
                headers: {
                    "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        request: components["schemas"]["Request"];
                    };
                };
            };
            400: components["responses"]["Error400_request_unreadable"];
            401: components["responses"]["Error401_unauthorized_key_expired"];
            403: components["responses"]["Error403_forbidden_sandbox_only_out_of_scope"];
            409: components["responses"]["Error409_idempotency_key_in_use_conflict"];
            413: components["responses"]["Error413_body_too_large"];
            415: components["responses"]["Error415_unsupported_media_type"];
            /**
             * @description - `body_invalid`: The body is not valid JSON, or a member has the wrong type, is unknown or missing.
             *     - `idempotency_key_reused`: The `Idempotency-Key` was used before with another body.
             *     - `idempotency_key_invalid`: The `Idempotency-Key` is not 1 to 255 visible ASCII characters.
             *     - `country_invalid`: The country is not a two-letter ISO 3166 code.
             *     - `terms_invalid`: The terms are not an object, are empty, or a value is out of range.
             *     - `terms_key_unknown`: A key of `terms` is not a programme term.
             */
            422: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description Stable machine-readable code.
                             * @enum {string}
                             */
                            code: "body_invalid" | "idempotency_key_reused" | "idempotency_key_invalid" | "country_invalid" | "terms_invalid" | "terms_key_unknown";
                            /** @description For a bad input: the path of the member at fault, when known. */
                            field?: string | null;
                            /** @description For people; may change. */
                            message: string;
                            /**
                             * Format: uuid
                             * @description The `Request-Id` of the call.
                             */
                            request_id?: string;
                        } & {
                            [key: string]: unknown;
                        };
                    };
                };
            };
            429: components["responses"]["Error429_rate_limited"];
            500: components["responses"]["Error500_internal_error"];
            503: components["responses"]["Error503_service_unavailable"];
        };
    };
    sandboxAcceptOffer: {
        parameters: {
            query?: never;
            header?: {
                /**
                 * @description Makes the call safe to retry: within 24 hours the same key with the same body answers the first answer again without doing anything twice. 1 to 255 visible ASCII characters, per funder.
                 * @example 7f4c1d2e-order-0042-offer
                 */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The request after the acceptance. */
            200: {
                headers: {
                    "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        request: components["schemas"]["Request"];
                    };
                };
            };
            400: components["responses"]["Error400_request_unreadable"];
            401: components["responses"]["Error401_unauthorized_key_expired"];
            403: components["responses"]["Error403_forbidden_sandbox_only_out_of_scope"];
            404: components["responses"]["Error404_not_found"];
            /**
             * @description - `not_routed_to_you`: The request is not routed to you at the moment.
             *     - `invalid_state`: The request is not in a status that allows this action.
             *     - `idempotency_key_in_use`: A call with the same `Idempotency-Key` is still running; retry shortly.
             *     - `conflict`: Another change got there first; read again and retry.
             */
            409: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description Stable machine-readable code.
                             * @enum {string}
                             */
                            code: "not_routed_to_you" | "invalid_state" | "idempotency_key_in_use" | "conflict";
                            /** @description For a bad input: the path of the member at fault, when known. */
                            field?: string | null;
                            /** @description For people; may change. */
                            message: string;
                            /**
                             * Format: uuid
                             * @description The `Request-Id` of the call.
                             */
                            request_id?: string;
                        } & {
                            [key: string]: unknown;
                        };
                    };
                };
            };
            413: components["responses"]["Error413_body_too_large"];
            415: components["responses"]["Error415_unsupported_media_type"];
            422: components["responses"]["Error422_body_invalid_idempotency_key_reused_idempotency_key_invalid"];
            429: components["responses"]["Error429_rate_limited"];
            500: components["responses"]["Error500_internal_error"];
            503: components["responses"]["Error503_service_unavailable"];
        };
    };
    sandboxAdvanceRequest: {
        parameters: {
            query?: never;
            header?: {
                /**
                 * @description Makes the call safe to retry: within 24 hours the same key with the same body answers the first answer again without doing anything twice. 1 to 255 visible ASCII characters, per funder.
                 * @example 7f4c1d2e-order-0042-offer
                 */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description Days that pass for this request only (1 to 400) */
                    days: number;
                };
            };
        };
        responses: {
            /** @description The request after the move, its own day, its invoices on that day and what happened. */
            200: {
                headers: {
                    "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        happened: {
                            announced: {
                                /** @enum {string} */
                                trigger: "overdue" | "dispute" | "kyc_lapse";
                            }[];
                            claims_opened: {
                                /** Format: uuid */
                                claim_id: string;
                                /** @enum {string} */
                                kind: "recourse" | "debtor_default";
                            }[];
                            /** @description The opportunities digest of the request’s own day as this key sees it: its own preview of that night, made by this call or an earlier one, or the shared digest once that night has been published. Null when the funder has no clients, so no night makes it a digest. */
                            digest: {
                                /**
                                 * Format: date
                                 * @description The request’s own day
                                 */
                                date: string;
                                /** Format: uuid */
                                digest_id: string;
                                /** @description Lines of the digest, in all */
                                line_count: number;
                                /** @description The path that reads the digest and its lines */
                                lines: string;
                            } | null;
                            offers_expired: {
                                /** Format: date-time */
                                expires_at: string;
                                /** Format: uuid */
                                offer_id: string;
                            }[];
                        };
                        invoices: {
                            days_overdue: number;
                            /** Format: date */
                            due_date: string | null;
                            invoice_no: string;
                            /**
                             * @description Where the invoice stands on the request’s own day
                             * @enum {string}
                             */
                            state: "not_due" | "due" | "overdue" | "no_due_date";
                        }[];
                        request: components["schemas"]["Request"];
                        time: {
                            /** @description Days this call moved the request */
                            days_advanced: number;
                            /**
                             * Format: date-time
                             * @description The request’s own now
                             */
                            now: string;
                            /** @description Days the request now lives ahead of the service clock, in all */
                            offset_days: number;
                            /**
                             * Format: date
                             * @description The request’s own day (Madrid time)
                             */
                            today: string;
                        };
                    };
                };
            };
            400: components["responses"]["Error400_request_unreadable"];
            401: components["responses"]["Error401_unauthorized_key_expired"];
            403: components["responses"]["Error403_forbidden_not_your_request_sandbox_only_out_of_scope"];
            404: components["responses"]["Error404_not_found"];
            /**
             * @description - `not_routed_to_you`: The request is not routed to you at the moment.
             *     - `invalid_state`: The request is not in a status that allows this action.
             *     - `idempotency_key_in_use`: A call with the same `Idempotency-Key` is still running; retry shortly.
             */
            409: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description Stable machine-readable code.
                             * @enum {string}
                             */
                            code: "not_routed_to_you" | "invalid_state" | "idempotency_key_in_use";
                            /** @description For a bad input: the path of the member at fault, when known. */
                            field?: string | null;
                            /** @description For people; may change. */
                            message: string;
                            /**
                             * Format: uuid
                             * @description The `Request-Id` of the call.
                             */
                            request_id?: string;
                        } & {
                            [key: string]: unknown;
                        };
                    };
                };
            };
            413: components["responses"]["Error413_body_too_large"];
            415: components["responses"]["Error415_unsupported_media_type"];
            422: components["responses"]["Error422_body_invalid_idempotency_key_reused_idempotency_key_invalid"];
            429: components["responses"]["Error429_rate_limited"];
            500: components["responses"]["Error500_internal_error"];
            503: components["responses"]["Error503_service_unavailable"];
        };
    };
    sandboxBankConnection: {
        parameters: {
            query?: never;
            header?: {
                /**
                 * @description Makes the call safe to retry: within 24 hours the same key with the same body answers the first answer again without doing anything twice. 1 to 255 visible ASCII characters, per funder.
                 * @example 7f4c1d2e-order-0042-offer
                 */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description Whether the account you pay into is the seller’s own (default true): true names the first account its bank returns, in the company’s name; false names an account its bank does not return. */
                    payout_account_own?: boolean;
                };
            };
        };
        responses: {
            /** @description The new consent. */
            201: {
                headers: {
                    "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        accounts: string[];
                        /** Format: uuid */
                        connection_id: string;
                        movements: number;
                        payout_account_own: boolean;
                        /** @description The last four characters of the IBAN: an IBAN is never shown whole */
                        payout_iban_last4: string;
                        /** Format: uuid */
                        replaced_connection_id: string | null;
                        /** Format: uuid */
                        request_id: string;
                        /** Format: uuid */
                        seller_id: string;
                    };
                };
            };
            400: components["responses"]["Error400_request_unreadable"];
            401: components["responses"]["Error401_unauthorized_key_expired"];
            403: components["responses"]["Error403_forbidden_sandbox_only_out_of_scope"];
            404: components["responses"]["Error404_not_found"];
            409: components["responses"]["Error409_idempotency_key_in_use"];
            413: components["responses"]["Error413_body_too_large"];
            415: components["responses"]["Error415_unsupported_media_type"];
            422: components["responses"]["Error422_body_invalid_idempotency_key_reused_idempotency_key_invalid"];
            429: components["responses"]["Error429_rate_limited"];
            500: components["responses"]["Error500_internal_error"];
            503: components["responses"]["Error503_service_unavailable"];
        };
    };
    sandboxDebtorAnswer: {
        parameters: {
            query?: never;
            header?: {
                /**
                 * @description Makes the call safe to retry: within 24 hours the same key with the same body answers the first answer again without doing anything twice. 1 to 255 visible ASCII characters, per funder.
                 * @example 7f4c1d2e-order-0042-offer
                 */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @enum {string} */
                    answer: "acknowledged" | "disputed";
                    debtor_tax_id?: string | null;
                    level?: ("receipt" | "acknowledgment" | "acceptance") | null;
                };
            };
        };
        responses: {
            /** @description The request after the answer. */
            200: {
                headers: {
                    "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        request: components["schemas"]["Request"];
                    };
                };
            };
            400: components["responses"]["Error400_request_unreadable"];
            401: components["responses"]["Error401_unauthorized_key_expired"];
            403: components["responses"]["Error403_forbidden_sandbox_only_out_of_scope"];
            404: components["responses"]["Error404_not_found"];
            /**
             * @description - `not_routed_to_you`: The request is not routed to you at the moment.
             *     - `invalid_state`: The request is not in a status that allows this action.
             *     - `notice_already_decided`: A debtor has already answered its notice.
             *     - `not_factoring`: Only factoring requests have debtor notices.
             *     - `request_not_in_flight`: The request is closed, funded or settled.
             *     - `idempotency_key_in_use`: A call with the same `Idempotency-Key` is still running; retry shortly.
             *     - `conflict`: Another change got there first; read again and retry.
             */
            409: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description Stable machine-readable code.
                             * @enum {string}
                             */
                            code: "not_routed_to_you" | "invalid_state" | "notice_already_decided" | "not_factoring" | "request_not_in_flight" | "idempotency_key_in_use" | "conflict";
                            /** @description For a bad input: the path of the member at fault, when known. */
                            field?: string | null;
                            /** @description For people; may change. */
                            message: string;
                            /**
                             * Format: uuid
                             * @description The `Request-Id` of the call.
                             */
                            request_id?: string;
                        } & {
                            [key: string]: unknown;
                        };
                    };
                };
            };
            413: components["responses"]["Error413_body_too_large"];
            415: components["responses"]["Error415_unsupported_media_type"];
            /**
             * @description - `body_invalid`: The body is not valid JSON, or a member has the wrong type, is unknown or missing.
             *     - `idempotency_key_reused`: The `Idempotency-Key` was used before with another body.
             *     - `idempotency_key_invalid`: The `Idempotency-Key` is not 1 to 255 visible ASCII characters.
             *     - `level_invalid`: The level is not one of `receipt`, `acknowledgment`, `acceptance`.
             */
            422: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description Stable machine-readable code.
                             * @enum {string}
                             */
                            code: "body_invalid" | "idempotency_key_reused" | "idempotency_key_invalid" | "level_invalid";
                            /** @description For a bad input: the path of the member at fault, when known. */
                            field?: string | null;
                            /** @description For people; may change. */
                            message: string;
                            /**
                             * Format: uuid
                             * @description The `Request-Id` of the call.
                             */
                            request_id?: string;
                        } & {
                            [key: string]: unknown;
                        };
                    };
                };
            };
            429: components["responses"]["Error429_rate_limited"];
            500: components["responses"]["Error500_internal_error"];
            503: components["responses"]["Error503_service_unavailable"];
        };
    };
    sandboxRequestParties: {
        parameters: {
            query?: never;
            header?: {
                /**
                 * @description Makes the call safe to retry: within 24 hours the same key with the same body answers the first answer again without doing anything twice. 1 to 255 visible ASCII characters, per funder.
                 * @example 7f4c1d2e-order-0042-offer
                 */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    invoice_amounts?: {
                        /** @description Euros above 0, exact to the cent */
                        amount: number;
                        invoice_number: string;
                    }[];
                    notice_addresses?: {
                        address: string | null;
                        debtor_tax_id: string;
                    }[];
                    /** @enum {string} */
                    seller_verification?: "pending" | "approved" | "rejected" | "lapsed";
                    /**
                     * Format: date
                     * @description The day the seller’s verification lapses; null: none planned
                     */
                    seller_verification_lapses_on?: string | null;
                };
            };
        };
        responses: {
            /** @description The request after the change. */
            200: {
                headers: {
                    "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        request: components["schemas"]["Request"];
                    };
                };
            };
            400: components["responses"]["Error400_request_unreadable"];
            401: components["responses"]["Error401_unauthorized_key_expired"];
            403: components["responses"]["Error403_forbidden_sandbox_only_out_of_scope"];
            404: components["responses"]["Error404_not_found"];
            /**
             * @description - `not_routed_to_you`: The request is not routed to you at the moment.
             *     - `idempotency_key_in_use`: A call with the same `Idempotency-Key` is still running; retry shortly.
             *     - `conflict`: Another change got there first; read again and retry.
             */
            409: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description Stable machine-readable code.
                             * @enum {string}
                             */
                            code: "not_routed_to_you" | "idempotency_key_in_use" | "conflict";
                            /** @description For a bad input: the path of the member at fault, when known. */
                            field?: string | null;
                            /** @description For people; may change. */
                            message: string;
                            /**
                             * Format: uuid
                             * @description The `Request-Id` of the call.
                             */
                            request_id?: string;
                        } & {
                            [key: string]: unknown;
                        };
                    };
                };
            };
            413: components["responses"]["Error413_body_too_large"];
            415: components["responses"]["Error415_unsupported_media_type"];
            422: components["responses"]["Error422_body_invalid_idempotency_key_reused_idempotency_key_invalid"];
            429: components["responses"]["Error429_rate_limited"];
            500: components["responses"]["Error500_internal_error"];
            503: components["responses"]["Error503_service_unavailable"];
        };
    };
    sandboxSellerPayment: {
        parameters: {
            query?: never;
            header?: {
                /**
                 * @description Makes the call safe to retry: within 24 hours the same key with the same body answers the first answer again without doing anything twice. 1 to 255 visible ASCII characters, per funder.
                 * @example 7f4c1d2e-order-0042-offer
                 */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description Euros, above 0 */
                    amount: number;
                    /** @description The paying debtor’s tax id */
                    debtor_tax_id?: string;
                };
            };
        };
        responses: {
            /** @description The payment and the alerts it raised. */
            201: {
                headers: {
                    "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        alerts: components["schemas"]["Alert"][];
                        debtor_tax_id: string;
                        /** Format: uuid */
                        payment_id: string | null;
                        recorded: boolean;
                        /** Format: uuid */
                        request_id: string;
                        /** Format: uuid */
                        seller_id: string;
                    };
                };
            };
            400: components["responses"]["Error400_request_unreadable"];
            401: components["responses"]["Error401_unauthorized_key_expired"];
            403: components["responses"]["Error403_forbidden_sandbox_only_out_of_scope"];
            404: components["responses"]["Error404_not_found"];
            409: components["responses"]["Error409_invalid_state_idempotency_key_in_use"];
            413: components["responses"]["Error413_body_too_large"];
            415: components["responses"]["Error415_unsupported_media_type"];
            422: components["responses"]["Error422_body_invalid_idempotency_key_reused_idempotency_key_invalid_invalid_amount"];
            429: components["responses"]["Error429_rate_limited"];
            500: components["responses"]["Error500_internal_error"];
            503: components["responses"]["Error503_service_unavailable"];
        };
    };
    sandboxConfirmStatementLine: {
        parameters: {
            query?: never;
            header?: {
                /**
                 * @description Makes the call safe to retry: within 24 hours the same key with the same body answers the first answer again without doing anything twice. 1 to 255 visible ASCII characters, per funder.
                 * @example 7f4c1d2e-order-0042-offer
                 */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path: {
                id: string;
                line: number;
            };
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/json": {
                    /** Format: uuid */
                    request_id?: string | null;
                };
            };
        };
        responses: {
            /** @description The line and the settlement it recorded. */
            200: {
                headers: {
                    "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        line: components["schemas"]["Line"];
                        settlement: {
                            amount: number;
                            final: boolean;
                            /** Format: date-time */
                            received_at: string;
                            reference: string | null;
                            remaining_amount: number;
                            /** Format: uuid */
                            request_id: string;
                            settled_amount: number;
                            /** Format: uuid */
                            settlement_id: string;
                            status: string;
                        };
                        /** Format: uuid */
                        statement_id: string;
                    };
                };
            };
            400: components["responses"]["Error400_request_unreadable"];
            401: components["responses"]["Error401_unauthorized_key_expired"];
            403: components["responses"]["Error403_forbidden_not_your_request_sandbox_only_out_of_scope"];
            404: components["responses"]["Error404_not_found"];
            /**
             * @description - `invalid_state`: The request is not in a status that allows this action.
             *     - `request_not_in_flight`: The request is closed, funded or settled.
             *     - `idempotency_key_in_use`: A call with the same `Idempotency-Key` is still running; retry shortly.
             *     - `conflict`: Another change got there first; read again and retry.
             */
            409: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description Stable machine-readable code.
                             * @enum {string}
                             */
                            code: "invalid_state" | "request_not_in_flight" | "idempotency_key_in_use" | "conflict";
                            /** @description For a bad input: the path of the member at fault, when known. */
                            field?: string | null;
                            /** @description For people; may change. */
                            message: string;
                            /**
                             * Format: uuid
                             * @description The `Request-Id` of the call.
                             */
                            request_id?: string;
                        } & {
                            [key: string]: unknown;
                        };
                    };
                };
            };
            413: components["responses"]["Error413_body_too_large"];
            415: components["responses"]["Error415_unsupported_media_type"];
            422: components["responses"]["Error422_body_invalid_idempotency_key_reused_idempotency_key_invalid_invalid_amount"];
            429: components["responses"]["Error429_rate_limited"];
            500: components["responses"]["Error500_internal_error"];
            503: components["responses"]["Error503_service_unavailable"];
        };
    };
    listSellerLimits: {
        parameters: {
            query?: {
                /** @description The `next_cursor` of the previous page; absent for the first page */
                cursor?: string;
                /** @description 1 to 500; absent: the whole list in one answer */
                limit?: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Your seller book. */
            200: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        count: number;
                        /** @enum {string} */
                        currency: "EUR";
                        funder: components["schemas"]["Funder"];
                        /** @description Whether another page follows this one */
                        has_more: boolean;
                        /** @description Pass as `cursor` for the next page; null on the last page */
                        next_cursor: string | null;
                        sellers: {
                            /** @description limit less exposure (negative when a limit was lowered below it) */
                            available: number | null;
                            /** @description face value of approved requests not yet funded, euros */
                            committed: number;
                            /** Format: date-time */
                            decided_at: string | null;
                            /** @description outstanding + committed + offered, euros */
                            exposure: number;
                            frozen: boolean;
                            /** @description euros */
                            limit_amount: number | null;
                            limit_source: ("manual" | "api" | "import" | "insurer") | null;
                            limit_source_ref: string | null;
                            limit_status: ("active" | "refused" | "suspended") | null;
                            note: string | null;
                            /** @description face value of requests under a pending, unexpired offer, euros */
                            offered: number;
                            /** Format: date */
                            oldest_overdue: string | null;
                            /** @description face value of funded invoices less the payments the funder recorded, euros */
                            outstanding: number;
                            /** @description unpaid funded invoices past their due date */
                            overdue_count: number;
                            seller_country: string;
                            /** Format: uuid */
                            seller_id: string;
                            seller_marked_paid: components["schemas"]["EventSellerMarkedPaid"][];
                            seller_name: string;
                            seller_nif: string;
                        }[];
                    };
                };
            };
            401: components["responses"]["Error401_unauthorized_key_expired"];
            403: components["responses"]["Error403_forbidden"];
            422: components["responses"]["Error422_query_invalid_cursor_invalid"];
            429: components["responses"]["Error429_rate_limited"];
            500: components["responses"]["Error500_internal_error"];
            503: components["responses"]["Error503_service_unavailable"];
        };
    };
    setSellerLimit: {
        parameters: {
            query?: never;
            header?: {
                /**
                 * @description Makes the call safe to retry: within 24 hours the same key with the same body answers the first answer again without doing anything twice. 1 to 255 visible ASCII characters, per funder.
                 * @example 7f4c1d2e-order-0042-offer
                 */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path?: never;
            cookie?: never;
        };
        /** @description One seller limit; it replaces the limit on record (source api). */
        requestBody: {
            content: {
                "application/json": {
                    /** @description Euros, 0 or more; required for an active limit */
                    amount?: number | null;
                    note?: string | null;
                    /**
                     * Format: uuid
                     * @description As GET /v1/seller-limits gives it
                     */
                    seller_id: string;
                    /**
                     * @description active (default), refused or suspended
                     * @enum {unknown}
                     */
                    status?: "active" | "refused" | "suspended";
                };
            };
        };
        responses: {
            /** @description The limit on record after the call. */
            200: {
                headers: {
                    "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        changed: boolean;
                        seller_limit: {
                            /** @description euros */
                            amount: number | null;
                            /** @description euros */
                            available: number | null;
                            /** @description euros */
                            committed: number;
                            /** Format: date-time */
                            created_at: string;
                            /** Format: date-time */
                            decided_at: string;
                            /** @description who made the last change: the API key or the operations team */
                            decided_by: {
                                [key: string]: string;
                            };
                            /** @description euros */
                            exposure: number;
                            frozen: boolean;
                            note: string | null;
                            /** @description euros */
                            offered: number;
                            /** @description euros */
                            outstanding: number;
                            seller_country: string;
                            /** Format: uuid */
                            seller_id: string;
                            seller_name: string;
                            seller_nif: string;
                            /** @enum {string} */
                            source: "manual" | "api" | "import" | "insurer";
                            /** @enum {string} */
                            status: "active" | "refused" | "suspended";
                            /** Format: date-time */
                            updated_at: string;
                        };
                    };
                };
            };
            400: components["responses"]["Error400_request_unreadable"];
            401: components["responses"]["Error401_unauthorized_key_expired"];
            403: components["responses"]["Error403_forbidden_out_of_scope"];
            404: components["responses"]["Error404_not_found"];
            409: components["responses"]["Error409_idempotency_key_in_use_conflict"];
            413: components["responses"]["Error413_body_too_large"];
            415: components["responses"]["Error415_unsupported_media_type"];
            /**
             * @description - `body_invalid`: The body is not valid JSON, or a member has the wrong type, is unknown or missing.
             *     - `idempotency_key_reused`: The `Idempotency-Key` was used before with another body.
             *     - `idempotency_key_invalid`: The `Idempotency-Key` is not 1 to 255 visible ASCII characters.
             *     - `invalid_amount`: The amount is not a number of euros within the accepted range.
             *     - `invalid_limit`: The limit is not consistent (for example an active limit without an amount).
             *     - `seller_id_required`: `seller_id` is missing.
             */
            422: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description Stable machine-readable code.
                             * @enum {string}
                             */
                            code: "body_invalid" | "idempotency_key_reused" | "idempotency_key_invalid" | "invalid_amount" | "invalid_limit" | "seller_id_required";
                            /** @description For a bad input: the path of the member at fault, when known. */
                            field?: string | null;
                            /** @description For people; may change. */
                            message: string;
                            /**
                             * Format: uuid
                             * @description The `Request-Id` of the call.
                             */
                            request_id?: string;
                        } & {
                            [key: string]: unknown;
                        };
                    };
                };
            };
            429: components["responses"]["Error429_rate_limited"];
            500: components["responses"]["Error500_internal_error"];
            503: components["responses"]["Error503_service_unavailable"];
        };
    };
    getSettings: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Your settings. */
            200: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description Lowest to highest: receipt, acknowledgment, acceptance
                         * @enum {string}
                         */
                        debtor_consent_level: "receipt" | "acknowledgment" | "acceptance";
                        /** @description Only counsel-approved texts count while require_counsel_approved_texts is true */
                        declaration_text_languages: components["schemas"]["DeclarationTextLanguage"][];
                        listed_buyers_count: number;
                        /** @description Offers only on debtors on the list the service keeps for the funder */
                        listed_buyers_only: boolean;
                        /** @description Validity of an offer sent without valid_days */
                        offer_validity_days: number;
                        open_requests_by_level: components["schemas"]["OpenRequestsByLevel"];
                        require_counsel_approved_texts: boolean;
                    };
                };
            };
            401: components["responses"]["Error401_unauthorized_key_expired"];
            403: components["responses"]["Error403_forbidden"];
            429: components["responses"]["Error429_rate_limited"];
            500: components["responses"]["Error500_internal_error"];
            503: components["responses"]["Error503_service_unavailable"];
        };
    };
    updateSettings: {
        parameters: {
            query?: never;
            header?: {
                /**
                 * @description Makes the call safe to retry: within 24 hours the same key with the same body answers the first answer again without doing anything twice. 1 to 255 visible ASCII characters, per funder.
                 * @example 7f4c1d2e-order-0042-offer
                 */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path?: never;
            cookie?: never;
        };
        /** @description The settings to change, and why */
        requestBody: {
            content: {
                "application/json": {
                    /**
                     * @description What debtors sign on requests routed from now on
                     * @enum {unknown}
                     */
                    debtor_consent_level?: "receipt" | "acknowledgment" | "acceptance";
                    /** @description Why, at least 8 characters; kept on the evidence chain */
                    reason: string;
                    require_counsel_approved_texts?: boolean;
                };
            };
        };
        responses: {
            /** @description The settings after the change. */
            200: {
                headers: {
                    "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        changed: boolean;
                        /**
                         * @description Lowest to highest: receipt, acknowledgment, acceptance
                         * @enum {string}
                         */
                        debtor_consent_level: "receipt" | "acknowledgment" | "acceptance";
                        /** @description Only counsel-approved texts count while require_counsel_approved_texts is true */
                        declaration_text_languages: components["schemas"]["DeclarationTextLanguage"][];
                        listed_buyers_count: number;
                        /** @description Offers only on debtors on the list the service keeps for the funder */
                        listed_buyers_only: boolean;
                        /** @description Validity of an offer sent without valid_days */
                        offer_validity_days: number;
                        open_requests_by_level: components["schemas"]["OpenRequestsByLevel"];
                        /** @description Open requests routed with a level other than the one now set; they keep theirs */
                        open_requests_keep_their_level: number;
                        require_counsel_approved_texts: boolean;
                    };
                };
            };
            400: components["responses"]["Error400_request_unreadable"];
            401: components["responses"]["Error401_unauthorized_key_expired"];
            403: components["responses"]["Error403_forbidden_out_of_scope"];
            409: components["responses"]["Error409_idempotency_key_in_use_conflict"];
            413: components["responses"]["Error413_body_too_large"];
            415: components["responses"]["Error415_unsupported_media_type"];
            /**
             * @description - `reason_required`: A reason is missing or too short (a decline needs a `reason` or `notes`).
             *     - `body_invalid`: The body is not valid JSON, or a member has the wrong type, is unknown or missing.
             *     - `body_required`: A body is required.
             *     - `idempotency_key_reused`: The `Idempotency-Key` was used before with another body.
             *     - `idempotency_key_invalid`: The `Idempotency-Key` is not 1 to 255 visible ASCII characters.
             *     - `level_invalid`: The level is not one of `receipt`, `acknowledgment`, `acceptance`.
             *     - `invalid_flag`: A flag is not `true` or `false`.
             */
            422: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description Stable machine-readable code.
                             * @enum {string}
                             */
                            code: "reason_required" | "body_invalid" | "body_required" | "idempotency_key_reused" | "idempotency_key_invalid" | "level_invalid" | "invalid_flag";
                            /** @description For a bad input: the path of the member at fault, when known. */
                            field?: string | null;
                            /** @description For people; may change. */
                            message: string;
                            /**
                             * Format: uuid
                             * @description The `Request-Id` of the call.
                             */
                            request_id?: string;
                        } & {
                            [key: string]: unknown;
                        };
                    };
                };
            };
            429: components["responses"]["Error429_rate_limited"];
            500: components["responses"]["Error500_internal_error"];
            503: components["responses"]["Error503_service_unavailable"];
        };
    };
    importStatement: {
        parameters: {
            query?: {
                file_name?: string;
                kind?: "camt053" | "csv";
            };
            header?: {
                /**
                 * @description Makes the call safe to retry: within 24 hours the same key with the same body answers the first answer again without doing anything twice. 1 to 255 visible ASCII characters, per funder.
                 * @example 7f4c1d2e-order-0042-offer
                 */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description The statement file, base64-encoded */
                    content_base64: string | null;
                    /** @description The file name, for your records */
                    file_name?: string | null;
                    /** @description Detected when left out */
                    kind?: ("camt053" | "csv") | null;
                };
                "application/xml": unknown;
                "text/csv": unknown;
                "text/xml": unknown;
            };
        };
        responses: {
            /** @description The statement was imported; each line with its match, if any. */
            201: {
                headers: {
                    "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        account: components["schemas"]["Account"];
                        /** @description CAMT.053 Stmt/Id values */
                        bank_statement_ids: string[];
                        /** @description Lines matched against your funded requests */
                        candidate_count: number;
                        credit_count: number;
                        csv_layout: {
                            columns: {
                                [key: string]: string | string[];
                            };
                            date_format: string;
                            decimal_separator: string;
                            delimiter: string;
                            header_line: number;
                        } | null;
                        /** @enum {string} */
                        currency: "EUR";
                        debit_count: number;
                        file_name: string | null;
                        /** Format: date */
                        first_booking_date: string;
                        /** Format: uuid */
                        id: string;
                        /** Format: date-time */
                        imported_at: string;
                        /** @enum {string} */
                        kind: "camt053" | "csv";
                        /** Format: date */
                        last_booking_date: string;
                        line_count: number;
                        lines: components["schemas"]["Line"][];
                        matched_count: number;
                        reversal_count: number;
                        /** @description SHA-256 of the file bytes: the same file is imported once */
                        sha256: string;
                        size_bytes: number;
                        /** @description Sum of the credit lines in euros */
                        total_credited: number;
                        /** @description Sum of the debit lines in euros */
                        total_debited: number;
                        unmatched_count: number;
                        /** @description camt.053.001.02 to .08; null for CSV */
                        version: string | null;
                    };
                };
            };
            400: components["responses"]["Error400_request_unreadable"];
            401: components["responses"]["Error401_unauthorized_key_expired"];
            403: components["responses"]["Error403_forbidden_out_of_scope"];
            /**
             * @description - `statement_already_imported`: The same file (same SHA-256) was imported before.
             *     - `idempotency_key_in_use`: A call with the same `Idempotency-Key` is still running; retry shortly.
             *     - `conflict`: Another change got there first; read again and retry.
             */
            409: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description Stable machine-readable code.
                             * @enum {string}
                             */
                            code: "statement_already_imported" | "idempotency_key_in_use" | "conflict";
                            /** @description For a bad input: the path of the member at fault, when known. */
                            field?: string | null;
                            /** @description For people; may change. */
                            message: string;
                            /**
                             * Format: uuid
                             * @description The `Request-Id` of the call.
                             */
                            request_id?: string;
                        } & {
                            [key: string]: unknown;
                        };
                    };
                };
            };
            /**
             * @description - `body_too_large`: The body is larger than this operation accepts.
             *     - `file_too_large`: The file is larger than 4 MiB.
             *     - `too_many_lines`: The file has more than 5,000 transactions.
             */
            413: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description Stable machine-readable code.
                             * @enum {string}
                             */
                            code: "body_too_large" | "file_too_large" | "too_many_lines";
                            /** @description For a bad input: the path of the member at fault, when known. */
                            field?: string | null;
                            /** @description For people; may change. */
                            message: string;
                            /**
                             * Format: uuid
                             * @description The `Request-Id` of the call.
                             */
                            request_id?: string;
                        } & {
                            [key: string]: unknown;
                        };
                    };
                };
            };
            415: components["responses"]["Error415_unsupported_media_type"];
            /**
             * @description - `body_invalid`: The body is not valid JSON, or a member has the wrong type, is unknown or missing.
             *     - `idempotency_key_reused`: The `Idempotency-Key` was used before with another body.
             *     - `idempotency_key_invalid`: The `Idempotency-Key` is not 1 to 255 visible ASCII characters.
             *     - `file_required`: No file was sent.
             *     - `file_unreadable`: The file could not be read (for example bad base64).
             *     - `file_empty`: The file is empty.
             *     - `statement_unreadable`: The file is neither a CAMT.053 statement nor a CSV export we can read.
             *     - `statement_has_no_transactions`: The statement has no transactions.
             *     - `line_invalid`: A line of the file cannot be read; the message names the line and column.
             *     - `query_invalid`: A query parameter has the wrong type, is out of range or unknown.
             */
            422: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description Stable machine-readable code.
                             * @enum {string}
                             */
                            code: "body_invalid" | "idempotency_key_reused" | "idempotency_key_invalid" | "file_required" | "file_unreadable" | "file_empty" | "statement_unreadable" | "statement_has_no_transactions" | "line_invalid" | "query_invalid";
                            /** @description For a bad input: the path of the member at fault, when known. */
                            field?: string | null;
                            /** @description For people; may change. */
                            message: string;
                            /**
                             * Format: uuid
                             * @description The `Request-Id` of the call.
                             */
                            request_id?: string;
                        } & {
                            [key: string]: unknown;
                        };
                    };
                };
            };
            429: components["responses"]["Error429_rate_limited"];
            500: components["responses"]["Error500_internal_error"];
            503: components["responses"]["Error503_service_unavailable"];
        };
    };
    listWebhooks: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The endpoints and the event types. */
            200: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        count: number;
                        event_types: {
                            description: string;
                            /** @description Whether the service emits this type today */
                            emitted: boolean;
                            type: string;
                        }[];
                        webhooks: components["schemas"]["Webhook"][];
                    };
                };
            };
            401: components["responses"]["Error401_unauthorized_key_expired"];
            403: components["responses"]["Error403_forbidden"];
            429: components["responses"]["Error429_rate_limited"];
            500: components["responses"]["Error500_internal_error"];
            503: components["responses"]["Error503_service_unavailable"];
        };
    };
    createWebhook: {
        parameters: {
            query?: never;
            header?: {
                /**
                 * @description Makes the call safe to retry: within 24 hours the same key with the same body answers the first answer again without doing anything twice. 1 to 255 visible ASCII characters, per funder.
                 * @example 7f4c1d2e-order-0042-offer
                 */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description Up to 200 characters */
                    description?: string;
                    /**
                     * @description Event types to receive, or `['*']` for all (the default).
                     * @default [
                     *       "*"
                     *     ]
                     */
                    events?: ("claim.closed" | "claim.opened" | "credit_limit.updated" | "document.lapsed" | "document.provided" | "early_payment.released" | "early_payment.accepted" | "early_payment.declined" | "early_payment.withdrawn" | "early_payment.paid" | "early_payment.repayment_recorded" | "early_payment.repaid" | "export.ready" | "notice.acknowledged" | "notice.disputed" | "offer.created" | "offer.replaced" | "offer.expired" | "onboarding.completed" | "opportunities.daily" | "payment.reached_seller" | "request.announced" | "request.approved" | "request.cancelled" | "request.declined" | "request.funded" | "request.routed" | "request.terms_rejected" | "request.unrouted" | "request.updated" | "seller_limit.updated" | "settlement.recorded" | "statement.imported" | "webhook.test" | "*")[];
                    /** @description https, a public host name, port 443, no user name or password, at most 2,048 characters. IP addresses and private, loopback, link-local and reserved names are refused. */
                    url: string;
                };
            };
        };
        responses: {
            /** @description The endpoint, its secret (once) and how deliveries are signed. */
            201: {
                headers: {
                    "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description The signing secret, shown this once only */
                        secret: string;
                        signature: components["schemas"]["Signature"];
                        webhook: components["schemas"]["Webhook"];
                    };
                };
            };
            400: components["responses"]["Error400_request_unreadable"];
            401: components["responses"]["Error401_unauthorized_key_expired"];
            403: components["responses"]["Error403_forbidden_out_of_scope"];
            /**
             * @description - `idempotency_key_in_use`: A call with the same `Idempotency-Key` is still running; retry shortly.
             *     - `conflict`: Another change got there first; read again and retry.
             *     - `webhook_limit_reached`: You already have 10 active webhook endpoints; stop one first.
             */
            409: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description Stable machine-readable code.
                             * @enum {string}
                             */
                            code: "idempotency_key_in_use" | "conflict" | "webhook_limit_reached";
                            /** @description For a bad input: the path of the member at fault, when known. */
                            field?: string | null;
                            /** @description For people; may change. */
                            message: string;
                            /**
                             * Format: uuid
                             * @description The `Request-Id` of the call.
                             */
                            request_id?: string;
                        } & {
                            [key: string]: unknown;
                        };
                    };
                };
            };
            413: components["responses"]["Error413_body_too_large"];
            415: components["responses"]["Error415_unsupported_media_type"];
            /**
             * @description - `body_invalid`: The body is not valid JSON, or a member has the wrong type, is unknown or missing.
             *     - `idempotency_key_reused`: The `Idempotency-Key` was used before with another body.
             *     - `idempotency_key_invalid`: The `Idempotency-Key` is not 1 to 255 visible ASCII characters.
             *     - `webhook_url_invalid`: The URL is not https on port 443 to a public host name (IP addresses, private and reserved names, credentials refused), or is longer than 2,048 characters.
             *     - `events_invalid`: `events` is not a non-empty list of event types, or mixes `*` with named types.
             *     - `event_type_unknown`: An event type is not one the service knows (see `event_types` in GET /v1/webhooks).
             *     - `description_invalid`: `description` is not text of at most 200 characters.
             */
            422: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description Stable machine-readable code.
                             * @enum {string}
                             */
                            code: "body_invalid" | "idempotency_key_reused" | "idempotency_key_invalid" | "webhook_url_invalid" | "events_invalid" | "event_type_unknown" | "description_invalid";
                            /** @description For a bad input: the path of the member at fault, when known. */
                            field?: string | null;
                            /** @description For people; may change. */
                            message: string;
                            /**
                             * Format: uuid
                             * @description The `Request-Id` of the call.
                             */
                            request_id?: string;
                        } & {
                            [key: string]: unknown;
                        };
                    };
                };
            };
            429: components["responses"]["Error429_rate_limited"];
            500: components["responses"]["Error500_internal_error"];
            503: components["responses"]["Error503_service_unavailable"];
        };
    };
    stopWebhook: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The stopped endpoint and how many pending deliveries were cancelled. */
            200: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description Pending deliveries cancelled by the stop */
                        cancelled_deliveries: number;
                        webhook: components["schemas"]["Webhook"];
                    };
                };
            };
            401: components["responses"]["Error401_unauthorized_key_expired"];
            403: components["responses"]["Error403_forbidden"];
            404: components["responses"]["Error404_not_found"];
            /** @description - `conflict`: Another change got there first; read again and retry. */
            409: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description Stable machine-readable code.
                             * @enum {string}
                             */
                            code: "conflict";
                            /** @description For a bad input: the path of the member at fault, when known. */
                            field?: string | null;
                            /** @description For people; may change. */
                            message: string;
                            /**
                             * Format: uuid
                             * @description The `Request-Id` of the call.
                             */
                            request_id?: string;
                        } & {
                            [key: string]: unknown;
                        };
                    };
                };
            };
            429: components["responses"]["Error429_rate_limited"];
            500: components["responses"]["Error500_internal_error"];
            503: components["responses"]["Error503_service_unavailable"];
        };
    };
    listWebhookDeliveries: {
        parameters: {
            query?: {
                /** @description The `next_cursor` of the previous page; absent for the first page */
                cursor?: string;
                limit?: number;
            };
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The deliveries, newest first. */
            200: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        count: number;
                        deliveries: components["schemas"]["Delivery"][];
                        /** @description Whether another page follows this one */
                        has_more: boolean;
                        /** @description Pass as `cursor` for the next page; null on the last page */
                        next_cursor: string | null;
                    };
                };
            };
            401: components["responses"]["Error401_unauthorized_key_expired"];
            403: components["responses"]["Error403_forbidden"];
            404: components["responses"]["Error404_not_found"];
            422: components["responses"]["Error422_query_invalid_cursor_invalid"];
            429: components["responses"]["Error429_rate_limited"];
            500: components["responses"]["Error500_internal_error"];
            503: components["responses"]["Error503_service_unavailable"];
        };
    };
    retryWebhookDelivery: {
        parameters: {
            query?: never;
            header?: {
                /**
                 * @description Makes the call safe to retry: within 24 hours the same key with the same body answers the first answer again without doing anything twice. 1 to 255 visible ASCII characters, per funder.
                 * @example 7f4c1d2e-order-0042-offer
                 */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path: {
                delivery_id: string;
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The delivery, pending and due now. */
            200: {
                headers: {
                    "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        delivery: components["schemas"]["Delivery"];
                    };
                };
            };
            400: components["responses"]["Error400_request_unreadable"];
            401: components["responses"]["Error401_unauthorized_key_expired"];
            403: components["responses"]["Error403_forbidden_out_of_scope"];
            404: components["responses"]["Error404_not_found"];
            /**
             * @description - `idempotency_key_in_use`: A call with the same `Idempotency-Key` is still running; retry shortly.
             *     - `conflict`: Another change got there first; read again and retry.
             *     - `delivery_not_retryable`: The delivery was cancelled: its endpoint was stopped.
             *     - `delivery_attempt_in_progress`: An attempt of the delivery is being sent right now; read the log for its outcome, then retry if it failed.
             */
            409: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description Stable machine-readable code.
                             * @enum {string}
                             */
                            code: "idempotency_key_in_use" | "conflict" | "delivery_not_retryable" | "delivery_attempt_in_progress";
                            /** @description For a bad input: the path of the member at fault, when known. */
                            field?: string | null;
                            /** @description For people; may change. */
                            message: string;
                            /**
                             * Format: uuid
                             * @description The `Request-Id` of the call.
                             */
                            request_id?: string;
                        } & {
                            [key: string]: unknown;
                        };
                    };
                };
            };
            413: components["responses"]["Error413_body_too_large"];
            415: components["responses"]["Error415_unsupported_media_type"];
            422: components["responses"]["Error422_body_invalid_idempotency_key_reused_idempotency_key_invalid"];
            429: components["responses"]["Error429_rate_limited"];
            500: components["responses"]["Error500_internal_error"];
            503: components["responses"]["Error503_service_unavailable"];
        };
    };
    recoverWebhookDeliveries: {
        parameters: {
            query?: never;
            header?: {
                /**
                 * @description Makes the call safe to retry: within 24 hours the same key with the same body answers the first answer again without doing anything twice. 1 to 255 visible ASCII characters, per funder.
                 * @example 7f4c1d2e-order-0042-offer
                 */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /**
                     * Format: date-time
                     * @description An RFC 3339 instant with its offset, at most 14 days back and not in the future
                     */
                    since: string;
                };
            };
        };
        responses: {
            /** @description How many deliveries were put back in line. */
            200: {
                headers: {
                    "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description How many deliveries were put back in line, due now */
                        recovered: number;
                        /** Format: date-time */
                        since: string;
                        /** Format: uuid */
                        webhook_id: string;
                    };
                };
            };
            400: components["responses"]["Error400_request_unreadable"];
            401: components["responses"]["Error401_unauthorized_key_expired"];
            403: components["responses"]["Error403_forbidden_out_of_scope"];
            404: components["responses"]["Error404_not_found"];
            409: components["responses"]["Error409_idempotency_key_in_use_conflict"];
            413: components["responses"]["Error413_body_too_large"];
            415: components["responses"]["Error415_unsupported_media_type"];
            /**
             * @description - `body_invalid`: The body is not valid JSON, or a member has the wrong type, is unknown or missing.
             *     - `idempotency_key_reused`: The `Idempotency-Key` was used before with another body.
             *     - `idempotency_key_invalid`: The `Idempotency-Key` is not 1 to 255 visible ASCII characters.
             *     - `since_invalid`: `since` is not an RFC 3339 date-time with an offset, is in the future, or is more than 14 days back.
             */
            422: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description Stable machine-readable code.
                             * @enum {string}
                             */
                            code: "body_invalid" | "idempotency_key_reused" | "idempotency_key_invalid" | "since_invalid";
                            /** @description For a bad input: the path of the member at fault, when known. */
                            field?: string | null;
                            /** @description For people; may change. */
                            message: string;
                            /**
                             * Format: uuid
                             * @description The `Request-Id` of the call.
                             */
                            request_id?: string;
                        } & {
                            [key: string]: unknown;
                        };
                    };
                };
            };
            429: components["responses"]["Error429_rate_limited"];
            500: components["responses"]["Error500_internal_error"];
            503: components["responses"]["Error503_service_unavailable"];
        };
    };
    rotateWebhookSecret: {
        parameters: {
            query?: never;
            header?: {
                /**
                 * @description Makes the call safe to retry: within 24 hours the same key with the same body answers the first answer again without doing anything twice. 1 to 255 visible ASCII characters, per funder.
                 * @example 7f4c1d2e-order-0042-offer
                 */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/json": {
                    /**
                     * @description How long the previous secret keeps signing beside the new one (0 to 72, default 24)
                     * @default 24
                     */
                    keep_previous_hours?: number;
                };
            };
        };
        responses: {
            /** @description The new secret (once) and when the previous one stops signing. */
            200: {
                headers: {
                    "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** Format: date-time */
                        previous_secret_expires_at: string | null;
                        /** @description The new signing secret, shown this once only */
                        secret: string;
                        signature: components["schemas"]["Signature"];
                        webhook: components["schemas"]["Webhook"];
                    };
                };
            };
            400: components["responses"]["Error400_request_unreadable"];
            401: components["responses"]["Error401_unauthorized_key_expired"];
            403: components["responses"]["Error403_forbidden_out_of_scope"];
            404: components["responses"]["Error404_not_found"];
            409: components["responses"]["Error409_idempotency_key_in_use_conflict"];
            413: components["responses"]["Error413_body_too_large"];
            415: components["responses"]["Error415_unsupported_media_type"];
            /**
             * @description - `body_invalid`: The body is not valid JSON, or a member has the wrong type, is unknown or missing.
             *     - `idempotency_key_reused`: The `Idempotency-Key` was used before with another body.
             *     - `idempotency_key_invalid`: The `Idempotency-Key` is not 1 to 255 visible ASCII characters.
             *     - `keep_previous_hours_invalid`: `keep_previous_hours` is not a whole number from 0 to 72.
             */
            422: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description Stable machine-readable code.
                             * @enum {string}
                             */
                            code: "body_invalid" | "idempotency_key_reused" | "idempotency_key_invalid" | "keep_previous_hours_invalid";
                            /** @description For a bad input: the path of the member at fault, when known. */
                            field?: string | null;
                            /** @description For people; may change. */
                            message: string;
                            /**
                             * Format: uuid
                             * @description The `Request-Id` of the call.
                             */
                            request_id?: string;
                        } & {
                            [key: string]: unknown;
                        };
                    };
                };
            };
            429: components["responses"]["Error429_rate_limited"];
            500: components["responses"]["Error500_internal_error"];
            503: components["responses"]["Error503_service_unavailable"];
        };
    };
    testWebhook: {
        parameters: {
            query?: never;
            header?: {
                /**
                 * @description Makes the call safe to retry: within 24 hours the same key with the same body answers the first answer again without doing anything twice. 1 to 255 visible ASCII characters, per funder.
                 * @example 7f4c1d2e-order-0042-offer
                 */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The test is queued. */
            202: {
                headers: {
                    "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {string} */
                        event_type: "webhook.test";
                        queued: boolean;
                        /** Format: uuid */
                        webhook_id: string;
                    };
                };
            };
            400: components["responses"]["Error400_request_unreadable"];
            401: components["responses"]["Error401_unauthorized_key_expired"];
            403: components["responses"]["Error403_forbidden_out_of_scope"];
            404: components["responses"]["Error404_not_found"];
            409: components["responses"]["Error409_idempotency_key_in_use_conflict"];
            413: components["responses"]["Error413_body_too_large"];
            415: components["responses"]["Error415_unsupported_media_type"];
            422: components["responses"]["Error422_body_invalid_idempotency_key_reused_idempotency_key_invalid"];
            429: components["responses"]["Error429_rate_limited"];
            500: components["responses"]["Error500_internal_error"];
            503: components["responses"]["Error503_service_unavailable"];
        };
    };
    event_claim_closed: {
        parameters: {
            query?: never;
            header: {
                /** @description The delivery (one per event and endpoint), as the delivery log lists it. */
                "Service-Delivery-Id": components["parameters"]["ServiceDeliveryId"];
                /** @description The event id, the same on every attempt. */
                "Service-Event-Id": components["parameters"]["ServiceEventId"];
                /** @description `t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<raw body>">`, a second `v1` during a rotation. */
                "Service-Signature": components["parameters"]["ServiceSignature"];
                /** @description Standard Webhooks: the event id, as `Service-Event-Id`. */
                "webhook-id": components["parameters"]["WebhookId"];
                /** @description Standard Webhooks: `v1,<base64 HMAC-SHA256 of "<webhook-id>.<webhook-timestamp>.<raw body>">` keyed with the bytes the text after `whsec_` encodes in base64; two items separated by a space during a rotation. */
                "webhook-signature": components["parameters"]["WebhookSignature"];
                /** @description Standard Webhooks: unix seconds, the same instant as `t` of `Service-Signature`. */
                "webhook-timestamp": components["parameters"]["WebhookTimestamp"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @example 2026-09-23 */
                    api_version: string;
                    /** Format: date-time */
                    created_at: string;
                    data: components["schemas"]["ClaimEventData"];
                    /** Format: uuid */
                    id: string;
                    /** @constant */
                    type: "claim.closed";
                };
            };
        };
        responses: {
            /** @description Any 2xx acknowledges the delivery. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    event_claim_opened: {
        parameters: {
            query?: never;
            header: {
                /** @description The delivery (one per event and endpoint), as the delivery log lists it. */
                "Service-Delivery-Id": components["parameters"]["ServiceDeliveryId"];
                /** @description The event id, the same on every attempt. */
                "Service-Event-Id": components["parameters"]["ServiceEventId"];
                /** @description `t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<raw body>">`, a second `v1` during a rotation. */
                "Service-Signature": components["parameters"]["ServiceSignature"];
                /** @description Standard Webhooks: the event id, as `Service-Event-Id`. */
                "webhook-id": components["parameters"]["WebhookId"];
                /** @description Standard Webhooks: `v1,<base64 HMAC-SHA256 of "<webhook-id>.<webhook-timestamp>.<raw body>">` keyed with the bytes the text after `whsec_` encodes in base64; two items separated by a space during a rotation. */
                "webhook-signature": components["parameters"]["WebhookSignature"];
                /** @description Standard Webhooks: unix seconds, the same instant as `t` of `Service-Signature`. */
                "webhook-timestamp": components["parameters"]["WebhookTimestamp"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @example 2026-09-23 */
                    api_version: string;
                    /** Format: date-time */
                    created_at: string;
                    data: components["schemas"]["ClaimEventData"];
                    /** Format: uuid */
                    id: string;
                    /** @constant */
                    type: "claim.opened";
                };
            };
        };
        responses: {
            /** @description Any 2xx acknowledges the delivery. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    event_credit_limit_updated: {
        parameters: {
            query?: never;
            header: {
                /** @description The delivery (one per event and endpoint), as the delivery log lists it. */
                "Service-Delivery-Id": components["parameters"]["ServiceDeliveryId"];
                /** @description The event id, the same on every attempt. */
                "Service-Event-Id": components["parameters"]["ServiceEventId"];
                /** @description `t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<raw body>">`, a second `v1` during a rotation. */
                "Service-Signature": components["parameters"]["ServiceSignature"];
                /** @description Standard Webhooks: the event id, as `Service-Event-Id`. */
                "webhook-id": components["parameters"]["WebhookId"];
                /** @description Standard Webhooks: `v1,<base64 HMAC-SHA256 of "<webhook-id>.<webhook-timestamp>.<raw body>">` keyed with the bytes the text after `whsec_` encodes in base64; two items separated by a space during a rotation. */
                "webhook-signature": components["parameters"]["WebhookSignature"];
                /** @description Standard Webhooks: unix seconds, the same instant as `t` of `Service-Signature`. */
                "webhook-timestamp": components["parameters"]["WebhookTimestamp"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @example 2026-09-23 */
                    api_version: string;
                    /** Format: date-time */
                    created_at: string;
                    data: {
                        credit_limit: {
                            /** @description limit less exposure (negative when a limit was lowered below it) */
                            available: number | null;
                            /** @description face value of approved requests not yet funded, euros */
                            committed: number;
                            debtor_country: string;
                            /** @description <country>:<tax id> */
                            debtor_key: string;
                            debtor_name: string | null;
                            debtor_tax_id: string;
                            /** Format: date-time */
                            decided_at: string | null;
                            /** @description outstanding + committed + offered, euros */
                            exposure: number;
                            frozen: boolean;
                            /** @description euros */
                            limit_amount: number | null;
                            limit_source: ("manual" | "api" | "import" | "insurer") | null;
                            limit_source_ref: string | null;
                            limit_status: ("active" | "refused" | "suspended") | null;
                            note: string | null;
                            /** @description face value of requests under a pending, unexpired offer, euros */
                            offered: number;
                            /** Format: date */
                            oldest_overdue: string | null;
                            /** @description face value of funded invoices less the payments the funder recorded, euros */
                            outstanding: number;
                            /** @description unpaid funded invoices past their due date */
                            overdue_count: number;
                            seller_marked_paid: components["schemas"]["EventSellerMarkedPaid"][];
                        };
                        /** Format: uuid */
                        import_id: string | null;
                        source: "manual" | "api" | "import" | "insurer";
                        source_ref: string | null;
                    } & {
                        [key: string]: unknown;
                    };
                    /** Format: uuid */
                    id: string;
                    /** @constant */
                    type: "credit_limit.updated";
                };
            };
        };
        responses: {
            /** @description Any 2xx acknowledges the delivery. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    event_document_lapsed: {
        parameters: {
            query?: never;
            header: {
                /** @description The delivery (one per event and endpoint), as the delivery log lists it. */
                "Service-Delivery-Id": components["parameters"]["ServiceDeliveryId"];
                /** @description The event id, the same on every attempt. */
                "Service-Event-Id": components["parameters"]["ServiceEventId"];
                /** @description `t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<raw body>">`, a second `v1` during a rotation. */
                "Service-Signature": components["parameters"]["ServiceSignature"];
                /** @description Standard Webhooks: the event id, as `Service-Event-Id`. */
                "webhook-id": components["parameters"]["WebhookId"];
                /** @description Standard Webhooks: `v1,<base64 HMAC-SHA256 of "<webhook-id>.<webhook-timestamp>.<raw body>">` keyed with the bytes the text after `whsec_` encodes in base64; two items separated by a space during a rotation. */
                "webhook-signature": components["parameters"]["WebhookSignature"];
                /** @description Standard Webhooks: unix seconds, the same instant as `t` of `Service-Signature`. */
                "webhook-timestamp": components["parameters"]["WebhookTimestamp"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @example 2026-09-23 */
                    api_version: string;
                    /** Format: date-time */
                    created_at: string;
                    data: {
                        document: components["schemas"]["EventDocument"];
                        reason: "expired" | "revoked";
                        /** Format: uuid */
                        request_id: string;
                    } & {
                        [key: string]: unknown;
                    };
                    /** Format: uuid */
                    id: string;
                    /** @constant */
                    type: "document.lapsed";
                };
            };
        };
        responses: {
            /** @description Any 2xx acknowledges the delivery. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    event_document_provided: {
        parameters: {
            query?: never;
            header: {
                /** @description The delivery (one per event and endpoint), as the delivery log lists it. */
                "Service-Delivery-Id": components["parameters"]["ServiceDeliveryId"];
                /** @description The event id, the same on every attempt. */
                "Service-Event-Id": components["parameters"]["ServiceEventId"];
                /** @description `t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<raw body>">`, a second `v1` during a rotation. */
                "Service-Signature": components["parameters"]["ServiceSignature"];
                /** @description Standard Webhooks: the event id, as `Service-Event-Id`. */
                "webhook-id": components["parameters"]["WebhookId"];
                /** @description Standard Webhooks: `v1,<base64 HMAC-SHA256 of "<webhook-id>.<webhook-timestamp>.<raw body>">` keyed with the bytes the text after `whsec_` encodes in base64; two items separated by a space during a rotation. */
                "webhook-signature": components["parameters"]["WebhookSignature"];
                /** @description Standard Webhooks: unix seconds, the same instant as `t` of `Service-Signature`. */
                "webhook-timestamp": components["parameters"]["WebhookTimestamp"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @example 2026-09-23 */
                    api_version: string;
                    /** Format: date-time */
                    created_at: string;
                    data: {
                        document: components["schemas"]["EventDocument"];
                        /** Format: uuid */
                        request_id: string;
                    } & {
                        [key: string]: unknown;
                    };
                    /** Format: uuid */
                    id: string;
                    /** @constant */
                    type: "document.provided";
                };
            };
        };
        responses: {
            /** @description Any 2xx acknowledges the delivery. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    event_early_payment_accepted: {
        parameters: {
            query?: never;
            header: {
                /** @description The delivery (one per event and endpoint), as the delivery log lists it. */
                "Service-Delivery-Id": components["parameters"]["ServiceDeliveryId"];
                /** @description The event id, the same on every attempt. */
                "Service-Event-Id": components["parameters"]["ServiceEventId"];
                /** @description `t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<raw body>">`, a second `v1` during a rotation. */
                "Service-Signature": components["parameters"]["ServiceSignature"];
                /** @description Standard Webhooks: the event id, as `Service-Event-Id`. */
                "webhook-id": components["parameters"]["WebhookId"];
                /** @description Standard Webhooks: `v1,<base64 HMAC-SHA256 of "<webhook-id>.<webhook-timestamp>.<raw body>">` keyed with the bytes the text after `whsec_` encodes in base64; two items separated by a space during a rotation. */
                "webhook-signature": components["parameters"]["WebhookSignature"];
                /** @description Standard Webhooks: unix seconds, the same instant as `t` of `Service-Signature`. */
                "webhook-timestamp": components["parameters"]["WebhookTimestamp"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @example 2026-09-23 */
                    api_version: string;
                    /** Format: date-time */
                    created_at: string;
                    data: components["schemas"]["EarlyPaymentEventData"];
                    /** Format: uuid */
                    id: string;
                    /** @constant */
                    type: "early_payment.accepted";
                };
            };
        };
        responses: {
            /** @description Any 2xx acknowledges the delivery. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    event_early_payment_declined: {
        parameters: {
            query?: never;
            header: {
                /** @description The delivery (one per event and endpoint), as the delivery log lists it. */
                "Service-Delivery-Id": components["parameters"]["ServiceDeliveryId"];
                /** @description The event id, the same on every attempt. */
                "Service-Event-Id": components["parameters"]["ServiceEventId"];
                /** @description `t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<raw body>">`, a second `v1` during a rotation. */
                "Service-Signature": components["parameters"]["ServiceSignature"];
                /** @description Standard Webhooks: the event id, as `Service-Event-Id`. */
                "webhook-id": components["parameters"]["WebhookId"];
                /** @description Standard Webhooks: `v1,<base64 HMAC-SHA256 of "<webhook-id>.<webhook-timestamp>.<raw body>">` keyed with the bytes the text after `whsec_` encodes in base64; two items separated by a space during a rotation. */
                "webhook-signature": components["parameters"]["WebhookSignature"];
                /** @description Standard Webhooks: unix seconds, the same instant as `t` of `Service-Signature`. */
                "webhook-timestamp": components["parameters"]["WebhookTimestamp"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @example 2026-09-23 */
                    api_version: string;
                    /** Format: date-time */
                    created_at: string;
                    data: components["schemas"]["EarlyPaymentEventData"];
                    /** Format: uuid */
                    id: string;
                    /** @constant */
                    type: "early_payment.declined";
                };
            };
        };
        responses: {
            /** @description Any 2xx acknowledges the delivery. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    event_early_payment_paid: {
        parameters: {
            query?: never;
            header: {
                /** @description The delivery (one per event and endpoint), as the delivery log lists it. */
                "Service-Delivery-Id": components["parameters"]["ServiceDeliveryId"];
                /** @description The event id, the same on every attempt. */
                "Service-Event-Id": components["parameters"]["ServiceEventId"];
                /** @description `t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<raw body>">`, a second `v1` during a rotation. */
                "Service-Signature": components["parameters"]["ServiceSignature"];
                /** @description Standard Webhooks: the event id, as `Service-Event-Id`. */
                "webhook-id": components["parameters"]["WebhookId"];
                /** @description Standard Webhooks: `v1,<base64 HMAC-SHA256 of "<webhook-id>.<webhook-timestamp>.<raw body>">` keyed with the bytes the text after `whsec_` encodes in base64; two items separated by a space during a rotation. */
                "webhook-signature": components["parameters"]["WebhookSignature"];
                /** @description Standard Webhooks: unix seconds, the same instant as `t` of `Service-Signature`. */
                "webhook-timestamp": components["parameters"]["WebhookTimestamp"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @example 2026-09-23 */
                    api_version: string;
                    /** Format: date-time */
                    created_at: string;
                    data: components["schemas"]["EarlyPaymentEventData"];
                    /** Format: uuid */
                    id: string;
                    /** @constant */
                    type: "early_payment.paid";
                };
            };
        };
        responses: {
            /** @description Any 2xx acknowledges the delivery. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    event_early_payment_released: {
        parameters: {
            query?: never;
            header: {
                /** @description The delivery (one per event and endpoint), as the delivery log lists it. */
                "Service-Delivery-Id": components["parameters"]["ServiceDeliveryId"];
                /** @description The event id, the same on every attempt. */
                "Service-Event-Id": components["parameters"]["ServiceEventId"];
                /** @description `t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<raw body>">`, a second `v1` during a rotation. */
                "Service-Signature": components["parameters"]["ServiceSignature"];
                /** @description Standard Webhooks: the event id, as `Service-Event-Id`. */
                "webhook-id": components["parameters"]["WebhookId"];
                /** @description Standard Webhooks: `v1,<base64 HMAC-SHA256 of "<webhook-id>.<webhook-timestamp>.<raw body>">` keyed with the bytes the text after `whsec_` encodes in base64; two items separated by a space during a rotation. */
                "webhook-signature": components["parameters"]["WebhookSignature"];
                /** @description Standard Webhooks: unix seconds, the same instant as `t` of `Service-Signature`. */
                "webhook-timestamp": components["parameters"]["WebhookTimestamp"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @example 2026-09-23 */
                    api_version: string;
                    /** Format: date-time */
                    created_at: string;
                    data: components["schemas"]["EarlyPaymentEventData"];
                    /** Format: uuid */
                    id: string;
                    /** @constant */
                    type: "early_payment.released";
                };
            };
        };
        responses: {
            /** @description Any 2xx acknowledges the delivery. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    event_early_payment_repaid: {
        parameters: {
            query?: never;
            header: {
                /** @description The delivery (one per event and endpoint), as the delivery log lists it. */
                "Service-Delivery-Id": components["parameters"]["ServiceDeliveryId"];
                /** @description The event id, the same on every attempt. */
                "Service-Event-Id": components["parameters"]["ServiceEventId"];
                /** @description `t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<raw body>">`, a second `v1` during a rotation. */
                "Service-Signature": components["parameters"]["ServiceSignature"];
                /** @description Standard Webhooks: the event id, as `Service-Event-Id`. */
                "webhook-id": components["parameters"]["WebhookId"];
                /** @description Standard Webhooks: `v1,<base64 HMAC-SHA256 of "<webhook-id>.<webhook-timestamp>.<raw body>">` keyed with the bytes the text after `whsec_` encodes in base64; two items separated by a space during a rotation. */
                "webhook-signature": components["parameters"]["WebhookSignature"];
                /** @description Standard Webhooks: unix seconds, the same instant as `t` of `Service-Signature`. */
                "webhook-timestamp": components["parameters"]["WebhookTimestamp"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @example 2026-09-23 */
                    api_version: string;
                    /** Format: date-time */
                    created_at: string;
                    data: components["schemas"]["EarlyPaymentEventData"];
                    /** Format: uuid */
                    id: string;
                    /** @constant */
                    type: "early_payment.repaid";
                };
            };
        };
        responses: {
            /** @description Any 2xx acknowledges the delivery. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    event_early_payment_repayment_recorded: {
        parameters: {
            query?: never;
            header: {
                /** @description The delivery (one per event and endpoint), as the delivery log lists it. */
                "Service-Delivery-Id": components["parameters"]["ServiceDeliveryId"];
                /** @description The event id, the same on every attempt. */
                "Service-Event-Id": components["parameters"]["ServiceEventId"];
                /** @description `t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<raw body>">`, a second `v1` during a rotation. */
                "Service-Signature": components["parameters"]["ServiceSignature"];
                /** @description Standard Webhooks: the event id, as `Service-Event-Id`. */
                "webhook-id": components["parameters"]["WebhookId"];
                /** @description Standard Webhooks: `v1,<base64 HMAC-SHA256 of "<webhook-id>.<webhook-timestamp>.<raw body>">` keyed with the bytes the text after `whsec_` encodes in base64; two items separated by a space during a rotation. */
                "webhook-signature": components["parameters"]["WebhookSignature"];
                /** @description Standard Webhooks: unix seconds, the same instant as `t` of `Service-Signature`. */
                "webhook-timestamp": components["parameters"]["WebhookTimestamp"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @example 2026-09-23 */
                    api_version: string;
                    /** Format: date-time */
                    created_at: string;
                    data: components["schemas"]["EarlyPaymentEventData"];
                    /** Format: uuid */
                    id: string;
                    /** @constant */
                    type: "early_payment.repayment_recorded";
                };
            };
        };
        responses: {
            /** @description Any 2xx acknowledges the delivery. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    event_early_payment_withdrawn: {
        parameters: {
            query?: never;
            header: {
                /** @description The delivery (one per event and endpoint), as the delivery log lists it. */
                "Service-Delivery-Id": components["parameters"]["ServiceDeliveryId"];
                /** @description The event id, the same on every attempt. */
                "Service-Event-Id": components["parameters"]["ServiceEventId"];
                /** @description `t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<raw body>">`, a second `v1` during a rotation. */
                "Service-Signature": components["parameters"]["ServiceSignature"];
                /** @description Standard Webhooks: the event id, as `Service-Event-Id`. */
                "webhook-id": components["parameters"]["WebhookId"];
                /** @description Standard Webhooks: `v1,<base64 HMAC-SHA256 of "<webhook-id>.<webhook-timestamp>.<raw body>">` keyed with the bytes the text after `whsec_` encodes in base64; two items separated by a space during a rotation. */
                "webhook-signature": components["parameters"]["WebhookSignature"];
                /** @description Standard Webhooks: unix seconds, the same instant as `t` of `Service-Signature`. */
                "webhook-timestamp": components["parameters"]["WebhookTimestamp"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @example 2026-09-23 */
                    api_version: string;
                    /** Format: date-time */
                    created_at: string;
                    data: components["schemas"]["EarlyPaymentEventData"];
                    /** Format: uuid */
                    id: string;
                    /** @constant */
                    type: "early_payment.withdrawn";
                };
            };
        };
        responses: {
            /** @description Any 2xx acknowledges the delivery. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    event_export_ready: {
        parameters: {
            query?: never;
            header: {
                /** @description The delivery (one per event and endpoint), as the delivery log lists it. */
                "Service-Delivery-Id": components["parameters"]["ServiceDeliveryId"];
                /** @description The event id, the same on every attempt. */
                "Service-Event-Id": components["parameters"]["ServiceEventId"];
                /** @description `t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<raw body>">`, a second `v1` during a rotation. */
                "Service-Signature": components["parameters"]["ServiceSignature"];
                /** @description Standard Webhooks: the event id, as `Service-Event-Id`. */
                "webhook-id": components["parameters"]["WebhookId"];
                /** @description Standard Webhooks: `v1,<base64 HMAC-SHA256 of "<webhook-id>.<webhook-timestamp>.<raw body>">` keyed with the bytes the text after `whsec_` encodes in base64; two items separated by a space during a rotation. */
                "webhook-signature": components["parameters"]["WebhookSignature"];
                /** @description Standard Webhooks: unix seconds, the same instant as `t` of `Service-Signature`. */
                "webhook-timestamp": components["parameters"]["WebhookTimestamp"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @example 2026-09-23 */
                    api_version: string;
                    /** Format: date-time */
                    created_at: string;
                    data: {
                        /** Format: date-time */
                        expires_at: string;
                        export: {
                            actor_role: string;
                            /** Format: date-time */
                            completed_at?: string | null;
                            /** Format: date-time */
                            created_at: string;
                            documents_mode?: string | null;
                            download_available: boolean;
                            /** Format: date-time */
                            expires_at?: string | null;
                            file_count?: number | null;
                            files?: components["schemas"]["EventFile"][];
                            /** Format: uuid */
                            id: string;
                            lang: string;
                            manifest_sha256: string | null;
                            plane: "live" | "demo";
                            progress: components["schemas"]["EventProgress"];
                            requested_via: "api" | "portal";
                            row_counts?: {
                                [key: string]: number;
                            } | null;
                            size_bytes?: number;
                            status: "queued" | "running" | "ready";
                            /** @constant */
                            subject: "funder";
                        };
                        /** Format: uuid */
                        export_id: string;
                        manifest_sha256: string;
                        size_bytes: number;
                    } & {
                        [key: string]: unknown;
                    };
                    /** Format: uuid */
                    id: string;
                    /** @constant */
                    type: "export.ready";
                };
            };
        };
        responses: {
            /** @description Any 2xx acknowledges the delivery. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    event_notice_acknowledged: {
        parameters: {
            query?: never;
            header: {
                /** @description The delivery (one per event and endpoint), as the delivery log lists it. */
                "Service-Delivery-Id": components["parameters"]["ServiceDeliveryId"];
                /** @description The event id, the same on every attempt. */
                "Service-Event-Id": components["parameters"]["ServiceEventId"];
                /** @description `t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<raw body>">`, a second `v1` during a rotation. */
                "Service-Signature": components["parameters"]["ServiceSignature"];
                /** @description Standard Webhooks: the event id, as `Service-Event-Id`. */
                "webhook-id": components["parameters"]["WebhookId"];
                /** @description Standard Webhooks: `v1,<base64 HMAC-SHA256 of "<webhook-id>.<webhook-timestamp>.<raw body>">` keyed with the bytes the text after `whsec_` encodes in base64; two items separated by a space during a rotation. */
                "webhook-signature": components["parameters"]["WebhookSignature"];
                /** @description Standard Webhooks: unix seconds, the same instant as `t` of `Service-Signature`. */
                "webhook-timestamp": components["parameters"]["WebhookTimestamp"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @example 2026-09-23 */
                    api_version: string;
                    /** Format: date-time */
                    created_at: string;
                    data: {
                        debtor: components["schemas"]["EventDebtor"];
                        level_achieved: string;
                        level_required: string | null;
                        /** @description Whether the answer meets your consent level */
                        meets_requirement: boolean;
                        /** Format: uuid */
                        request_id: string;
                        request_ref: string;
                    } & {
                        [key: string]: unknown;
                    };
                    /** Format: uuid */
                    id: string;
                    /** @constant */
                    type: "notice.acknowledged";
                };
            };
        };
        responses: {
            /** @description Any 2xx acknowledges the delivery. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    event_notice_disputed: {
        parameters: {
            query?: never;
            header: {
                /** @description The delivery (one per event and endpoint), as the delivery log lists it. */
                "Service-Delivery-Id": components["parameters"]["ServiceDeliveryId"];
                /** @description The event id, the same on every attempt. */
                "Service-Event-Id": components["parameters"]["ServiceEventId"];
                /** @description `t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<raw body>">`, a second `v1` during a rotation. */
                "Service-Signature": components["parameters"]["ServiceSignature"];
                /** @description Standard Webhooks: the event id, as `Service-Event-Id`. */
                "webhook-id": components["parameters"]["WebhookId"];
                /** @description Standard Webhooks: `v1,<base64 HMAC-SHA256 of "<webhook-id>.<webhook-timestamp>.<raw body>">` keyed with the bytes the text after `whsec_` encodes in base64; two items separated by a space during a rotation. */
                "webhook-signature": components["parameters"]["WebhookSignature"];
                /** @description Standard Webhooks: unix seconds, the same instant as `t` of `Service-Signature`. */
                "webhook-timestamp": components["parameters"]["WebhookTimestamp"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @example 2026-09-23 */
                    api_version: string;
                    /** Format: date-time */
                    created_at: string;
                    data: {
                        debtor: components["schemas"]["EventDebtor"];
                        reason: string | null;
                        /** Format: uuid */
                        request_id: string;
                        request_ref: string;
                    } & {
                        [key: string]: unknown;
                    };
                    /** Format: uuid */
                    id: string;
                    /** @constant */
                    type: "notice.disputed";
                };
            };
        };
        responses: {
            /** @description Any 2xx acknowledges the delivery. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    event_offer_created: {
        parameters: {
            query?: never;
            header: {
                /** @description The delivery (one per event and endpoint), as the delivery log lists it. */
                "Service-Delivery-Id": components["parameters"]["ServiceDeliveryId"];
                /** @description The event id, the same on every attempt. */
                "Service-Event-Id": components["parameters"]["ServiceEventId"];
                /** @description `t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<raw body>">`, a second `v1` during a rotation. */
                "Service-Signature": components["parameters"]["ServiceSignature"];
                /** @description Standard Webhooks: the event id, as `Service-Event-Id`. */
                "webhook-id": components["parameters"]["WebhookId"];
                /** @description Standard Webhooks: `v1,<base64 HMAC-SHA256 of "<webhook-id>.<webhook-timestamp>.<raw body>">` keyed with the bytes the text after `whsec_` encodes in base64; two items separated by a space during a rotation. */
                "webhook-signature": components["parameters"]["WebhookSignature"];
                /** @description Standard Webhooks: unix seconds, the same instant as `t` of `Service-Signature`. */
                "webhook-timestamp": components["parameters"]["WebhookTimestamp"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @example 2026-09-23 */
                    api_version: string;
                    /** Format: date-time */
                    created_at: string;
                    data: components["schemas"]["RequestEventData"];
                    /** Format: uuid */
                    id: string;
                    /** @constant */
                    type: "offer.created";
                };
            };
        };
        responses: {
            /** @description Any 2xx acknowledges the delivery. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    event_offer_expired: {
        parameters: {
            query?: never;
            header: {
                /** @description The delivery (one per event and endpoint), as the delivery log lists it. */
                "Service-Delivery-Id": components["parameters"]["ServiceDeliveryId"];
                /** @description The event id, the same on every attempt. */
                "Service-Event-Id": components["parameters"]["ServiceEventId"];
                /** @description `t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<raw body>">`, a second `v1` during a rotation. */
                "Service-Signature": components["parameters"]["ServiceSignature"];
                /** @description Standard Webhooks: the event id, as `Service-Event-Id`. */
                "webhook-id": components["parameters"]["WebhookId"];
                /** @description Standard Webhooks: `v1,<base64 HMAC-SHA256 of "<webhook-id>.<webhook-timestamp>.<raw body>">` keyed with the bytes the text after `whsec_` encodes in base64; two items separated by a space during a rotation. */
                "webhook-signature": components["parameters"]["WebhookSignature"];
                /** @description Standard Webhooks: unix seconds, the same instant as `t` of `Service-Signature`. */
                "webhook-timestamp": components["parameters"]["WebhookTimestamp"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @example 2026-09-23 */
                    api_version: string;
                    /** Format: date-time */
                    created_at: string;
                    data: components["schemas"]["RequestEventData"];
                    /** Format: uuid */
                    id: string;
                    /** @constant */
                    type: "offer.expired";
                };
            };
        };
        responses: {
            /** @description Any 2xx acknowledges the delivery. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    event_offer_replaced: {
        parameters: {
            query?: never;
            header: {
                /** @description The delivery (one per event and endpoint), as the delivery log lists it. */
                "Service-Delivery-Id": components["parameters"]["ServiceDeliveryId"];
                /** @description The event id, the same on every attempt. */
                "Service-Event-Id": components["parameters"]["ServiceEventId"];
                /** @description `t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<raw body>">`, a second `v1` during a rotation. */
                "Service-Signature": components["parameters"]["ServiceSignature"];
                /** @description Standard Webhooks: the event id, as `Service-Event-Id`. */
                "webhook-id": components["parameters"]["WebhookId"];
                /** @description Standard Webhooks: `v1,<base64 HMAC-SHA256 of "<webhook-id>.<webhook-timestamp>.<raw body>">` keyed with the bytes the text after `whsec_` encodes in base64; two items separated by a space during a rotation. */
                "webhook-signature": components["parameters"]["WebhookSignature"];
                /** @description Standard Webhooks: unix seconds, the same instant as `t` of `Service-Signature`. */
                "webhook-timestamp": components["parameters"]["WebhookTimestamp"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @example 2026-09-23 */
                    api_version: string;
                    /** Format: date-time */
                    created_at: string;
                    data: components["schemas"]["RequestEventData"];
                    /** Format: uuid */
                    id: string;
                    /** @constant */
                    type: "offer.replaced";
                };
            };
        };
        responses: {
            /** @description Any 2xx acknowledges the delivery. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    event_onboarding_completed: {
        parameters: {
            query?: never;
            header: {
                /** @description The delivery (one per event and endpoint), as the delivery log lists it. */
                "Service-Delivery-Id": components["parameters"]["ServiceDeliveryId"];
                /** @description The event id, the same on every attempt. */
                "Service-Event-Id": components["parameters"]["ServiceEventId"];
                /** @description `t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<raw body>">`, a second `v1` during a rotation. */
                "Service-Signature": components["parameters"]["ServiceSignature"];
                /** @description Standard Webhooks: the event id, as `Service-Event-Id`. */
                "webhook-id": components["parameters"]["WebhookId"];
                /** @description Standard Webhooks: `v1,<base64 HMAC-SHA256 of "<webhook-id>.<webhook-timestamp>.<raw body>">` keyed with the bytes the text after `whsec_` encodes in base64; two items separated by a space during a rotation. */
                "webhook-signature": components["parameters"]["WebhookSignature"];
                /** @description Standard Webhooks: unix seconds, the same instant as `t` of `Service-Signature`. */
                "webhook-timestamp": components["parameters"]["WebhookTimestamp"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @example 2026-09-23 */
                    api_version: string;
                    /** Format: date-time */
                    created_at: string;
                    data: {
                        company_vat: string;
                        /** Format: date-time */
                        completed_at: string;
                        country: string;
                        /** @description The metadata of the onboarding link, as given */
                        metadata: {
                            [key: string]: string | number | boolean | null;
                        };
                        /** Format: uuid */
                        onboarding_link_id: string;
                        /** Format: uuid */
                        seller_id: string;
                        /** @constant */
                        status: "completed";
                    } & {
                        [key: string]: unknown;
                    };
                    /** Format: uuid */
                    id: string;
                    /** @constant */
                    type: "onboarding.completed";
                };
            };
        };
        responses: {
            /** @description Any 2xx acknowledges the delivery. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    event_opportunities_daily: {
        parameters: {
            query?: never;
            header: {
                /** @description The delivery (one per event and endpoint), as the delivery log lists it. */
                "Service-Delivery-Id": components["parameters"]["ServiceDeliveryId"];
                /** @description The event id, the same on every attempt. */
                "Service-Event-Id": components["parameters"]["ServiceEventId"];
                /** @description `t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<raw body>">`, a second `v1` during a rotation. */
                "Service-Signature": components["parameters"]["ServiceSignature"];
                /** @description Standard Webhooks: the event id, as `Service-Event-Id`. */
                "webhook-id": components["parameters"]["WebhookId"];
                /** @description Standard Webhooks: `v1,<base64 HMAC-SHA256 of "<webhook-id>.<webhook-timestamp>.<raw body>">` keyed with the bytes the text after `whsec_` encodes in base64; two items separated by a space during a rotation. */
                "webhook-signature": components["parameters"]["WebhookSignature"];
                /** @description Standard Webhooks: unix seconds, the same instant as `t` of `Service-Signature`. */
                "webhook-timestamp": components["parameters"]["WebhookTimestamp"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @example 2026-09-23 */
                    api_version: string;
                    /** Format: date-time */
                    created_at: string;
                    data: {
                        changes: {
                            disputed: number;
                            no_longer_eligible: number;
                            paid: number;
                        } & {
                            [key: string]: unknown;
                        };
                        /** Format: date */
                        date: string;
                        /** Format: uuid */
                        digest_id: string;
                        /** @description The path that reads the digest’s lines */
                        lines: string;
                        new: {
                            count: number;
                            /** @description Euros, two decimals */
                            total: number;
                        } & {
                            [key: string]: unknown;
                        };
                        stale: boolean;
                    } & {
                        [key: string]: unknown;
                    };
                    /** Format: uuid */
                    id: string;
                    /** @constant */
                    type: "opportunities.daily";
                };
            };
        };
        responses: {
            /** @description Any 2xx acknowledges the delivery. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    event_payment_reached_seller: {
        parameters: {
            query?: never;
            header: {
                /** @description The delivery (one per event and endpoint), as the delivery log lists it. */
                "Service-Delivery-Id": components["parameters"]["ServiceDeliveryId"];
                /** @description The event id, the same on every attempt. */
                "Service-Event-Id": components["parameters"]["ServiceEventId"];
                /** @description `t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<raw body>">`, a second `v1` during a rotation. */
                "Service-Signature": components["parameters"]["ServiceSignature"];
                /** @description Standard Webhooks: the event id, as `Service-Event-Id`. */
                "webhook-id": components["parameters"]["WebhookId"];
                /** @description Standard Webhooks: `v1,<base64 HMAC-SHA256 of "<webhook-id>.<webhook-timestamp>.<raw body>">` keyed with the bytes the text after `whsec_` encodes in base64; two items separated by a space during a rotation. */
                "webhook-signature": components["parameters"]["WebhookSignature"];
                /** @description Standard Webhooks: unix seconds, the same instant as `t` of `Service-Signature`. */
                "webhook-timestamp": components["parameters"]["WebhookTimestamp"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @example 2026-09-23 */
                    api_version: string;
                    /** Format: date-time */
                    created_at: string;
                    data: {
                        alert: {
                            /** Format: uuid */
                            alert_id: string;
                            /** @description Euros, two decimals */
                            amount: number;
                            debtor_name: string | null;
                            debtor_tax_id: string;
                            /** Format: date-time */
                            raised_at: string;
                            /** Format: date-time */
                            received_at: string;
                            reference: string | null;
                            /** Format: uuid */
                            request_id: string;
                            request_ref: string;
                        } & {
                            [key: string]: unknown;
                        };
                    } & {
                        [key: string]: unknown;
                    };
                    /** Format: uuid */
                    id: string;
                    /** @constant */
                    type: "payment.reached_seller";
                };
            };
        };
        responses: {
            /** @description Any 2xx acknowledges the delivery. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    event_request_announced: {
        parameters: {
            query?: never;
            header: {
                /** @description The delivery (one per event and endpoint), as the delivery log lists it. */
                "Service-Delivery-Id": components["parameters"]["ServiceDeliveryId"];
                /** @description The event id, the same on every attempt. */
                "Service-Event-Id": components["parameters"]["ServiceEventId"];
                /** @description `t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<raw body>">`, a second `v1` during a rotation. */
                "Service-Signature": components["parameters"]["ServiceSignature"];
                /** @description Standard Webhooks: the event id, as `Service-Event-Id`. */
                "webhook-id": components["parameters"]["WebhookId"];
                /** @description Standard Webhooks: `v1,<base64 HMAC-SHA256 of "<webhook-id>.<webhook-timestamp>.<raw body>">` keyed with the bytes the text after `whsec_` encodes in base64; two items separated by a space during a rotation. */
                "webhook-signature": components["parameters"]["WebhookSignature"];
                /** @description Standard Webhooks: unix seconds, the same instant as `t` of `Service-Signature`. */
                "webhook-timestamp": components["parameters"]["WebhookTimestamp"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @example 2026-09-23 */
                    api_version: string;
                    /** Format: date-time */
                    created_at: string;
                    data: {
                        /** Format: date-time */
                        announced_at: string;
                        announced_trigger: "manual" | "overdue" | "dispute" | "kyc_lapse";
                        /** @constant */
                        disclosure: "announced";
                        notices_queued: number;
                        reason: string;
                        /** Format: uuid */
                        request_id: string;
                        request_ref: string;
                    } & {
                        [key: string]: unknown;
                    };
                    /** Format: uuid */
                    id: string;
                    /** @constant */
                    type: "request.announced";
                };
            };
        };
        responses: {
            /** @description Any 2xx acknowledges the delivery. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    event_request_approved: {
        parameters: {
            query?: never;
            header: {
                /** @description The delivery (one per event and endpoint), as the delivery log lists it. */
                "Service-Delivery-Id": components["parameters"]["ServiceDeliveryId"];
                /** @description The event id, the same on every attempt. */
                "Service-Event-Id": components["parameters"]["ServiceEventId"];
                /** @description `t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<raw body>">`, a second `v1` during a rotation. */
                "Service-Signature": components["parameters"]["ServiceSignature"];
                /** @description Standard Webhooks: the event id, as `Service-Event-Id`. */
                "webhook-id": components["parameters"]["WebhookId"];
                /** @description Standard Webhooks: `v1,<base64 HMAC-SHA256 of "<webhook-id>.<webhook-timestamp>.<raw body>">` keyed with the bytes the text after `whsec_` encodes in base64; two items separated by a space during a rotation. */
                "webhook-signature": components["parameters"]["WebhookSignature"];
                /** @description Standard Webhooks: unix seconds, the same instant as `t` of `Service-Signature`. */
                "webhook-timestamp": components["parameters"]["WebhookTimestamp"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @example 2026-09-23 */
                    api_version: string;
                    /** Format: date-time */
                    created_at: string;
                    data: components["schemas"]["RequestEventData"];
                    /** Format: uuid */
                    id: string;
                    /** @constant */
                    type: "request.approved";
                };
            };
        };
        responses: {
            /** @description Any 2xx acknowledges the delivery. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    event_request_cancelled: {
        parameters: {
            query?: never;
            header: {
                /** @description The delivery (one per event and endpoint), as the delivery log lists it. */
                "Service-Delivery-Id": components["parameters"]["ServiceDeliveryId"];
                /** @description The event id, the same on every attempt. */
                "Service-Event-Id": components["parameters"]["ServiceEventId"];
                /** @description `t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<raw body>">`, a second `v1` during a rotation. */
                "Service-Signature": components["parameters"]["ServiceSignature"];
                /** @description Standard Webhooks: the event id, as `Service-Event-Id`. */
                "webhook-id": components["parameters"]["WebhookId"];
                /** @description Standard Webhooks: `v1,<base64 HMAC-SHA256 of "<webhook-id>.<webhook-timestamp>.<raw body>">` keyed with the bytes the text after `whsec_` encodes in base64; two items separated by a space during a rotation. */
                "webhook-signature": components["parameters"]["WebhookSignature"];
                /** @description Standard Webhooks: unix seconds, the same instant as `t` of `Service-Signature`. */
                "webhook-timestamp": components["parameters"]["WebhookTimestamp"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @example 2026-09-23 */
                    api_version: string;
                    /** Format: date-time */
                    created_at: string;
                    data: components["schemas"]["RequestEventData"];
                    /** Format: uuid */
                    id: string;
                    /** @constant */
                    type: "request.cancelled";
                };
            };
        };
        responses: {
            /** @description Any 2xx acknowledges the delivery. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    event_request_declined: {
        parameters: {
            query?: never;
            header: {
                /** @description The delivery (one per event and endpoint), as the delivery log lists it. */
                "Service-Delivery-Id": components["parameters"]["ServiceDeliveryId"];
                /** @description The event id, the same on every attempt. */
                "Service-Event-Id": components["parameters"]["ServiceEventId"];
                /** @description `t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<raw body>">`, a second `v1` during a rotation. */
                "Service-Signature": components["parameters"]["ServiceSignature"];
                /** @description Standard Webhooks: the event id, as `Service-Event-Id`. */
                "webhook-id": components["parameters"]["WebhookId"];
                /** @description Standard Webhooks: `v1,<base64 HMAC-SHA256 of "<webhook-id>.<webhook-timestamp>.<raw body>">` keyed with the bytes the text after `whsec_` encodes in base64; two items separated by a space during a rotation. */
                "webhook-signature": components["parameters"]["WebhookSignature"];
                /** @description Standard Webhooks: unix seconds, the same instant as `t` of `Service-Signature`. */
                "webhook-timestamp": components["parameters"]["WebhookTimestamp"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @example 2026-09-23 */
                    api_version: string;
                    /** Format: date-time */
                    created_at: string;
                    data: {
                        request: components["schemas"]["EventRequest"] | null;
                        /** Format: uuid */
                        request_id: string;
                        step_back?: boolean;
                    } & {
                        [key: string]: unknown;
                    };
                    /** Format: uuid */
                    id: string;
                    /** @constant */
                    type: "request.declined";
                };
            };
        };
        responses: {
            /** @description Any 2xx acknowledges the delivery. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    event_request_funded: {
        parameters: {
            query?: never;
            header: {
                /** @description The delivery (one per event and endpoint), as the delivery log lists it. */
                "Service-Delivery-Id": components["parameters"]["ServiceDeliveryId"];
                /** @description The event id, the same on every attempt. */
                "Service-Event-Id": components["parameters"]["ServiceEventId"];
                /** @description `t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<raw body>">`, a second `v1` during a rotation. */
                "Service-Signature": components["parameters"]["ServiceSignature"];
                /** @description Standard Webhooks: the event id, as `Service-Event-Id`. */
                "webhook-id": components["parameters"]["WebhookId"];
                /** @description Standard Webhooks: `v1,<base64 HMAC-SHA256 of "<webhook-id>.<webhook-timestamp>.<raw body>">` keyed with the bytes the text after `whsec_` encodes in base64; two items separated by a space during a rotation. */
                "webhook-signature": components["parameters"]["WebhookSignature"];
                /** @description Standard Webhooks: unix seconds, the same instant as `t` of `Service-Signature`. */
                "webhook-timestamp": components["parameters"]["WebhookTimestamp"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @example 2026-09-23 */
                    api_version: string;
                    /** Format: date-time */
                    created_at: string;
                    data: {
                        /** @description Euros, two decimals */
                        amount: number;
                        reference: string;
                        request: components["schemas"]["EventRequest"];
                        /** Format: date */
                        value_date: string;
                    } & {
                        [key: string]: unknown;
                    };
                    /** Format: uuid */
                    id: string;
                    /** @constant */
                    type: "request.funded";
                };
            };
        };
        responses: {
            /** @description Any 2xx acknowledges the delivery. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    event_request_routed: {
        parameters: {
            query?: never;
            header: {
                /** @description The delivery (one per event and endpoint), as the delivery log lists it. */
                "Service-Delivery-Id": components["parameters"]["ServiceDeliveryId"];
                /** @description The event id, the same on every attempt. */
                "Service-Event-Id": components["parameters"]["ServiceEventId"];
                /** @description `t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<raw body>">`, a second `v1` during a rotation. */
                "Service-Signature": components["parameters"]["ServiceSignature"];
                /** @description Standard Webhooks: the event id, as `Service-Event-Id`. */
                "webhook-id": components["parameters"]["WebhookId"];
                /** @description Standard Webhooks: `v1,<base64 HMAC-SHA256 of "<webhook-id>.<webhook-timestamp>.<raw body>">` keyed with the bytes the text after `whsec_` encodes in base64; two items separated by a space during a rotation. */
                "webhook-signature": components["parameters"]["WebhookSignature"];
                /** @description Standard Webhooks: unix seconds, the same instant as `t` of `Service-Signature`. */
                "webhook-timestamp": components["parameters"]["WebhookTimestamp"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @example 2026-09-23 */
                    api_version: string;
                    /** Format: date-time */
                    created_at: string;
                    data: {
                        request: components["schemas"]["EventRequest"];
                    } & {
                        [key: string]: unknown;
                    };
                    /** Format: uuid */
                    id: string;
                    /** @constant */
                    type: "request.routed";
                };
            };
        };
        responses: {
            /** @description Any 2xx acknowledges the delivery. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    event_request_terms_rejected: {
        parameters: {
            query?: never;
            header: {
                /** @description The delivery (one per event and endpoint), as the delivery log lists it. */
                "Service-Delivery-Id": components["parameters"]["ServiceDeliveryId"];
                /** @description The event id, the same on every attempt. */
                "Service-Event-Id": components["parameters"]["ServiceEventId"];
                /** @description `t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<raw body>">`, a second `v1` during a rotation. */
                "Service-Signature": components["parameters"]["ServiceSignature"];
                /** @description Standard Webhooks: the event id, as `Service-Event-Id`. */
                "webhook-id": components["parameters"]["WebhookId"];
                /** @description Standard Webhooks: `v1,<base64 HMAC-SHA256 of "<webhook-id>.<webhook-timestamp>.<raw body>">` keyed with the bytes the text after `whsec_` encodes in base64; two items separated by a space during a rotation. */
                "webhook-signature": components["parameters"]["WebhookSignature"];
                /** @description Standard Webhooks: unix seconds, the same instant as `t` of `Service-Signature`. */
                "webhook-timestamp": components["parameters"]["WebhookTimestamp"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @example 2026-09-23 */
                    api_version: string;
                    /** Format: date-time */
                    created_at: string;
                    data: components["schemas"]["RequestEventData"];
                    /** Format: uuid */
                    id: string;
                    /** @constant */
                    type: "request.terms_rejected";
                };
            };
        };
        responses: {
            /** @description Any 2xx acknowledges the delivery. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    event_request_unrouted: {
        parameters: {
            query?: never;
            header: {
                /** @description The delivery (one per event and endpoint), as the delivery log lists it. */
                "Service-Delivery-Id": components["parameters"]["ServiceDeliveryId"];
                /** @description The event id, the same on every attempt. */
                "Service-Event-Id": components["parameters"]["ServiceEventId"];
                /** @description `t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<raw body>">`, a second `v1` during a rotation. */
                "Service-Signature": components["parameters"]["ServiceSignature"];
                /** @description Standard Webhooks: the event id, as `Service-Event-Id`. */
                "webhook-id": components["parameters"]["WebhookId"];
                /** @description Standard Webhooks: `v1,<base64 HMAC-SHA256 of "<webhook-id>.<webhook-timestamp>.<raw body>">` keyed with the bytes the text after `whsec_` encodes in base64; two items separated by a space during a rotation. */
                "webhook-signature": components["parameters"]["WebhookSignature"];
                /** @description Standard Webhooks: unix seconds, the same instant as `t` of `Service-Signature`. */
                "webhook-timestamp": components["parameters"]["WebhookTimestamp"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @example 2026-09-23 */
                    api_version: string;
                    /** Format: date-time */
                    created_at: string;
                    data: components["schemas"]["RequestEventData"];
                    /** Format: uuid */
                    id: string;
                    /** @constant */
                    type: "request.unrouted";
                };
            };
        };
        responses: {
            /** @description Any 2xx acknowledges the delivery. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    event_request_updated: {
        parameters: {
            query?: never;
            header: {
                /** @description The delivery (one per event and endpoint), as the delivery log lists it. */
                "Service-Delivery-Id": components["parameters"]["ServiceDeliveryId"];
                /** @description The event id, the same on every attempt. */
                "Service-Event-Id": components["parameters"]["ServiceEventId"];
                /** @description `t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<raw body>">`, a second `v1` during a rotation. */
                "Service-Signature": components["parameters"]["ServiceSignature"];
                /** @description Standard Webhooks: the event id, as `Service-Event-Id`. */
                "webhook-id": components["parameters"]["WebhookId"];
                /** @description Standard Webhooks: `v1,<base64 HMAC-SHA256 of "<webhook-id>.<webhook-timestamp>.<raw body>">` keyed with the bytes the text after `whsec_` encodes in base64; two items separated by a space during a rotation. */
                "webhook-signature": components["parameters"]["WebhookSignature"];
                /** @description Standard Webhooks: unix seconds, the same instant as `t` of `Service-Signature`. */
                "webhook-timestamp": components["parameters"]["WebhookTimestamp"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @example 2026-09-23 */
                    api_version: string;
                    /** Format: date-time */
                    created_at: string;
                    data: components["schemas"]["RequestEventData"];
                    /** Format: uuid */
                    id: string;
                    /** @constant */
                    type: "request.updated";
                };
            };
        };
        responses: {
            /** @description Any 2xx acknowledges the delivery. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    event_seller_limit_updated: {
        parameters: {
            query?: never;
            header: {
                /** @description The delivery (one per event and endpoint), as the delivery log lists it. */
                "Service-Delivery-Id": components["parameters"]["ServiceDeliveryId"];
                /** @description The event id, the same on every attempt. */
                "Service-Event-Id": components["parameters"]["ServiceEventId"];
                /** @description `t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<raw body>">`, a second `v1` during a rotation. */
                "Service-Signature": components["parameters"]["ServiceSignature"];
                /** @description Standard Webhooks: the event id, as `Service-Event-Id`. */
                "webhook-id": components["parameters"]["WebhookId"];
                /** @description Standard Webhooks: `v1,<base64 HMAC-SHA256 of "<webhook-id>.<webhook-timestamp>.<raw body>">` keyed with the bytes the text after `whsec_` encodes in base64; two items separated by a space during a rotation. */
                "webhook-signature": components["parameters"]["WebhookSignature"];
                /** @description Standard Webhooks: unix seconds, the same instant as `t` of `Service-Signature`. */
                "webhook-timestamp": components["parameters"]["WebhookTimestamp"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @example 2026-09-23 */
                    api_version: string;
                    /** Format: date-time */
                    created_at: string;
                    data: {
                        seller_limit: {
                            /** @description limit less exposure (negative when a limit was lowered below it) */
                            available: number | null;
                            /** @description face value of approved requests not yet funded, euros */
                            committed: number;
                            /** Format: date-time */
                            decided_at: string | null;
                            /** @description outstanding + committed + offered, euros */
                            exposure: number;
                            frozen: boolean;
                            /** @description euros */
                            limit_amount: number | null;
                            limit_source: ("manual" | "api" | "import" | "insurer") | null;
                            limit_source_ref: string | null;
                            limit_status: ("active" | "refused" | "suspended") | null;
                            note: string | null;
                            /** @description face value of requests under a pending, unexpired offer, euros */
                            offered: number;
                            /** Format: date */
                            oldest_overdue: string | null;
                            /** @description face value of funded invoices less the payments the funder recorded, euros */
                            outstanding: number;
                            /** @description unpaid funded invoices past their due date */
                            overdue_count: number;
                            seller_country: string;
                            /** Format: uuid */
                            seller_id: string;
                            seller_marked_paid: components["schemas"]["EventSellerMarkedPaid"][];
                            seller_name: string;
                            seller_nif: string;
                        };
                        source: "manual" | "api" | "import" | "insurer";
                    } & {
                        [key: string]: unknown;
                    };
                    /** Format: uuid */
                    id: string;
                    /** @constant */
                    type: "seller_limit.updated";
                };
            };
        };
        responses: {
            /** @description Any 2xx acknowledges the delivery. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    event_settlement_recorded: {
        parameters: {
            query?: never;
            header: {
                /** @description The delivery (one per event and endpoint), as the delivery log lists it. */
                "Service-Delivery-Id": components["parameters"]["ServiceDeliveryId"];
                /** @description The event id, the same on every attempt. */
                "Service-Event-Id": components["parameters"]["ServiceEventId"];
                /** @description `t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<raw body>">`, a second `v1` during a rotation. */
                "Service-Signature": components["parameters"]["ServiceSignature"];
                /** @description Standard Webhooks: the event id, as `Service-Event-Id`. */
                "webhook-id": components["parameters"]["WebhookId"];
                /** @description Standard Webhooks: `v1,<base64 HMAC-SHA256 of "<webhook-id>.<webhook-timestamp>.<raw body>">` keyed with the bytes the text after `whsec_` encodes in base64; two items separated by a space during a rotation. */
                "webhook-signature": components["parameters"]["WebhookSignature"];
                /** @description Standard Webhooks: unix seconds, the same instant as `t` of `Service-Signature`. */
                "webhook-timestamp": components["parameters"]["WebhookTimestamp"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @example 2026-09-23 */
                    api_version: string;
                    /** Format: date-time */
                    created_at: string;
                    data: {
                        /** @description Euros, two decimals */
                        amount: number;
                        /** @constant */
                        decision?: "settle";
                        /** @description Whether the request is settled now */
                        final: boolean;
                        /** Format: date-time */
                        received_at: string;
                        reference: string | null;
                        /** @description Euros, two decimals */
                        remaining_amount: number;
                        /** Format: uuid */
                        request_id: string;
                        request_ref: string;
                        /** @description Euros, two decimals */
                        settled_amount: number;
                        /** Format: uuid */
                        settlement_id: string;
                        source: "settle" | "statement" | "recourse";
                        /** @description The request status after the payment */
                        status: string;
                    } & {
                        [key: string]: unknown;
                    };
                    /** Format: uuid */
                    id: string;
                    /** @constant */
                    type: "settlement.recorded";
                };
            };
        };
        responses: {
            /** @description Any 2xx acknowledges the delivery. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    event_statement_imported: {
        parameters: {
            query?: never;
            header: {
                /** @description The delivery (one per event and endpoint), as the delivery log lists it. */
                "Service-Delivery-Id": components["parameters"]["ServiceDeliveryId"];
                /** @description The event id, the same on every attempt. */
                "Service-Event-Id": components["parameters"]["ServiceEventId"];
                /** @description `t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<raw body>">`, a second `v1` during a rotation. */
                "Service-Signature": components["parameters"]["ServiceSignature"];
                /** @description Standard Webhooks: the event id, as `Service-Event-Id`. */
                "webhook-id": components["parameters"]["WebhookId"];
                /** @description Standard Webhooks: `v1,<base64 HMAC-SHA256 of "<webhook-id>.<webhook-timestamp>.<raw body>">` keyed with the bytes the text after `whsec_` encodes in base64; two items separated by a space during a rotation. */
                "webhook-signature": components["parameters"]["WebhookSignature"];
                /** @description Standard Webhooks: unix seconds, the same instant as `t` of `Service-Signature`. */
                "webhook-timestamp": components["parameters"]["WebhookTimestamp"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @example 2026-09-23 */
                    api_version: string;
                    /** Format: date-time */
                    created_at: string;
                    data: {
                        statement: {
                            account: components["schemas"]["Account"];
                            /** @description CAMT.053 Stmt/Id values */
                            bank_statement_ids: string[];
                            /** @description Lines matched against your funded requests */
                            candidate_count: number;
                            credit_count: number;
                            csv_layout: {
                                columns: {
                                    [key: string]: string | string[];
                                };
                                date_format: string;
                                decimal_separator: string;
                                delimiter: string;
                                header_line: number;
                            } | null;
                            /** @constant */
                            currency: "EUR";
                            debit_count: number;
                            file_name: string | null;
                            /** Format: date */
                            first_booking_date: string;
                            /** Format: uuid */
                            id: string;
                            /** Format: date-time */
                            imported_at: string;
                            kind: "camt053" | "csv";
                            /** Format: date */
                            last_booking_date: string;
                            line_count: number;
                            lines: {
                                /** @description Euros (or the line currency), always positive */
                                amount: number;
                                /** @description The bank's reference of the entry (AcctSvcrRef) */
                                bank_reference: string | null;
                                /** Format: date */
                                booking_date: string;
                                /** @description entry: the transaction's own date. Otherwise the entry had no booking nor value date and took the statement's: the end of its period (FrToDt), its closing balance's date, or its creation date (CreDtTm) */
                                booking_date_source: "entry" | "statement_period" | "closing_balance" | "statement_created";
                                confirmation: components["schemas"]["Confirmation"] | null;
                                counterparty_iban: string | null;
                                counterparty_name: string | null;
                                /** @description Structured creditor reference, e.g. RF... */
                                creditor_reference: string | null;
                                currency: string;
                                direction: "credit" | "debit";
                                /** @description Invoice numbers in structured remittance */
                                document_numbers: string[];
                                /** @description CAMT.053: where the transaction sits in the XML */
                                element: string | null;
                                end_to_end_id: string | null;
                                /** @description CAMT.053 status: BOOK, PDNG or INFO */
                                entry_status: string | null;
                                /** @description Line of the file where the transaction starts */
                                file_line: number | null;
                                /** @description Number of the transaction in the statement, from 1 */
                                line: number;
                                match: {
                                    confidence: number;
                                    invoice_number: string | null;
                                    method: "reference" | "amount_and_debtor";
                                    /** Format: uuid */
                                    request_id: string;
                                    request_ref: string;
                                } | null;
                                /** @description A booked credit in euros that is not a reversal: the only lines matched */
                                payment_candidate: boolean;
                                /** @description What the payer wrote (unstructured remittance) */
                                remittance_text: string | null;
                                /** @description The entry reverses an earlier one; never matched as a payment */
                                reversal: boolean;
                                /** Format: date */
                                value_date: string | null;
                            }[];
                            matched_count: number;
                            reversal_count: number;
                            /** @description SHA-256 of the file bytes: the same file is imported once */
                            sha256: string;
                            size_bytes: number;
                            /** @description Sum of the credit lines in euros */
                            total_credited: number;
                            /** @description Sum of the debit lines in euros */
                            total_debited: number;
                            unmatched_count: number;
                            /** @description camt.053.001.02 to .08; null for CSV */
                            version: string | null;
                        };
                    } & {
                        [key: string]: unknown;
                    };
                    /** Format: uuid */
                    id: string;
                    /** @constant */
                    type: "statement.imported";
                };
            };
        };
        responses: {
            /** @description Any 2xx acknowledges the delivery. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    event_webhook_test: {
        parameters: {
            query?: never;
            header: {
                /** @description The delivery (one per event and endpoint), as the delivery log lists it. */
                "Service-Delivery-Id": components["parameters"]["ServiceDeliveryId"];
                /** @description The event id, the same on every attempt. */
                "Service-Event-Id": components["parameters"]["ServiceEventId"];
                /** @description `t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<raw body>">`, a second `v1` during a rotation. */
                "Service-Signature": components["parameters"]["ServiceSignature"];
                /** @description Standard Webhooks: the event id, as `Service-Event-Id`. */
                "webhook-id": components["parameters"]["WebhookId"];
                /** @description Standard Webhooks: `v1,<base64 HMAC-SHA256 of "<webhook-id>.<webhook-timestamp>.<raw body>">` keyed with the bytes the text after `whsec_` encodes in base64; two items separated by a space during a rotation. */
                "webhook-signature": components["parameters"]["WebhookSignature"];
                /** @description Standard Webhooks: unix seconds, the same instant as `t` of `Service-Signature`. */
                "webhook-timestamp": components["parameters"]["WebhookTimestamp"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @example 2026-09-23 */
                    api_version: string;
                    /** Format: date-time */
                    created_at: string;
                    data: {
                        message: string;
                        /** Format: date-time */
                        sent_at: string;
                        /** Format: uuid */
                        webhook_id: string;
                    } & {
                        [key: string]: unknown;
                    };
                    /** Format: uuid */
                    id: string;
                    /** @constant */
                    type: "webhook.test";
                };
            };
        };
        responses: {
            /** @description Any 2xx acknowledges the delivery. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
}

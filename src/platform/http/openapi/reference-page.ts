import type { FastifyInstance, FastifyReply } from 'fastify';
import { type StaticBody, sendStatic, staticBody } from '../compressed.ts';
import { readRendererBundle } from './renderer-bundle.ts';

/** Where the page, its script and the renderer's bundle are served. */
const PAGE = '/docs/';
const BUNDLE_PREFIX = '/docs/renderer';
const BUNDLE = `${BUNDLE_PREFIX}/js/scalar.js`;
/** The bundle's content names its address, so a browser may keep it for a year. */
const bundleUrl = (bundle: StaticBody) => `${BUNDLE}?v=${bundle.etag.slice(1, 17)}`;
const STARTER = '/docs/reference.js';
const STYLES = '/docs/reference.css';
const ICON = '/docs/favicon.svg';

const icon = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" rx="7" fill="#0f4c5c"/><path d="M10 25V9h13M10 17h10" stroke="#fff" stroke-width="3.5" fill="none" stroke-linecap="round"/></svg>`;

/**
 * The renderer's settings: the document of the service the page came from, its own fonts off
 * (they would come from another origin), no telemetry, and the request samples an integrator asks
 * for first (curl, the typed client's TypeScript, Python and Java, which the document carries per
 * operation as `x-codeSamples`). "Test request" calls the same service.
 */
const settings = {
  url: '/v1/openapi.json',
  title: 'funder-api reference',
  withDefaultFonts: false,
  telemetry: false,
  hideClientButton: true,
  showDeveloperTools: 'never',
  documentDownloadType: 'json',
  // The page shows only the samples the document carries (curl, TypeScript, Python, Java), each
  // run by a test; none of the renderer's own, which no test runs. The first listed is shown first.
  hiddenClients: true,
  // Neither the assistant nor the MCP generator: both would send the document to another origin.
  agent: { disabled: true },
  mcp: { disabled: true },
  authentication: { preferredSecurityScheme: 'apiKey' },
};

const page = (bundle: StaticBody) => `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <title>funder-api reference</title>
    <link rel="icon" type="image/svg+xml" href="${ICON}" />
    <link rel="preload" href="${settings.url}" as="fetch" crossorigin="anonymous" />
    <link rel="stylesheet" href="${STYLES}" />
  </head>
  <body>
    <div id="reference"></div>
    <script src="${bundleUrl(bundle)}"></script>
    <script src="${STARTER}"></script>
  </body>
</html>
`;

/**
 * The starter: reads the document (preloaded by the page), puts the address the page was served
 * from in place of the `base_url` server variable's default, in that default and in every
 * operation's samples, and hands the document to the renderer. So the samples the page shows
 * call the service that served it, while the document keeps samples that run as written (the
 * tests run them, docs/decisions/openapi.md). Should the document not arrive, the renderer is
 * given its address and says what went wrong.
 */
const starter = `'use strict';
(function () {
  var settings = ${JSON.stringify(settings)};
  function servedFrom(doc, origin) {
    var server = (doc.servers || []).find(function (s) { return s.variables && s.variables.base_url; });
    if (!server) return doc;
    var local = server.variables.base_url.default;
    server.variables.base_url.default = origin;
    Object.values(doc.paths || {}).forEach(function (methods) {
      Object.values(methods).forEach(function (operation) {
        ((operation && operation['x-codeSamples']) || []).forEach(function (sample) {
          sample.source = sample.source.split(local).join(origin);
        });
      });
    });
    return doc;
  }
  fetch(settings.url)
    .then(function (answer) {
      if (!answer.ok) throw new Error('the document answered ' + answer.status);
      return answer.json();
    })
    .then(
      function (doc) {
        var withContent = Object.assign({}, settings, { content: servedFrom(doc, location.origin) });
        delete withContent.url;
        Scalar.createApiReference('#reference', withContent);
      },
      function () {
        Scalar.createApiReference('#reference', settings);
      },
    );
})();
`;

/**
 * The page's own styles over the renderer's. An operation's answers are a row of status tabs
 * (the decision has thirteen) in a header that clips what does not fit and hides its scroll
 * bar: the row wraps instead, so every status is in sight at any width, with the header's
 * buttons kept on its first line. Selectors one class more specific than the renderer's own,
 * which it injects after this sheet.
 */
const styles = `.response-card .scalar-card-header.scalar-card-header-tabs {
  align-items: flex-start;
}
.response-card .scalar-card-header-tabs .scalar-card-header-title {
  overflow: visible;
  white-space: normal;
}
.response-card .scalar-card-header-tabs .tab-list {
  flex-wrap: wrap;
  overflow: visible;
}
`;

/**
 * The page's own policy: everything from the service itself, no inline script (the page's two
 * scripts are files), and no other page may frame it. Inline styles are allowed: the renderer
 * injects its stylesheet. No upgrade-insecure-requests: the service may be reached over plain
 * http (a laptop, an internal host), where it would leave the page blank.
 */
export const REFERENCE_POLICY = [
  "default-src 'self'",
  "base-uri 'self'",
  "connect-src 'self'",
  "font-src 'self' data:",
  "form-action 'self'",
  "frame-ancestors 'none'",
  "img-src 'self' data: blob:",
  "object-src 'none'",
  "script-src 'self'",
  "script-src-attr 'none'",
  "style-src 'self' 'unsafe-inline'",
  "worker-src 'self' blob:",
].join('; ');

/**
 * The renderer's bundle, read on first use (renderer-bundle.ts: not imported, so servers that
 * never serve the page do not hold it) and kept with its compressed forms from then on.
 */
let bundle: Promise<StaticBody> | undefined;
function rendererBundle(): Promise<StaticBody> {
  bundle ??= readRendererBundle().then(staticBody);
  bundle.catch(() => {
    bundle = undefined; // a failed read is tried again on the next request
  });
  return bundle;
}

const withPolicy = (reply: FastifyReply) => reply.header('content-security-policy', REFERENCE_POLICY);

/**
 * The reference page at /docs: a three-pane reference (navigation by area, search over
 * operations and their texts, samples per language, "test request") rendered by Scalar's API
 * reference, whose bundle is served from the service itself (no CDN), read from its Fastify
 * package on first use (renderer-bundle.ts). The page and its starter script are the
 * service's own files, so the policy needs no inline script.
 */
export async function registerReferencePage(app: FastifyInstance): Promise<void> {
  await app.register(async (docs) => {
    docs.addHook('onSend', async (_request, reply, payload) => {
      withPolicy(reply);
      return payload;
    });
    const html = async (_request: unknown, reply: FastifyReply) =>
      reply.type('text/html; charset=utf-8').send(page(await rendererBundle()));
    const hidden = { schema: { hide: true } };
    docs.get('/docs', hidden, html);
    docs.get(PAGE, hidden, html);
    docs.get(STARTER, hidden, async (_request, reply) =>
      reply.type('application/javascript; charset=utf-8').send(starter),
    );
    docs.get(STYLES, hidden, async (_request, reply) => reply.type('text/css; charset=utf-8').send(styles));
    docs.get(ICON, hidden, async (_request, reply) => reply.type('image/svg+xml').send(icon));
    // The bundle, compressed, with a strong ETag, cached a year under its versioned address.
    docs.get(BUNDLE, hidden, async (request, reply) => {
      const body = await rendererBundle();
      const cache = request.url === bundleUrl(body) ? 'public, max-age=31536000, immutable' : 'no-cache';
      return sendStatic(request, reply, body, 'application/javascript; charset=utf-8', cache);
    });
    // The renderer's own page is not served: its place sends the reader to the service's page.
    const toPage = async (_request: unknown, reply: FastifyReply) => reply.redirect(PAGE, 302);
    docs.get(BUNDLE_PREFIX, hidden, toPage);
    docs.get(`${BUNDLE_PREFIX}/`, hidden, toPage);
  });
}

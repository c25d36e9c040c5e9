import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';

const mark = `<svg xmlns="http://www.w3.org/2000/svg" width="220" height="40" viewBox="0 0 220 40">
<rect x="2" y="6" width="28" height="28" rx="6" fill="#0f4c5c"/>
<path d="M9 27V13h12M9 20h9" stroke="#fff" stroke-width="3" fill="none" stroke-linecap="round"/>
<text x="40" y="27" font-family="Helvetica, Arial, sans-serif" font-size="20" font-weight="700" fill="#ffffff">funder-api</text>
</svg>`;

const icon = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" rx="7" fill="#0f4c5c"/><path d="M10 25V9h13M10 17h10" stroke="#fff" stroke-width="3.5" fill="none" stroke-linecap="round"/></svg>`;

const css = `
.swagger-ui .topbar { background: #0f4c5c; padding: 8px 0; }
.swagger-ui .topbar .download-url-wrapper { display: none; }
.swagger-ui .info { margin: 32px 0 16px; }
.swagger-ui .opblock .opblock-summary-operation-id { font-size: 12px; }
`;

/**
 * The reference page at /docs: Swagger UI served from the package's own files (no CDN), under
 * the service's name and mark, reading the same document as /v1/openapi.json. "Try it out"
 * calls the service the page came from.
 */
export async function registerReferencePage(app: FastifyInstance): Promise<void> {
  await app.register(swaggerUi, {
    routePrefix: '/docs',
    logo: { type: 'image/svg+xml', content: Buffer.from(mark), href: '/docs', target: '_self' },
    theme: {
      title: 'funder-api reference',
      css: [{ filename: 'funder-api.css', content: css }],
      favicon: [
        {
          filename: 'favicon.svg',
          rel: 'icon',
          sizes: 'any',
          type: 'image/svg+xml',
          content: Buffer.from(icon),
        },
      ],
    },
    uiConfig: {
      deepLinking: true,
      displayOperationId: true,
      docExpansion: 'list',
      defaultModelsExpandDepth: 0,
      defaultModelExpandDepth: 3,
      persistAuthorization: false,
      tryItOutEnabled: false,
      validatorUrl: null,
    },
    // Everything from the service itself, and no other page may frame it. No upgrade-insecure-requests: the service may be reached
    // over plain http (a laptop, an internal host), where it would leave the page blank.
    staticCSP: [
      "default-src 'self'",
      "base-uri 'self'",
      "connect-src 'self'",
      "font-src 'self' data:",
      "frame-ancestors 'none'",
      "img-src 'self' data:",
      "object-src 'none'",
      "script-src 'self'",
      "script-src-attr 'none'",
      "style-src 'self' 'unsafe-inline'",
    ].join('; '),
  });
}

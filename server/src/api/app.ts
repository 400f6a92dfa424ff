// The HTTP application: small middleware, one concern each, in the order a request meets them.
import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import Koa, { type Context, type Next } from 'koa';
import Router from '@koa/router';
import { koaBody } from 'koa-body';
import send from 'koa-send';
import type { Services } from '../services.ts';
import { ApiDefinition } from './route.ts';
import { errorResponses, HttpError, ValidationError } from './errors.ts';
import { bearerAuthenticator } from './auth.ts';
import { projectRoutes } from './routes/projects.ts';
import { blueprintRoutes } from './routes/blueprints.ts';
import { uploadRoutes } from './routes/uploads.ts';
import { signedFileEndpoints } from './signed-files.ts';
import { renderDocsPage } from './docs-page.ts';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
/** Built by `npm run build:web`: widget/dist/{widget,demo,sdk}. */
const webRoot = path.join(repoRoot, 'widget', 'dist');

function requestLog(services: Services) {
  return async (ctx: Context, next: Next) => {
    const started = performance.now();
    const requestId = ctx.get('x-request-id') || randomUUID();
    ctx.set('X-Request-Id', requestId);
    try {
      await next();
    } finally {
      const error = ctx.state.error as Error | undefined;
      services.logger[ctx.status >= 500 ? 'error' : 'info'](
        {
          request_id: requestId,
          method: ctx.method,
          path: ctx.path,
          status: ctx.status,
          duration_ms: Math.round((performance.now() - started) * 10) / 10,
          ...(error ? { err: error } : {}),
        },
        'request',
      );
    }
  };
}

/** JSON endpoints accept JSON only; a malformed body is a 422 at ["body"], like any invalid body. */
function jsonBodies(limitBytes: number) {
  const parse = koaBody({
    json: true,
    multipart: false,
    urlencoded: false,
    text: false,
    jsonLimit: limitBytes,
    jsonStrict: false,
    onError: (error: Error & { status?: number }) => {
      if (error.status === 413) throw new HttpError(413, `JSON body larger than ${limitBytes} bytes`);
      throw new ValidationError([{ loc: ['body'], msg: `JSON decode error: ${error.message}`, type: 'json_invalid' }]);
    },
  });
  return async (ctx: Context, next: Next) => {
    const hasBody = Number(ctx.get('content-length') || 0) > 0 || Boolean(ctx.get('transfer-encoding'));
    if (!['POST', 'PUT', 'PATCH'].includes(ctx.method) || ctx.path === '/v1/blueprints/upload') return next();
    if (hasBody && !ctx.is('application/json', '+json')) throw new HttpError(415, 'Send the body as application/json');
    return parse(ctx, next);
  };
}

function webAssets() {
  return async (ctx: Context, next: Next) => {
    const match = /^\/(widget|demo|sdk)(\/.*)?$/.exec(ctx.path);
    if (!match || !['GET', 'HEAD'].includes(ctx.method)) return next();
    if (!match[2]) return ctx.redirect(`/${match[1]}/${ctx.querystring ? `?${ctx.querystring}` : ''}`);
    const root = path.join(webRoot, match[1]);
    if (!existsSync(root)) throw new HttpError(404, 'Web assets are not built: run `npm run build:web`');
    await send(ctx, match[2], { root, index: 'index.html', immutable: false });
  };
}

export interface BuiltApp {
  app: Koa;
  api: ApiDefinition;
}

export function buildApp(services: Services, isReady: () => Promise<boolean>): BuiltApp {
  const app = new Koa({ proxy: true });
  const api = new ApiDefinition();
  projectRoutes(api, services);
  blueprintRoutes(api, services);
  uploadRoutes(api, services);
  const openapi = api.document(services.config.publicBaseUrl);
  const docsPage = renderDocsPage(openapi as Record<string, unknown>);

  const router = new Router();
  router.get('/healthz', (ctx) => {
    ctx.body = { status: 'ok' };
  });
  router.get('/readyz', async (ctx) => {
    const ready = await isReady().catch(() => false);
    ctx.status = ready ? 200 : 503;
    ctx.body = { status: ready ? 'ready' : 'not ready' };
  });
  router.get('/openapi.json', (ctx) => {
    ctx.body = openapi;
  });
  router.get('/docs', (ctx) => {
    ctx.type = 'html';
    ctx.body = docsPage;
  });
  router.get('/', (ctx) => ctx.redirect('/docs'));
  api.mount(router, bearerAuthenticator(services.db, services.config.signingSecret));

  app.use(requestLog(services));
  app.use(errorResponses);
  app.use(signedFileEndpoints(services));
  app.use(webAssets());
  app.use(jsonBodies(64 * 1024 * 1024));
  app.use(router.routes());
  app.use(router.allowedMethods({ throw: false }));
  return { app, api };
}

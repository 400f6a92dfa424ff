// A route is declared once, with its schemas; the same declaration validates requests and
// produces the OpenAPI document.
import type Router from '@koa/router';
import { OpenAPIRegistry, OpenApiGeneratorV31 } from '@asteasolutions/zod-to-openapi';
import type { Context } from 'koa';
import type { z } from 'zod';
import { parseOrThrow } from './validation.ts';
import type { Principal } from './auth.ts';

type Method = 'get' | 'post' | 'put' | 'patch' | 'delete';
type AnyObject = z.ZodObject<z.ZodRawShape>;

export interface RouteResult {
  status?: number;
  body: unknown;
  headers?: Record<string, string>;
}

export interface RouteInput<P extends AnyObject | undefined, Q extends AnyObject | undefined, B extends z.ZodType | undefined> {
  params: P extends AnyObject ? z.output<P> : Record<string, string>;
  query: Q extends AnyObject ? z.output<Q> : Record<string, never>;
  body: B extends z.ZodType ? z.output<B> : undefined;
  principal: Principal;
  ctx: Context;
}

export interface RouteSpec<P extends AnyObject | undefined, Q extends AnyObject | undefined, B extends z.ZodType | undefined> {
  method: Method;
  /** OpenAPI style: /v1/projects/{project_id} */
  path: string;
  summary: string;
  description?: string;
  tag: string;
  /** Widget tokens are accepted only where this is true (and only for their own blueprint). */
  allowWidgetToken?: boolean;
  params?: P;
  query?: Q;
  body?: B;
  /** For bodies that are not JSON (multipart): documented here, parsed by the handler. */
  rawBody?: { contentType: string; schema: z.ZodType };
  responses: Record<number, { description: string; schema?: z.ZodType; contentType?: string }>;
  handler: (input: RouteInput<P, Q, B>) => Promise<RouteResult>;
}

const ERROR_RESPONSES = {
  401: 'Missing, malformed, unknown or revoked credentials ({"detail": "..."}, WWW-Authenticate: Bearer).',
  422: 'Validation error: {"detail": [{"loc": [...], "msg": "...", "type": "..."}]}.',
};

export class ApiDefinition {
  readonly registry = new OpenAPIRegistry();
  private readonly routes: RouteSpec<AnyObject | undefined, AnyObject | undefined, z.ZodType | undefined>[] = [];

  constructor() {
    this.registry.registerComponent('securitySchemes', 'bearer', {
      type: 'http',
      scheme: 'bearer',
      description: 'An API key (`npm run keys -- create`), or a widget token from POST /v1/widget/sessions where stated.',
    });
  }

  add<P extends AnyObject | undefined, Q extends AnyObject | undefined, B extends z.ZodType | undefined>(spec: RouteSpec<P, Q, B>): void {
    this.routes.push(spec as unknown as RouteSpec<AnyObject | undefined, AnyObject | undefined, z.ZodType | undefined>);
    const responses: Record<string, { description: string; content?: Record<string, { schema: z.ZodType }> }> = {};
    for (const [status, response] of Object.entries(spec.responses)) {
      responses[status] = {
        description: response.description,
        ...(response.schema ? { content: { [response.contentType ?? 'application/json']: { schema: response.schema } } } : {}),
      };
    }
    for (const [status, description] of Object.entries(ERROR_RESPONSES)) responses[status] ??= { description };
    const body = spec.body
      ? { content: { 'application/json': { schema: spec.body } }, required: true }
      : spec.rawBody
        ? { content: { [spec.rawBody.contentType]: { schema: spec.rawBody.schema } }, required: true }
        : undefined;
    this.registry.registerPath({
      method: spec.method,
      path: spec.path,
      summary: spec.summary,
      description: spec.description,
      tags: [spec.tag],
      security: [{ bearer: [] }],
      request: { params: spec.params, query: spec.query, ...(body ? { body } : {}) },
      responses,
    });
  }

  mount(router: Router, authenticate: (ctx: Context, allowWidgetToken: boolean) => Promise<Principal>): void {
    for (const spec of this.routes) {
      const koaPath = spec.path.replace(/\{(\w+)\}/g, ':$1');
      router[spec.method](koaPath, async (ctx: Context) => {
        const principal = await authenticate(ctx, spec.allowWidgetToken ?? false);
        const params = spec.params ? parseOrThrow('path', spec.params, ctx.params) : ctx.params;
        const query = spec.query ? parseOrThrow('query', spec.query, ctx.query) : {};
        // An absent body is not an empty object: a required body that was not sent is `missing`.
        const sent = Number(ctx.get('content-length') || 0) > 0 || Boolean(ctx.get('transfer-encoding'));
        const body = spec.body ? parseOrThrow('body', spec.body, sent ? (ctx.request as { body?: unknown }).body : undefined) : undefined;
        const result = await spec.handler({ params, query, body, principal, ctx } as never);
        ctx.status = result.status ?? 200;
        if (result.headers) ctx.set(result.headers);
        ctx.body = result.body;
      });
    }
  }

  document(serverUrl: string): object {
    const generator = new OpenApiGeneratorV31(this.registry.definitions);
    return generator.generateDocument({
      openapi: '3.1.0',
      info: {
        title: 'Blueprint takeoff service',
        version: '0.1.0',
        description:
          'Upload PDF sheets, poll the job, read GeoJSON features with SI measurements, words and signed file URLs. See the README for the decisions the interface specification leaves open.',
      },
      servers: [{ url: serverUrl }],
    });
  }
}

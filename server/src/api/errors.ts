// Error bodies: 422 → {"detail": [{loc, msg, type}]} (FastAPI's shape); anything else → {"detail": "..."}.
import type { Context, Next } from 'koa';

export interface ValidationIssue {
  loc: (string | number)[];
  msg: string;
  type: string;
}

export class HttpError extends Error {
  constructor(
    readonly status: number,
    readonly detail: string,
    readonly headers: Record<string, string> = {},
  ) {
    super(detail);
  }
}

export class ValidationError extends Error {
  readonly status = 422;
  constructor(readonly issues: ValidationIssue[]) {
    super(issues.map((issue) => `${issue.loc.join('.')}: ${issue.msg}`).join('; '));
  }
}

export const notFound = (what: string) => new HttpError(404, `${what} not found`);

/** A lookup's row, or 404: missing and not-yours look the same. */
export async function orNotFound<T>(lookup: Promise<T | null>, what: string): Promise<T> {
  const found = await lookup;
  if (found === null) throw notFound(what);
  return found;
}

export async function errorResponses(ctx: Context, next: Next): Promise<void> {
  try {
    await next();
    if (ctx.status === 404 && ctx.body === undefined) {
      ctx.status = 404;
      ctx.body = { detail: 'Not found' };
    }
  } catch (error) {
    if (error instanceof ValidationError) {
      ctx.status = 422;
      ctx.body = { detail: error.issues };
      return;
    }
    if (error instanceof HttpError) {
      ctx.status = error.status;
      ctx.set(error.headers);
      ctx.body = { detail: error.detail };
      return;
    }
    const status = (error as { status?: number; statusCode?: number }).status ?? (error as { statusCode?: number }).statusCode;
    if (status && status >= 400 && status < 500 && (error as { expose?: boolean }).expose !== false) {
      ctx.status = status;
      ctx.body = { detail: (error as Error).message };
      return;
    }
    ctx.state.error = error;
    ctx.status = 500;
    ctx.body = { detail: 'Internal server error' };
  }
}

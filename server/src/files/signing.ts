// HMAC-SHA256 signatures for file and upload URLs. The signed string names the method, the path,
// the expiry and (for uploads) the required header values, so none of them can be changed.
import { createHmac, timingSafeEqual } from 'node:crypto';

export interface SignedRequest {
  method: string;
  path: string;
  expires: number;
  headers?: Record<string, string>;
}

function canonical(request: SignedRequest): string {
  const headers = Object.entries(request.headers ?? {})
    .map(([name, value]) => `${name.toLowerCase()}:${value.trim()}`)
    .sort()
    .join('\n');
  return [request.method.toUpperCase(), request.path, String(request.expires), headers].join('\n');
}

export function sign(secret: string, request: SignedRequest): string {
  return createHmac('sha256', secret).update(canonical(request)).digest('base64url');
}

export type SignatureCheck = 'valid' | 'expired' | 'invalid';

export function verify(secret: string, request: SignedRequest, signature: string, nowSeconds: number): SignatureCheck {
  const expected = Buffer.from(sign(secret, request));
  const given = Buffer.from(signature);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return 'invalid';
  return nowSeconds < request.expires ? 'valid' : 'expired';
}

export function signedUrl(baseUrl: string, secret: string, request: SignedRequest): string {
  const signature = sign(secret, request);
  return `${baseUrl}${request.path}?expires=${request.expires}&signature=${signature}`;
}

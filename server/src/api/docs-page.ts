// A readable, self-contained rendering of the OpenAPI document for /docs. It needs no CDN (our
// deployments may have no internet) and no front-end framework.
type Json = Record<string, unknown>;

const escape = (text: unknown) =>
  String(text ?? '').replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

function resolve(doc: Json, schema: Json | undefined): Json | undefined {
  const ref = schema?.$ref as string | undefined;
  if (!ref) return schema;
  const name = ref.split('/').pop()!;
  return ((doc.components as Json)?.schemas as Json)?.[name] as Json;
}

function schemaName(schema: Json | undefined): string {
  const ref = schema?.$ref as string | undefined;
  return ref ? ref.split('/').pop()! : '';
}

function describeType(doc: Json, schema: Json | undefined, depth: number): string {
  if (!schema) return '';
  const name = schemaName(schema);
  const resolved = resolve(doc, schema) ?? {};
  if (name && depth > 0) return `<a href="#schema-${escape(name)}">${escape(name)}</a>`;
  if (resolved.enum) return (resolved.enum as unknown[]).map((v) => `<code>${escape(JSON.stringify(v))}</code>`).join(' | ');
  if (resolved.const !== undefined) return `<code>${escape(JSON.stringify(resolved.const))}</code>`;
  const variants = (resolved.anyOf ?? resolved.oneOf) as Json[] | undefined;
  if (variants) return variants.map((v) => describeType(doc, v, depth + 1)).join(' or ');
  const type = Array.isArray(resolved.type) ? (resolved.type as string[]).join(' | ') : (resolved.type as string | undefined);
  if (type === 'array') return `array of ${describeType(doc, resolved.items as Json, depth + 1)}`;
  if (type === 'object' && resolved.properties && depth < 2) return propertiesTable(doc, resolved, depth + 1);
  if (type === 'object' && resolved.additionalProperties) return `map of ${describeType(doc, resolved.additionalProperties as Json, depth + 1)}`;
  return escape(type ?? 'any') + (resolved.format ? ` (${escape(resolved.format)})` : '');
}

function propertiesTable(doc: Json, schema: Json, depth: number): string {
  const required = new Set((schema.required as string[] | undefined) ?? []);
  const rows = Object.entries((schema.properties as Json) ?? {}).map(([key, value]) => {
    const property = value as Json;
    const limits = ['minimum', 'maximum', 'exclusiveMinimum', 'minLength', 'maxLength', 'default', 'pattern']
      .filter((limit) => property[limit] !== undefined)
      .map((limit) => `${limit}: ${escape(JSON.stringify(property[limit]))}`)
      .join(', ');
    return `<tr><td><code>${escape(key)}</code>${required.has(key) ? ' *' : ''}</td><td>${describeType(doc, property, depth)}</td><td>${escape(property.description)} ${limits ? `<small>${limits}</small>` : ''}</td></tr>`;
  });
  return `<table><tr><th>field</th><th>type</th><th>notes</th></tr>${rows.join('')}</table>`;
}

export function renderDocsPage(doc: Json): string {
  const paths = doc.paths as Record<string, Record<string, Json>>;
  const operations = Object.entries(paths).flatMap(([route, methods]) =>
    Object.entries(methods).map(([method, operation]) => ({ route, method, operation })),
  );
  const sections = operations.map(({ route, method, operation }) => {
    const params = ((operation.parameters as Json[] | undefined) ?? [])
      .map((p) => `<tr><td><code>${escape(p.name)}</code> (${escape(p.in)})${p.required ? ' *' : ''}</td><td>${describeType(doc, p.schema as Json, 1)}</td><td>${escape(p.description)}</td></tr>`)
      .join('');
    const content = ((operation.requestBody as Json | undefined)?.content ?? {}) as Record<string, Json>;
    const body = Object.entries(content)
      .map(([type, media]) => `<p>Body <code>${escape(type)}</code>: ${describeType(doc, media.schema as Json, 0)}</p>`)
      .join('');
    const responses = Object.entries((operation.responses as Record<string, Json>) ?? {})
      .map(([status, response]) => {
        const schema = ((response.content as Record<string, Json> | undefined)?.['application/json'] as Json | undefined)?.schema as Json | undefined;
        return `<tr><td>${escape(status)}</td><td>${escape(response.description)}</td><td>${schema ? describeType(doc, schema, 1) : ''}</td></tr>`;
      })
      .join('');
    return `<section><h3><span class="m">${escape(method.toUpperCase())}</span> <code>${escape(route)}</code></h3>
      <p><b>${escape(operation.summary)}</b></p><p>${escape(operation.description)}</p>
      ${params ? `<table><tr><th>parameter</th><th>type</th><th>notes</th></tr>${params}</table>` : ''}${body}
      <table><tr><th>status</th><th>meaning</th><th>body</th></tr>${responses}</table></section>`;
  });
  const schemas = Object.entries(((doc.components as Json)?.schemas as Json) ?? {}).map(
    ([name, schema]) =>
      `<section id="schema-${escape(name)}"><h3>${escape(name)}</h3><p>${escape((schema as Json).description)}</p>${describeType(doc, schema as Json, 0)}</section>`,
  );
  const info = doc.info as Json;
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${escape(info.title)} API</title>
<style>body{font:15px/1.5 system-ui,sans-serif;max-width:1100px;margin:2rem auto;padding:0 1rem;color:#222}
code{background:#f3f3f3;padding:0 .25em;border-radius:3px}table{border-collapse:collapse;margin:.5rem 0;width:100%}
td,th{border:1px solid #ddd;padding:.3rem .5rem;text-align:left;vertical-align:top}th{background:#fafafa}
section{border-top:1px solid #eee;padding:.5rem 0}.m{display:inline-block;min-width:4.5em;color:#fff;background:#345;border-radius:3px;padding:0 .4em;font-size:.8em}</style></head>
<body><h1>${escape(info.title)} <small>v${escape(info.version)}</small></h1><p>${escape(info.description)}</p>
<p>Machine-readable: <a href="/openapi.json">/openapi.json</a> (OpenAPI 3.1). Authentication: <code>Authorization: Bearer &lt;API key&gt;</code>.</p>
<h2>Endpoints</h2>${sections.join('')}<h2>Schemas</h2>${schemas.join('')}</body></html>`;
}

import { API_KEYS_TEXTS } from '@vitrine/shared';
import useSWR from 'swr';
import { ErrorAlert } from '../../../components/ui/error-alert';
import { Spinner } from '../../../components/ui/spinner';
import { apiFetcher } from '../../../lib/api-client';

const T = API_KEYS_TEXTS;
const DOCUMENT_PATH = '/v1/openapi.json';

interface SchemaObject {
  $ref?: string;
  type?: string | string[];
  properties?: Record<string, SchemaObject>;
  required?: string[];
  enum?: unknown[];
  items?: SchemaObject;
  anyOf?: SchemaObject[];
}
interface OperationObject {
  operationId: string;
  summary: string;
  description?: string;
  'x-vitrine-scope'?: 'read' | 'transform';
  parameters?: { name: string; in: string; description?: string; required?: boolean }[];
  requestBody?: { content: { 'application/json': { schema: SchemaObject } } };
  responses: Record<string, { description: string; content?: { 'application/json': { schema: SchemaObject } } }>;
}
interface OpenApiDocument {
  info: { title: string; version: string; description: string };
  paths: Record<string, Record<string, OperationObject>>;
  components: { schemas: Record<string, SchemaObject> };
}

const refName = (schema: SchemaObject | undefined) => schema?.$ref?.split('/').pop();

function typeOf(schema: SchemaObject): string {
  if (schema.$ref) return refName(schema) ?? '';
  if (schema.enum) return schema.enum.map((value) => JSON.stringify(value)).join(' | ');
  if (schema.anyOf) return schema.anyOf.map(typeOf).join(' | ');
  if (schema.type === 'array' && schema.items) return `${typeOf(schema.items)}[]`;
  return Array.isArray(schema.type) ? schema.type.join(' | ') : (schema.type ?? 'any');
}

/** A named schema's fields, one line each. */
function SchemaFields({ name, document }: { name: string | undefined; document: OpenApiDocument }) {
  const schema = name ? document.components.schemas[name] : undefined;
  if (!name || !schema?.properties) return null;
  return (
    <div className="mt-2">
      <p className="font-mono text-xs font-semibold text-ink-800">{name}</p>
      <ul className="mt-1 flex flex-col gap-0.5 font-mono text-xs text-ink-700">
        {Object.entries(schema.properties).map(([field, property]) => (
          <li key={field}>
            {field}
            {schema.required?.includes(field) ? '' : '?'}: {typeOf(property)}
          </li>
        ))}
      </ul>
    </div>
  );
}

/** The public API's reference (issue 25): every operation of the generated OpenAPI document, readable. */
export function ApiReferencePage() {
  const { data: document, error } = useSWR<OpenApiDocument, Error>(DOCUMENT_PATH, apiFetcher);
  return (
    <section aria-labelledby="api-reference-heading" className="mx-auto flex max-w-5xl flex-col gap-6">
      <title>{`${T.reference} | Vitrine`}</title>
      <h1 id="api-reference-heading" className="text-2xl font-bold sm:text-3xl">
        {T.reference}
      </h1>
      <p className="text-sm text-ink-700">{T.referenceIntro}</p>
      <a href={`/api${DOCUMENT_PATH}`} className="text-sm font-medium text-brand-700 underline">
        {T.referenceDocument}
      </a>
      {error && <ErrorAlert description={T.referenceLoadFailed} />}
      {!document && !error && <Spinner />}
      {document &&
        Object.entries(document.paths).flatMap(([path, methods]) =>
          Object.entries(methods).map(([method, operation]) => {
            const [status, answer] = Object.entries(operation.responses)[0] ?? [];
            return (
              <article key={operation.operationId} className="rounded-card bg-white p-4 shadow-card">
                <h2 className="font-mono text-sm font-semibold text-ink-900">
                  <span className="mr-2 rounded bg-ink-100 px-1.5 py-0.5">{method.toUpperCase()}</span> {path}
                </h2>
                <p className="mt-1 font-medium text-ink-900" lang="en">
                  {operation.summary}
                </p>
                {operation.description && (
                  <p className="mt-1 text-sm text-ink-700" lang="en">
                    {operation.description}
                  </p>
                )}
                {operation['x-vitrine-scope'] && (
                  <p className="mt-1 text-xs text-ink-600">{T.referenceScope[operation['x-vitrine-scope']]}</p>
                )}
                {operation.parameters && operation.parameters.length > 0 && (
                  <p className="mt-2 font-mono text-xs text-ink-700">
                    {T.referenceParameters} :{' '}
                    {operation.parameters.map((parameter) => `${parameter.name} (${parameter.in})`).join(', ')}
                  </p>
                )}
                {operation.requestBody && (
                  <div className="mt-2 text-xs text-ink-600">
                    {T.referenceBody}
                    <SchemaFields
                      name={refName(operation.requestBody.content['application/json'].schema)}
                      document={document}
                    />
                  </div>
                )}
                {status && answer && (
                  <div className="mt-2 text-xs text-ink-600">
                    {T.referenceAnswer} {status}
                    <SchemaFields name={refName(answer.content?.['application/json'].schema)} document={document} />
                  </div>
                )}
              </article>
            );
          }),
        )}
    </section>
  );
}

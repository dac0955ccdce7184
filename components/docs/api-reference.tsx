import { ERROR_STATUS } from "@/lib/core/errors";
import type { openApiDocument } from "@/lib/http/openapi/openapi-document";

type Doc = ReturnType<typeof openApiDocument>;
type Operation = {
  operationId: string;
  summary: string;
  description?: string;
  parameters?: { name: string; in: string; required?: boolean; description?: string; schema: { type: string } }[];
  requestBody?: { content: Record<string, { schema: { $ref?: string } }> };
  responses: Record<
    string,
    { description: string; content?: Record<string, { schema: { $ref?: string; items?: { $ref?: string } } }> }
  >;
};

const schemaName = (ref?: string) => ref?.split("/").pop();

/** A readable rendering of the OpenAPI document: every operation, its parameters, bodies and error codes. */
export function ApiReference({ document }: { document: Doc }) {
  const schemas = document.components.schemas as Record<string, unknown>;
  return (
    <main className="container">
      <h1>API reference</h1>
      <p className="muted">{document.info.description}</p>
      <p>
        Base URL: <code>/api/v1</code>. Authenticate with <code>Authorization: Bearer &lt;API key&gt;</code> and{" "}
        <code>X-CLIENT-ID: &lt;client id&gt;</code>. Machine-readable: <a href="/api/v1/openapi.json">openapi.json</a>.
      </p>
      {Object.entries(document.paths).map(([path, methods]) =>
        Object.entries(methods as Record<string, Operation>).map(([method, op]) => (
          <section key={op.operationId} className="endpoint" id={op.operationId}>
            <h2>
              <span className="method">{method.toUpperCase()}</span> <code>{path}</code>
            </h2>
            <p>{op.summary}</p>
            {op.description && <p className="muted">{op.description}</p>}
            {op.parameters?.length ? (
              <table>
                <thead>
                  <tr>
                    <th>Parameter</th>
                    <th>In</th>
                    <th>Type</th>
                    <th>Notes</th>
                  </tr>
                </thead>
                <tbody>
                  {op.parameters.map((p) => (
                    <tr key={p.name}>
                      <td>
                        <code>{p.name}</code>
                        {p.required ? " *" : ""}
                      </td>
                      <td>{p.in}</td>
                      <td>{p.schema.type}</td>
                      <td>{p.description}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            ) : null}
            {op.requestBody && (
              <>
                <h3>Request body</h3>
                {Object.entries(op.requestBody.content).map(([type, c]) => (
                  <details key={type}>
                    <summary>
                      <code>{type}</code> {schemaName(c.schema.$ref)}
                    </summary>
                    <pre>{JSON.stringify(c.schema.$ref ? schemas[schemaName(c.schema.$ref)!] : c.schema, null, 2)}</pre>
                  </details>
                ))}
              </>
            )}
            <h3>Responses</h3>
            <table>
              <tbody>
                {Object.entries(op.responses).map(([status, r]) => {
                  const schema = r.content?.["application/json"]?.schema;
                  const name = schemaName(schema?.$ref ?? schema?.items?.$ref);
                  return (
                    <tr key={status}>
                      <td>
                        <code>{status}</code>
                      </td>
                      <td>{r.description}</td>
                      <td>
                        {name && (
                          <details>
                            <summary>{name}</summary>
                            <pre>{JSON.stringify(schemas[name], null, 2)}</pre>
                          </details>
                        )}
                      </td>
                    </tr>
                  );
                })}
              </tbody>
            </table>
          </section>
        )),
      )}
      <h2>Error codes</h2>
      <table>
        <thead>
          <tr>
            <th>Code</th>
            <th>HTTP</th>
          </tr>
        </thead>
        <tbody>
          {Object.entries(ERROR_STATUS).map(([code, status]) => (
            <tr key={code}>
              <td>
                <code>{code}</code>
              </td>
              <td>{status}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </main>
  );
}

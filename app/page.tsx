import Link from "next/link";

export default function Home() {
  return (
    <main className="container">
      <h1>OpenKYC</h1>
      <p className="muted">
        Identity verification that runs on your own machine: the API, the hosted verify page, the dashboard and every
        check.
      </p>
      <ul>
        <li>
          <Link href="/docs">API reference</Link> (<a href="/api/v1/openapi.json">OpenAPI 3.1 JSON</a>)
        </li>
      </ul>
    </main>
  );
}

import {
  addressOf,
  facesOf,
  mrzOf,
  placesOf,
  watchlistOf,
  type Media,
  type SideBySideSource,
} from "@/lib/domain/verifications/side-by-side";
import { locateIp } from "@/lib/engines/geo/ip-location";
import { CountryMapSvg } from "./country-map-svg";
import base from "@/components/dashboard/dashboard.module.css";
import styles from "./side-by-side.module.css";

// The detail page's comparisons (issue 19, item 2): document and selfie with the face-match score, MRZ against the
// printed fields, the entered address against the document's with a small offline map, the watchlist candidates.
// Whatever a verification lacks says "not available"; never an error.

const NA = <span className={base.muted}>not available</span>;
const show = (value: string | null) => value ?? NA;

function MediaView({ media, label }: { media: Media; label: string }) {
  if (!media) return <p className={base.muted}>{label}: not available</p>;
  if ("hidden" in media) return <p className={base.muted}>{label}: hidden (no personal-data permission)</p>;
  return (
    <figure className={styles.figure}>
      {media.contentType.startsWith("video/") ? (
        <video className={base.media} src={media.src} controls preload="metadata" aria-label={label} />
      ) : (
        <img className={base.media} src={media.src} alt={label} />
      )}
      <figcaption>{label}</figcaption>
    </figure>
  );
}

function Faces({ v }: { v: SideBySideSource }) {
  const { document, selfie, match } = facesOf(v);
  return (
    <section className={base.panel} aria-labelledby="faces-h" data-testid="panel-faces">
      <h3 id="faces-h">Document and selfie</h3>
      <div className={styles.pair}>
        <MediaView media={document} label="Document front" />
        <MediaView media={selfie} label="Selfie" />
        <div>
          <p>Face match</p>
          {match ? (
            <>
              <p className={styles.score}>{match.similarity.toFixed(2)}</p>
              <p className={base.muted}>
                {match.result ? `${match.result.toLowerCase()} · ` : ""}
                {match.threshold !== null ? `passes from ${match.threshold.toFixed(2)}` : ""}
                {match.reference ? ` · compared with ${match.reference.toLowerCase().replace(/_/g, " ")}` : ""}
              </p>
            </>
          ) : (
            NA
          )}
        </div>
      </div>
    </section>
  );
}

function Mrz({ v }: { v: SideBySideSource }) {
  const mrz = mrzOf(v);
  return (
    <section className={base.panel} aria-labelledby="mrz-h" data-testid="panel-mrz">
      <h3 id="mrz-h">MRZ and printed fields</h3>
      {!mrz ? (
        <p>{NA} (no document step)</p>
      ) : (
        <>
          {mrz.lines ? (
            <pre className={styles.mrz} aria-label="MRZ lines">
              {mrz.lines.join("\n")}
            </pre>
          ) : (
            <p className={base.muted}>
              MRZ lines:{" "}
              {mrz.masked
                ? "hidden (no personal-data permission)"
                : mrz.hasBarcode
                  ? "none (barcode)"
                  : "not available"}
            </p>
          )}
          {mrz.format ? (
            <p className={base.muted}>
              {mrz.format} · check digits {mrz.valid === null ? "not available" : mrz.valid ? "valid" : "INVALID"}
            </p>
          ) : null}
          <table className={base.table}>
            <thead>
              <tr>
                <th>Field</th>
                <th>Machine-readable</th>
                <th>Printed (OCR)</th>
                <th>Comparison</th>
              </tr>
            </thead>
            <tbody>
              {mrz.fields.map((f) => (
                <tr key={f.label} className={f.state === "differs" ? styles.mismatch : undefined}>
                  <td>{f.label}</td>
                  <td>{show(f.mrz)}</td>
                  <td>{f.printed ?? <span className={base.muted}>not stored</span>}</td>
                  <td>{f.state}</td>
                </tr>
              ))}
            </tbody>
          </table>
          {mrz.check ? (
            <p className={base.muted}>
              FIELD_CONSISTENCY {mrz.check.result?.toLowerCase()}: {mrz.check.detail}
            </p>
          ) : null}
        </>
      )}
    </section>
  );
}

async function Address({ v }: { v: SideBySideSource }) {
  const address = addressOf(v);
  const places = placesOf(v);
  const points = [...places.points];
  const countries = [...places.countries];
  if (places.needsIpLookup && v.ipAddress) {
    // no LOCATION_INTELLIGENCE step: the same offline database it would have used (dbip-city-lite)
    const ip = await locateIp(v.ipAddress).catch(() => null);
    if (ip?.latitude != null && ip.longitude != null)
      points.push({
        lat: ip.latitude,
        lon: ip.longitude,
        label: `IP location${ip.city ? `: ${ip.city}` : ""}`,
        kind: "ip",
      });
    if (ip?.countryCode) countries.push(ip.countryCode);
  }
  return (
    <section className={base.panel} aria-labelledby="address-h" data-testid="panel-address">
      <h3 id="address-h">Address and location</h3>
      <div className={styles.pair}>
        <div>
          {address.rows.length ? (
            <table className={base.table}>
              <thead>
                <tr>
                  <th>Part</th>
                  <th>Entered</th>
                  <th>On the document</th>
                  <th>Comparison</th>
                </tr>
              </thead>
              <tbody>
                {address.rows.map((r) => (
                  <tr key={r.label} className={r.mismatch ? styles.mismatch : undefined}>
                    <td>{r.label}</td>
                    <td>{show(r.entered)}</td>
                    <td>{show(r.document)}</td>
                    <td>{r.verdict ?? "not compared"}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          ) : (
            <p>Address: {NA}</p>
          )}
          {address.documentText ? <p className={base.muted}>Document address: {address.documentText}</p> : null}
        </div>
        <CountryMapSvg countries={countries} points={points} />
      </div>
    </section>
  );
}

function Watchlist({ v }: { v: SideBySideSource }) {
  const watchlist = watchlistOf(v);
  return (
    <section className={base.panel} aria-labelledby="watchlist-h" data-testid="panel-watchlist">
      <h3 id="watchlist-h">Watchlist candidates</h3>
      {!watchlist ? (
        <p>{NA} (no watchlist step)</p>
      ) : watchlist.candidates.length ? (
        <table className={base.table}>
          <thead>
            <tr>
              <th>Listed name</th>
              <th>Score</th>
              <th>Matched on</th>
              <th>List and programmes</th>
            </tr>
          </thead>
          <tbody>
            {watchlist.candidates.map((c, i) => (
              <tr key={`${c.name}-${i}`}>
                <td>
                  {show(c.name)}
                  {c.matchedName && c.matchedName !== c.name ? (
                    <div className={base.muted}>as &quot;{c.matchedName}&quot;</div>
                  ) : null}
                </td>
                <td>{c.score === null ? NA : c.score.toFixed(2)}</td>
                <td>{c.matched.join(", ")}</td>
                <td>
                  {show(c.source)}
                  {c.programs.length ? ` · ${c.programs.join(", ")}` : ""}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : (
        <p>No candidates{watchlist.lists.length ? ` in ${watchlist.lists.join(", ")}` : ""}.</p>
      )}
    </section>
  );
}

/** The four comparison panels, in the order a reviewer checks them. */
export function SideBySide({ v }: { v: SideBySideSource }) {
  return (
    <div data-testid="side-by-side">
      <Faces v={v} />
      <Mrz v={v} />
      <Address v={v} />
      <Watchlist v={v} />
    </div>
  );
}

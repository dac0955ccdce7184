import { countryMap, type MapPoint } from "@/lib/engines/geo/country-map";
import styles from "./side-by-side.module.css";

// The offline map: country outlines and points as inline SVG, drawn on the server (lib/engines/geo/country-map.ts). No
// tiles, no script: the browser gets a few kilobytes of path data.

const COLOURS: Record<MapPoint["kind"], string> = { ip: "#c4320a", address: "#2446d8", gps: "#087443" };
export function CountryMapSvg({ countries, points }: { countries: string[]; points: MapPoint[] }) {
  const map = countryMap(countries, points);
  if (!map) return <p>Map: not available (no country or location known).</p>;
  const title = `Map of ${map.outlines.map((o) => o.country).join(" and ") || "the points"}: ${
    map.points.map((p) => p.label).join("; ") || "no points"
  }`;
  return (
    <figure className={styles.figure}>
      <svg
        className={styles.map}
        viewBox={`0 0 ${map.width} ${map.height}`}
        role="img"
        aria-label={title}
        data-testid="country-map"
      >
        {map.outlines.map((o) => (
          <path key={o.country} className={styles.country} d={o.d} data-country={o.country} />
        ))}
        {map.points.map((p) => (
          <circle key={`${p.kind}-${p.x}-${p.y}`} fill={COLOURS[p.kind]} cx={p.x} cy={p.y} r={6} stroke="#fff">
            <title>{p.label}</title>
          </circle>
        ))}
      </svg>
      <ul className={styles.legend}>
        {map.points.map((p) => (
          <li key={`${p.kind}-${p.label}`}>
            <span className={styles.swatch} style={{ background: COLOURS[p.kind] }} aria-hidden="true" />
            {p.label}
          </li>
        ))}
      </ul>
    </figure>
  );
}

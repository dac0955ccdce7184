import { boxes } from "@/lib/engines/video/mp4-boxes";

// The picture size a HEIC/HEIF file declares, from its `ispe` (image spatial extents) properties, read without
// decoding: meta → iprp → ipco → ispe. The largest one is the canvas (thumbnails and grid tiles are smaller; a
// grid's own ispe is the whole picture). Null when the file declares none.

export function declaredHeifSize(bytes: Buffer): { width: number; height: number } | null {
  let best: { width: number; height: number } | null = null;
  for (const meta of boxes(bytes, 0, bytes.length)) {
    if (meta.type !== "meta") continue;
    // meta is a full box: 4 bytes of version and flags before its children
    for (const iprp of boxes(bytes, meta.body + 4, meta.end)) {
      if (iprp.type !== "iprp") continue;
      for (const ipco of boxes(bytes, iprp.body, iprp.end)) {
        if (ipco.type !== "ipco") continue;
        for (const prop of boxes(bytes, ipco.body, ipco.end)) {
          if (prop.type !== "ispe" || prop.end - prop.body < 12) continue;
          const width = bytes.readUInt32BE(prop.body + 4);
          const height = bytes.readUInt32BE(prop.body + 8);
          if (!best || width * height > best.width * best.height) best = { width, height };
        }
      }
    }
  }
  return best;
}

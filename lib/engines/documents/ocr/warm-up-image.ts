import sharp from "sharp";

// One short line of MRZ-like text, drawn here (no file): what the OCR engines read once as a process starts
// (preload-models.ts), so that their first-run costs are not the first document's.
let image: Promise<Buffer> | null = null;

export function warmUpImage(): Promise<Buffer> {
  image ??= sharp(
    Buffer.from(
      '<svg xmlns="http://www.w3.org/2000/svg" width="480" height="48"><rect width="480" height="48" fill="#fff"/>' +
        '<text x="8" y="34" font-family="monospace" font-size="28">P&lt;UTOERIKSSON&lt;&lt;ANNA&lt;MARIA</text></svg>',
    ),
  )
    .png()
    .toBuffer();
  return image;
}

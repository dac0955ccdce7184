import { XMLParser } from "fast-xml-parser";

// fast-xml-parser output read without trusting its shape: with ignoreAttributes off and attributeNamePrefix "@", an
// element is { "@ID": "1", "#text": "..." , child: ... }; an element that occurs once is an object, twice an array.

/** fast-xml-parser output: an element with attributes ("@ID") and text ("#text"). */
export type XmlNode = { [key: string]: unknown };

export const many = (value: unknown): XmlNode[] =>
  (Array.isArray(value) ? value : value == null ? [] : [value]).map((v) =>
    typeof v === "object" && v !== null ? (v as XmlNode) : { "#text": v },
  );
export const attr = (node: XmlNode | undefined, name: string): string | undefined => {
  const v = node?.[`@${name}`];
  return v == null ? undefined : String(v).trim();
};
export const textOf = (node: unknown): string | undefined => {
  const v = typeof node === "object" && node !== null ? (node as XmlNode)["#text"] : node;
  const s = v == null ? "" : String(v).replace(/\s+/g, " ").trim();
  return s || undefined;
};

/** The parser of the attribute-carrying formats (EU FSF, SDN_ADVANCED): values kept as written, attributes as "@name". */
export function attributeXmlParser(): XMLParser {
  return new XMLParser({
    ignoreAttributes: false,
    attributeNamePrefix: "@",
    parseTagValue: false,
    parseAttributeValue: false,
    trimValues: true,
  });
}

// Whether text holds control characters (other than the line breaks and tabs a multi-line note may have).
export function hasControlCharacters(text: string, { allowLineBreaks = false } = {}): boolean {
  for (const ch of text) {
    const code = ch.codePointAt(0)!;
    if (allowLineBreaks && (code === 9 || code === 10)) continue;
    if (code < 32 || code === 127) return true;
  }
  return false;
}

// Month names as documents print them, in the languages of the documents the service reads most: English, French,
// German, Dutch, Spanish, Italian, Portuguese and the Scandinavian languages (without their marks: the page OCR reads
// AOÛT as AOUT, FÉV as FEV). A printed month is its full name or the first three letters or more of one, when they
// begin no other month's name (JUI is JUIN or JUILLET: neither); a few abbreviations are no such beginning (MRT, MRZ).

const NAMES: readonly (readonly string[])[] = [
  ["JANUARY", "JANVIER", "JANUAR", "JANUARI", "ENERO", "GENNAIO", "JANEIRO"],
  ["FEBRUARY", "FEVRIER", "FEBRUAR", "FEBRUARI", "FEBRERO", "FEBBRAIO", "FEVEREIRO"],
  ["MARCH", "MARS", "MARZ", "MAART", "MARZO", "MARCO", "MRZ", "MRT"],
  ["APRIL", "AVRIL", "ABRIL", "APRILE"],
  ["MAY", "MAI", "MEI", "MAYO", "MAGGIO", "MAIO", "MAJ"],
  ["JUNE", "JUIN", "JUNI", "JUNIO", "GIUGNO", "JUNHO"],
  ["JULY", "JUILLET", "JULI", "JULIO", "LUGLIO", "JULHO"],
  ["AUGUST", "AOUT", "AUGUSTUS", "AGOSTO", "AUGUSTI"],
  ["SEPTEMBER", "SEPTEMBRE", "SEPTIEMBRE", "SETTEMBRE", "SETEMBRO", "SETIEMBRE"],
  ["OCTOBER", "OCTOBRE", "OKTOBER", "OCTUBRE", "OTTOBRE", "OUTUBRO"],
  ["NOVEMBER", "NOVEMBRE", "NOVIEMBRE", "NOVEMBRO"],
  ["DECEMBER", "DECEMBRE", "DEZEMBER", "DICIEMBRE", "DICEMBRE", "DEZEMBRO", "DESEMBER"],
];

/**
 * The month (1–12) a printed word names, or null; a word that names none, by the month its first three letters begin
 * (a letter of noise after the name: MARX, as before month names other than English were read).
 */
export function monthOf(word: string): number | null {
  return monthNamed(word) ?? monthNamed(word.slice(0, 3));
}

function monthNamed(word: string): number | null {
  if (word.length < 3) return null;
  const months = new Set<number>();
  NAMES.forEach((names, i) => {
    if (names.some((n) => n === word || (n.startsWith(word) && n.length > word.length))) months.add(i + 1);
  });
  return months.size === 1 ? [...months][0]! : null;
}

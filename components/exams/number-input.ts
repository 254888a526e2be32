// Number fields hold the text typed; the API takes integers and never converts strings, so the
// text becomes a number here and the schema says what is wrong with it (e.g. "1.5").

/** "" → undefined (field left out); anything else → Number(text), NaN kept as the text. */
export function integerInput(text: string): number | string | undefined {
  const trimmed = text.trim();
  if (trimmed === "") return undefined;
  const value = Number(trimmed);
  return Number.isNaN(value) ? trimmed : value;
}

// A database id written as text (a route segment, a cookie): digits only, no leading zero, in
// PostgreSQL's integer range; anything else names nothing. Pure.
export function idFromText(raw: string | undefined): number | null {
  if (!raw || !/^[1-9]\d{0,9}$/.test(raw)) return null;
  const id = Number(raw);
  return id <= 2_147_483_647 ? id : null;
}

// Dates as authors read them, the same on the server and in the browser (fixed locale, UTC).
const DATE_TIME = new Intl.DateTimeFormat("en-GB", { dateStyle: "medium", timeStyle: "short", timeZone: "UTC" });

export function formatDateTime(iso: string | null | undefined, empty = "never"): string {
  return iso ? `${DATE_TIME.format(new Date(iso))} UTC` : empty;
}

const DATE_TIME_SECONDS = new Intl.DateTimeFormat("en-GB", {
  dateStyle: "medium",
  timeStyle: "medium",
  timeZone: "UTC",
});

/** With seconds, where several events of one minute must read apart (the history). */
export function formatDateTimeSeconds(iso: string): string {
  return `${DATE_TIME_SECONDS.format(new Date(iso))} UTC`;
}

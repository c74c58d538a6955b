/** `day` ('yyyy-MM-dd') plus `days` (negative: before), as a calendar day. */
export function addDaysTo(day: string, days: number): string {
  const [y, m, d] = day.split("-").map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d + days)).toISOString().slice(0, 10);
}

/** Midnight UTC of an ISO date (YYYY-MM-DD). */
export const startOfDayUtc = (isoDate: string): Date => new Date(`${isoDate}T00:00:00Z`);

/** The same calendar day `years` earlier, at midnight UTC. */
export const yearsAgo = (now: Date, years: number): Date =>
  new Date(Date.UTC(now.getUTCFullYear() - years, now.getUTCMonth(), now.getUTCDate()));

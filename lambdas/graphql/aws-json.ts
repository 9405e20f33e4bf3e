/** AppSync's AWSJSON travels as a JSON string, in answers and (as AppSync sends it) in arguments. */
export const awsJson = (value: unknown): string | null =>
  value === undefined || value === null ? null : JSON.stringify(value);

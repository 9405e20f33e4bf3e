/** One measured figure, with the target it is held to (if any). */
export interface Figure {
  readonly name: string;
  readonly value: number;
  readonly unit: string;
  /** e.g. { op: '<=', value: 90 } */
  readonly target?: { readonly op: '<=' | '>='; readonly value: number };
}

export const meets = (figure: Figure): boolean | undefined =>
  figure.target === undefined
    ? undefined
    : figure.target.op === '<='
      ? figure.value <= figure.target.value
      : figure.value >= figure.target.value;

export function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  const index = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[index]!;
}

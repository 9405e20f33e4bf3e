/**
 * chart.js cannot draw in jsdom: a stand-in for `components/chart/register-chart`'s Chart that
 * records the datasets each chart is given, for tests that check what a chart would draw. A test
 * file takes it with `await vi.hoisted(() => import(...))` so its vi.mock factory can use it.
 */
export interface RecordedDataset {
  readonly label: string;
  readonly data: { y: number | null }[];
}

/** The datasets of every chart made in this file's module cache, oldest first. */
export const charts: RecordedDataset[][] = [];

export class FakeChart {
  readonly data: { datasets: RecordedDataset[] };
  constructor(_canvas: unknown, config: { data: FakeChart['data'] }) {
    this.data = config.data;
    charts.push(config.data.datasets);
  }
  destroy() {}
}

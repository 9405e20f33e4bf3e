import type { ChartPlan } from './chart-config';
import { buildChartConfig } from './chart-config';
import { buildLinesConfig } from './lines-config';
import type { FromChart, ToChart } from './chart-messages';
import { crosshairStep } from './crosshair-keys';
import { Chart } from './register-chart';
import { tooltipSentence } from './tooltip-text';

/**
 * Runs chart.js for one price chart canvas, driven by the page's messages: in the chart worker
 * (chart-worker.ts) on an OffscreenCanvas, or on the main thread on the canvas element where a
 * canvas cannot be handed to a worker (chart-link.ts). The same code either way.
 */
export class ChartHost {
  private canvas: HTMLCanvasElement | OffscreenCanvas | undefined;
  private drawn: { chart: Chart; plan: ChartPlan; active: number } | undefined;

  constructor(private readonly post: (message: FromChart) => void) {}

  handle(message: ToChart): void {
    switch (message.type) {
      case 'canvas':
        this.canvas = message.canvas;
        break;
      case 'draw':
        this.draw(message.id, message.request);
        break;
      case 'clear':
        this.drawn?.chart.destroy();
        this.drawn = undefined;
        break;
      case 'resize':
        this.drawn?.chart.resize(message.width, message.height);
        break;
      case 'pointer':
        this.point(message.x, message.y);
        break;
      case 'key':
        this.key(message.key, message.shift);
        break;
      case 'blur':
        if ((this.drawn?.active ?? -1) >= 0) this.showBar(-1, true);
        break;
    }
  }

  private draw(id: number, request: Extract<ToChart, { type: 'draw' }>['request']): void {
    const canvas = this.canvas;
    if (!canvas) return;
    this.handle({ type: 'clear' });
    const plan = request.kind === 'lines' ? buildLinesConfig(request) : buildChartConfig(request);
    if (typeof OffscreenCanvas !== 'undefined' && canvas instanceof OffscreenCanvas) {
      // A worker has no layout to measure: chart.js (its BasicPlatform) takes the chart's size from
      // the canvas's own, once, and scales it by the ratio it is given; the page posts size
      // changes (chart.resize). Responsive, it would measure the canvas again after scaling it and
      // draw at devicePixelRatio times the size. The page styles the element.
      canvas.width = request.width;
      canvas.height = request.height;
      plan.config.options = {
        ...plan.config.options,
        responsive: false,
        devicePixelRatio: request.devicePixelRatio,
      };
    }
    const start = performance.now();
    const chart = new Chart(canvas as HTMLCanvasElement, plan.config);
    const duration = performance.now() - start;
    this.drawn = { chart, plan, active: -1 };
    this.post({
      type: 'drawn',
      id,
      bars: plan.drawn,
      start: performance.timeOrigin + start,
      duration,
    });
  }

  /**
   * The pointer forwarded by the page (a worker's chart.js receives no DOM events): the bar (or
   * date) under it by the chart's own interaction mode, shown as chart.js shows a hovered one.
   */
  private point(x: number | null, y: number | null): void {
    const current = this.drawn;
    if (!current) return;
    // chart.js's interaction modes read x and y of its own ChartEvent (native: the DOM event).
    const event = { type: 'mousemove', native: null, x, y } as unknown as Event;
    const [hit] =
      x === null
        ? []
        : current.chart.getElementsAtEventForMode(
            event,
            current.plan.interaction,
            { intersect: false },
            false,
          );
    const index = hit?.index ?? -1;
    if (index !== current.active) this.showBar(index, false);
  }

  private key(key: string, shift: boolean): void {
    const current = this.drawn;
    const bars = current?.chart.data.datasets[0]?.data.length ?? 0;
    if (!current || bars === 0) return;
    const next = crosshairStep(current.active, bars, key, shift);
    if (next !== undefined) this.showBar(next, true);
  }

  /**
   * Shows the crosshair and tooltip at bar `index` of the price series, or at date `index` of every
   * line (-1 hides them).
   */
  private showBar(index: number, announce: boolean): void {
    const current = this.drawn;
    if (!current) return;
    const { chart, plan } = current;
    current.active = index;
    const element = chart.getDatasetMeta(0).data[index];
    // Every line with a value at that date (a gap has none), or the price series alone.
    const datasets =
      plan.interaction === 'index'
        ? chart.data.datasets
            .map((_, d) => d)
            .filter((d) => chart.getDatasetMeta(d).data[index]?.hasValue())
        : [0];
    const active = element ? datasets.map((datasetIndex) => ({ datasetIndex, index })) : [];
    chart.setActiveElements(active);
    chart.tooltip?.setActiveElements(active, { x: element?.x ?? 0, y: element?.y ?? 0 });
    chart.update('none');
    if (!announce) return;
    const item = chart.data.datasets[0]?.data[index];
    const tip = element ? plan.describe(item) : undefined;
    this.post({ type: 'announce', text: tip ? tooltipSentence(tip.title, tip.lines) : '' });
  }
}

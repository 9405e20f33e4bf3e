import {
  BarController,
  BarElement,
  Chart,
  Decimation,
  Filler,
  Interaction,
  LineController,
  LineElement,
  LinearScale,
  PointElement,
  TimeScale,
  TimeSeriesScale,
  Tooltip,
} from 'chart.js';
import 'chartjs-adapter-date-fns';
import {
  CandlestickController,
  CandlestickElement,
  OhlcController,
  OhlcElement,
} from 'chartjs-chart-financial';
import { priceBarMode } from './crosshair';

// Only what the price chart and the lines chart (lines-config.ts) draw, so tree-shaking keeps the
// chart chunk small (no category or logarithmic scales, no legend, title or radial controllers).
Chart.register(
  BarController,
  BarElement,
  CandlestickController,
  CandlestickElement,
  Decimation,
  Filler,
  LineController,
  LineElement,
  LinearScale,
  OhlcController,
  OhlcElement,
  PointElement,
  TimeScale,
  TimeSeriesScale,
  Tooltip,
);
Interaction.modes.priceBar = priceBarMode;

export { Chart };

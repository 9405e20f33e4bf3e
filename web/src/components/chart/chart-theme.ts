/** The colours a chart is drawn with, resolved for the current light or dark theme. */
export interface ChartTheme {
  readonly fg: string;
  readonly muted: string;
  readonly grid: string;
  readonly accent: string;
  readonly up: string;
  readonly down: string;
  readonly surface: string;
}

/** Used where no stylesheet defines the variables (tests, the bench harness without CSS). */
export const FALLBACK_THEME: ChartTheme = {
  fg: '#111827',
  muted: '#4b5563',
  grid: '#e5e7eb',
  accent: '#0f766e',
  up: '#047857',
  down: '#b91c1c',
  surface: '#f9fafb',
};

const VARIABLES: Readonly<Record<keyof ChartTheme, string>> = {
  fg: '--fg',
  muted: '--muted',
  grid: '--border',
  accent: '--accent',
  up: '--up',
  down: '--down',
  surface: '--surface',
};

/**
 * The theme's colours as the browser resolves them (rgb(…)), read when a chart is built: the
 * custom properties hold light-dark() pairs that only an element's computed colour resolves, and
 * a canvas cannot use var() itself.
 */
export function readChartTheme(host: HTMLElement = document.body): ChartTheme {
  const probe = document.createElement('span');
  probe.style.display = 'none';
  host.appendChild(probe);
  const theme = { ...FALLBACK_THEME };
  for (const key of Object.keys(VARIABLES) as (keyof ChartTheme)[]) {
    probe.style.color = `var(${VARIABLES[key]}, ${FALLBACK_THEME[key]})`;
    const color = getComputedStyle(probe).color;
    // An engine that does not resolve var() for us (jsdom) hands the text back: keep the fallback.
    theme[key] = color && !color.startsWith('var(') ? color : FALLBACK_THEME[key];
  }
  probe.remove();
  return theme;
}

/** 'rgb(r, g, b)' or '#rrggbb' with an alpha; other notations are returned as they are. */
export function withAlpha(color: string, alpha: number): string {
  const rgb = /^rgba?\((\d+),\s*(\d+),\s*(\d+)/.exec(color);
  if (rgb) return `rgba(${rgb[1]}, ${rgb[2]}, ${rgb[3]}, ${alpha})`;
  const hex = /^#([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})$/i.exec(color);
  if (hex) {
    const [r, g, b] = hex.slice(1).map((h) => parseInt(h, 16));
    return `rgba(${r}, ${g}, ${b}, ${alpha})`;
  }
  return color;
}

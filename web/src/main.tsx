// First, in a task of its own: react-dom (boot/react-dom-first.ts).
import './boot/react-dom-first';
import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App';
import { configuredSink } from './lib/vitals/configured-sink';
import { reportVitals } from './lib/vitals/report-vitals';
import './app/styles.css';
import { markDemoDataFromConfig } from './lib/demo-data';
import { applyThemePreference, readThemePreference } from './features/theme/lib/theme';
import { localStore } from './lib/browser-storage';

// The theme the visitor pinned applies before React draws anything. The switch applies changes
// in an effect, which runs after a frame has painted: at boot that frame was in the system's theme.
applyThemePreference(document.documentElement, readThemePreference(localStore()));

// Before the first render: index.html preloads /config.json, so the demo banner (the largest
// paint) usually shows in the first frame.
void markDemoDataFromConfig();

const root = document.getElementById('root');
if (!root) throw new Error('#root is missing from index.html');
// The first render is a transition: React renders it in slices of a few milliseconds and lets
// the browser in between, instead of one long task on a phone's CPU (total blocking time).
// Nothing is on screen before it, so there is no older UI for the transition to keep.
const reactRoot = createRoot(root);
startTransition(() => {
  reactRoot.render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
});

// §7: web-vitals is its own chunk, loaded once the first paint is done.
void reportVitals({ load: () => import('web-vitals'), sink: configuredSink() });

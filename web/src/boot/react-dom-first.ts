/**
 * The boot's first task, ended early for the page's total blocking time. The first bundle is one
 * file (vite.config.ts) and the bundler lays its modules out in the order they run, so this
 * module's top-level await ends the task that ran React and react-dom: the rest (the libraries,
 * the app's modules, the router's first match) runs in the next task. Evaluated all at once, it
 * would be the page's longest task on a phone, about 300 ms at Lighthouse's 4× slower CPU,
 * blocking input; split here, neither task takes much over 100 ms unthrottled in Chromium. A
 * second await after the router and TanStack Query would split off only 3–7 ms (their
 * evaluation): the second task is mostly the app's own modules and the router's start.
 *
 * Under the dev server the modules are native and the spec lets siblings of an awaiting module
 * run on; the order is the same, only the tasks are not split there.
 */
import 'react';
import 'react-dom/client';
import { nextTask } from './next-task';

await nextTask();

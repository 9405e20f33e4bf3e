/**
 * The boot's first task (issue 14: total blocking time). The first bundle is one file
 * (vite.config.ts) and the bundler lays its modules out in the order they run, so this module's
 * top-level await ends the task that ran React and react-dom: the rest (the libraries, the app's
 * modules, the router's first match) runs in the next task. Evaluating all of it at once was the
 * page's longest task on a phone, about 300 ms at Lighthouse's 4× slower CPU, and it blocked
 * input. Unthrottled in Chromium, the one task of 145–174 ms became one of 49–81 ms and one of
 * about 100. A second await after the router and TanStack Query split off only 3–7 ms (their
 * evaluation): the second task is mostly the app's own modules and the router's start.
 *
 * Under the dev server the modules are native and the spec lets siblings of an awaiting module
 * run on; the order is the same, only the tasks are not split there.
 */
import 'react';
import 'react-dom/client';
import { nextTask } from './next-task';

await nextTask();

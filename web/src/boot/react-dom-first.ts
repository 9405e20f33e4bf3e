/**
 * The first of the boot's three tasks (issue 14: total blocking time). The first bundle is one
 * file (vite.config.ts) and the bundler lays its modules out in the order they run, so this
 * module's top-level await ends the task that ran React and react-dom: the code after it (the
 * libraries, then the app) runs in later tasks. Evaluating all of it at once was the page's
 * longest task on a phone, about 300 ms at Lighthouse's 4× slower CPU, and it blocked input.
 *
 * Under the dev server the modules are native and the spec lets siblings of an awaiting module
 * run on; the order is the same, only the tasks are not split there.
 */
import 'react';
import 'react-dom/client';
import { nextTask } from './next-task';

await nextTask();

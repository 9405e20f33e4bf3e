/**
 * The boot's second task (see react-dom-first.ts): the router and TanStack Query, the two large
 * libraries left, evaluate here, and the app's own modules in the task after.
 */
import 'react-router';
import '@tanstack/react-query';
import { nextTask } from './next-task';

await nextTask();

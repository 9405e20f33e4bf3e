type Task = () => void;

const queue: Task[] = [];
let scheduled = false;

/** Without requestIdleCallback (Safari), a short timer after the current work stands in. */
const requestIdle = (callback: () => void): void => {
  if (typeof requestIdleCallback === 'function') requestIdleCallback(callback, { timeout: 3000 });
  else setTimeout(callback, 50);
};

function runNext(): void {
  scheduled = false;
  queue.shift()?.();
  if (queue.length > 0) schedule();
}

function schedule(): void {
  if (scheduled) return;
  scheduled = true;
  requestIdle(runNext);
}

/**
 * Runs `task` once the browser is idle (at the latest after 3 s), one task per idle period: work
 * deferred by several parts of a page then renders in short tasks of its own, not one long one.
 * Answers a function that withdraws the task if it has not run.
 */
export function whenIdle(task: Task): () => void {
  queue.push(task);
  schedule();
  return () => {
    const at = queue.indexOf(task);
    if (at >= 0) queue.splice(at, 1);
  };
}

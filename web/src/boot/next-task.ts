/** Resolves in a task of its own: whatever awaits it runs after the browser has had a turn. */
export const nextTask = (): Promise<void> =>
  new Promise((resolve) => {
    setTimeout(resolve, 0);
  });

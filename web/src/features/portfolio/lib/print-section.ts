/**
 * Prints one part of the page (a report): the print stylesheet (portfolio.css) shows only the
 * element marked while the browser's print runs, so the report prints without the app around it.
 */
export function printSection(element: HTMLElement | null): void {
  if (!element) return;
  const root = document.documentElement;
  element.dataset.printTarget = '';
  root.dataset.printing = 'report';
  const done = () => {
    delete element.dataset.printTarget;
    delete root.dataset.printing;
    window.removeEventListener('afterprint', done);
  };
  window.addEventListener('afterprint', done);
  window.print();
  // Browsers whose print() blocks have printed by now; afterprint may already have run.
  if (root.dataset.printing) done();
}

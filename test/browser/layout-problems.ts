import type { Page } from 'playwright-core';

export interface Problem {
  readonly where: string;
  readonly text: string;
  readonly detail: string;
}

/**
 * What does not fit the viewport, measured in the page:
 * - the document wider than the window (the outermost elements past its right edge are named);
 * - a table cell or header control whose content is wider than its box (text cut, as "2.65M"
 *   was to "2.65N");
 * - at the laptop width, a table wider than its box unless it is a named scroll region (wide
 *   tables meant to scroll, with their first column frozen);
 * - a word broken inside itself: a name, e-mail or number whose letters sit on two lines (a break
 *   after a hyphen or slash is a break between words), and a phone number split at its spaces.
 */
export function layoutProblems(page: Page, tablesMustFit: boolean): Promise<Problem[]> {
  return page.evaluate((mustFit) => {
    const found: Problem[] = [];
    const text = (el: Element | Node) => (el.textContent ?? '').trim().slice(0, 60);
    const tableName = (table: Element | null) =>
      table?.querySelector('caption')?.textContent ??
      document.getElementById(table?.getAttribute('aria-labelledby') ?? '')?.textContent ??
      'a table';
    const shown = (el: Element) => {
      const style = getComputedStyle(el);
      return style.display !== 'inline' && style.visibility !== 'hidden' && el.clientWidth > 0;
    };

    const viewport = document.documentElement.clientWidth;
    if (document.documentElement.scrollWidth > viewport) {
      const scrolls = (el: Element) => getComputedStyle(el).overflowX !== 'visible';
      const past = (el: Element) => el.getBoundingClientRect().right > viewport + 1;
      const insideScroller = (el: Element) => {
        for (let up = el.parentElement; up && up !== document.body; up = up.parentElement) {
          if (scrolls(up)) return true;
        }
        return false;
      };
      const outermost = Array.from(document.body.querySelectorAll('*')).filter(
        (el) =>
          past(el) &&
          !insideScroller(el) &&
          !(el.parentElement && el.parentElement !== document.body && past(el.parentElement)),
      );
      for (const el of outermost.slice(0, 3)) {
        found.push({
          where: `page wider than the window (${document.documentElement.scrollWidth} > ${viewport})`,
          text: text(el),
          detail: `<${el.tagName.toLowerCase()} class="${el.className}"> right edge ${Math.round(el.getBoundingClientRect().right)}`,
        });
      }
      if (outermost.length === 0)
        found.push({
          where: 'page wider than the window',
          text: '',
          detail: `${document.documentElement.scrollWidth} > ${viewport}`,
        });
    }

    const cut = (el: Element) => `${el.scrollWidth} > ${el.clientWidth}`;
    for (const cell of Array.from(document.querySelectorAll('main th, main td'))) {
      if (shown(cell) && cell.scrollWidth > cell.clientWidth)
        found.push({
          where: `cell of "${tableName(cell.closest('table'))}"`,
          text: text(cell),
          detail: cut(cell),
        });
    }
    for (const control of Array.from(
      document.querySelectorAll('.site-header a, .site-header button, .site-header input'),
    )) {
      // An ellipsis is no cut when the control's name and tooltip hold the whole text (the
      // account menu's e-mail, longer than a header has room for).
      const whole = text(control);
      const title = control.getAttribute('title') ?? '';
      const named =
        getComputedStyle(control).textOverflow === 'ellipsis' &&
        title !== '' &&
        (control.textContent ?? '').includes(title) &&
        (control.getAttribute('aria-label') ?? '').includes(title);
      if (shown(control) && control.scrollWidth > control.clientWidth && !named)
        found.push({ where: 'header control', text: whole, detail: cut(control) });
    }
    if (mustFit) {
      for (const box of Array.from(
        document.querySelectorAll("main .table-scroll:not([role='region'])"),
      )) {
        if (box.scrollWidth > box.clientWidth)
          found.push({ where: 'table wider than its box', text: text(box), detail: cut(box) });
      }
    }

    // A table scrolled sideways must keep the column naming its rows in view.
    for (const table of Array.from(document.querySelectorAll('main table'))) {
      const box = table.parentElement;
      if (!box || !shown(table) || box.scrollWidth <= box.clientWidth) continue;
      const loose = Array.from(table.querySelectorAll('tr > :first-child')).filter(
        (cell) => getComputedStyle(cell).position !== 'sticky',
      );
      if (loose.length > 0)
        found.push({
          where: `"${tableName(table)}" scrolls with its first column not frozen`,
          text: text(loose[0]!),
          detail: cut(box),
        });
    }

    // Words: every visible text of the header and the main area, one range per word.
    const lines = (range: Range) =>
      new Set(
        Array.from(range.getClientRects())
          .filter((r) => r.width > 0 && r.height > 0)
          .map((r) => Math.round(r.top + r.height / 2)),
      );
    const onTwoLines = (range: Range) => {
      const middles = [...lines(range)].sort((a, b) => a - b);
      return middles.length > 1 && middles.at(-1)! - middles[0]! > 2;
    };
    // Whether an element's text is out of sight (a page's thousands of texts share ancestors).
    const hidden = new Map<Element, boolean>();
    const hiddenText = (el: Element | null): boolean => {
      if (!el) return false;
      const known = hidden.get(el);
      if (known !== undefined) return known;
      const style = getComputedStyle(el);
      const result =
        el.classList.contains('visually-hidden') ||
        el.tagName === 'svg' ||
        el.getAttribute('aria-hidden') === 'true' ||
        style.display === 'none' ||
        style.visibility === 'hidden' ||
        hiddenText(el.parentElement);
      hidden.set(el, result);
      return result;
    };
    const PHONE = /\+\d[\d ]{6,}\d/g;
    const roots = document.querySelectorAll('.site-header, main');
    for (const root of Array.from(roots)) {
      const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        const value = node.nodeValue ?? '';
        if (value.trim().length < 2 || hiddenText(node.parentElement)) continue;
        const range = document.createRange();
        const check = (start: number, end: number, what: string) => {
          range.setStart(node!, start);
          range.setEnd(node!, end);
          if (onTwoLines(range))
            found.push({
              where: `${what} broken across lines`,
              text: value.slice(start, end),
              detail: `in <${node!.parentElement?.tagName.toLowerCase()} class="${node!.parentElement?.className}">`,
            });
        };
        // A word ends at a space, or after a hyphen, dash or slash (where lines may break).
        for (const word of value.matchAll(/[^\s\-–—/]+[-–—/]?/g)) {
          if (word[0].length > 1) check(word.index, word.index + word[0].length, 'word');
        }
        for (const phone of value.matchAll(PHONE)) {
          check(phone.index, phone.index + phone[0].length, 'phone number');
        }
      }
    }
    return found;
  }, tablesMustFit);
}

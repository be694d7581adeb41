import type { Page } from 'playwright-core';

/** Where keyboard focus is: the landmark around it, its name, and whether the user can see it has focus. */
export interface Focused {
  /**
   * `skip` (the skip link), `nav` (the sidebar), `header` (the top bar), `main` (the page), `dialog`, `aside` (a side
   * panel), `other` (e.g. the sidebar's collapse toggle, outside its navigation landmark) or `none` (the document).
   */
  area: string;
  /** The element's accessible-ish name: aria-label, else an input's label, else its text (trimmed, first 40 characters). */
  name: string;
  role: string;
  /** A focus indicator is drawn: an outline or a box shadow on the element or on a close ancestor (a field's frame). */
  visible: boolean;
}

/** Describes the focused element (see `Focused`). */
export function focused(page: Page): Promise<Focused> {
  return page.evaluate(() => {
    const element = document.activeElement as HTMLElement | null;
    if (!element || element === document.body) return { area: 'none', name: '', role: '', visible: true };
    const label = element instanceof HTMLInputElement ? element.labels?.[0]?.textContent : null;
    const name = (element.getAttribute('aria-label') ?? label ?? element.textContent ?? '').trim().slice(0, 40);
    // The innermost of dialog and main wins (a page's own <header> is part of the page); then the shell's landmarks.
    const landmark = element.closest('[role="dialog"], main') ?? element.closest('nav, header, aside');
    const area =
      name === 'Skip to main content'
        ? 'skip'
        : landmark?.getAttribute('role') === 'dialog'
          ? 'dialog'
          : (landmark?.tagName.toLowerCase() ?? 'other');
    const indicated = (node: Element) => {
      const style = getComputedStyle(node);
      const outline = style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) > 0;
      return outline || style.boxShadow !== 'none';
    };
    let visible = false;
    let node: Element | null = element;
    for (let depth = 0; node && depth < 4 && !visible; depth += 1, node = node.parentElement) visible = indicated(node);
    return { area, name, role: element.getAttribute('role') ?? element.tagName.toLowerCase(), visible };
  });
}

/** Presses Tab (Shift+Tab when `back`) and answers where focus went. */
export async function tab(page: Page, back = false): Promise<Focused> {
  await page.keyboard.press(back ? 'Shift+Tab' : 'Tab');
  return focused(page);
}

/**
 * Presses Tab until `wanted` holds for the focused element, at most `limit` times; rejects with the path taken when it
 * never does (a trap, or the element is not reachable by keyboard).
 */
export async function tabTo(page: Page, wanted: (focus: Focused) => boolean, limit = 80): Promise<Focused[]> {
  const path: Focused[] = [];
  for (let press = 0; press < limit; press += 1) {
    const focus = await tab(page);
    path.push(focus);
    if (wanted(focus)) return path;
  }
  throw new Error(
    `Tab never reached the element after ${limit} presses: ${path.map((f) => `${f.area}:${f.name}`).join(' | ')}`,
  );
}

/**
 * Starts keyboard navigation from the top of the document, as after a page load: a blur alone would leave the browser's
 * starting point where focus was, so focus is parked on a marker at the start of the body that goes once it is left.
 */
export async function focusTop(page: Page): Promise<void> {
  await page.evaluate(() => {
    const marker = document.createElement('span');
    marker.tabIndex = -1;
    marker.addEventListener('blur', () => marker.remove(), { once: true });
    document.body.prepend(marker);
    marker.focus();
  });
}

/** The landmarks in the order Tab visits them, each run of the same landmark counted once. */
export function areaOrder(path: readonly Focused[]): string[] {
  const order: string[] = [];
  for (const { area } of path) if (area !== 'none' && order.at(-1) !== area) order.push(area);
  return order;
}

/** What would show a layout defect: the document wider or taller than the window, or the page wider than its area. */
export interface Layout {
  documentOverflowX: number;
  documentOverflowY: number;
  mainOverflowX: number;
  /** How far the document scrolled when asked to scroll to the very bottom and right (0: the shell cannot move). */
  documentScrolled: number;
}

export function layout(page: Page): Promise<Layout> {
  return page.evaluate(() => {
    const root = document.scrollingElement ?? document.documentElement;
    const main = document.querySelector('main');
    window.scrollTo(100_000, 100_000);
    const documentScrolled = window.scrollX + window.scrollY;
    window.scrollTo(0, 0);
    return {
      documentOverflowX: Math.max(0, root.scrollWidth - window.innerWidth),
      documentOverflowY: Math.max(0, root.scrollHeight - window.innerHeight),
      mainOverflowX: main ? Math.max(0, main.scrollWidth - main.clientWidth) : 0,
      documentScrolled,
    };
  });
}

export const NO_OVERFLOW: Layout = {
  documentOverflowX: 0,
  documentOverflowY: 0,
  mainOverflowX: 0,
  documentScrolled: 0,
};

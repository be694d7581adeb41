import { useCallback, useLayoutEffect, useState, type RefObject } from 'react';

/** Which way a scroll container has content out of view. */
export interface Overflow {
  /** Content wider than the box (it scrolls sideways). */
  inline: boolean;
  /** Content taller than the box. */
  block: boolean;
  /** Content hidden before the start (scrolled sideways). */
  start: boolean;
  /** Content hidden after the end. */
  end: boolean;
}

const NONE: Overflow = { inline: false, block: false, start: false, end: false };

function measure(element: HTMLElement): Overflow {
  const { scrollWidth, clientWidth, scrollHeight, clientHeight } = element;
  // Right-to-left boxes scroll to negative offsets; the distance from the start is the absolute value.
  const scrolled = Math.abs(element.scrollLeft);
  // One pixel of slack: sub-pixel widths round differently in scrollWidth and clientWidth.
  const inline = scrollWidth > clientWidth + 1;
  return {
    inline,
    block: scrollHeight > clientHeight + 1,
    start: inline && scrolled > 1,
    end: inline && scrolled + clientWidth < scrollWidth - 1,
  };
}

function same(a: Overflow, b: Overflow): boolean {
  return a.inline === b.inline && a.block === b.block && a.start === b.start && a.end === b.end;
}

/**
 * Watches a scroll container: whether its content overflows and which ends are out of view, updated when it or its
 * content resizes and when it scrolls. Drives scroll buttons (Tabs) and a focusable scroll region (DataTable).
 */
export function useOverflow(ref: RefObject<HTMLElement | null>): [Overflow, () => void] {
  const [overflow, setOverflow] = useState<Overflow>(NONE);
  const update = useCallback(() => {
    const element = ref.current;
    if (!element) return;
    const next = measure(element);
    setOverflow((previous) => (same(previous, next) ? previous : next));
  }, [ref]);

  useLayoutEffect(() => {
    const element = ref.current;
    if (!element) return;
    update();
    element.addEventListener('scroll', update, { passive: true });
    window.addEventListener('resize', update);
    let observer: ResizeObserver | undefined;
    if (typeof ResizeObserver === 'function') {
      observer = new ResizeObserver(update);
      observer.observe(element);
      for (const child of Array.from(element.children)) observer.observe(child);
    }
    return () => {
      element.removeEventListener('scroll', update);
      window.removeEventListener('resize', update);
      observer?.disconnect();
    };
  }, [ref, update]);

  return [overflow, update];
}

import { useCallback, useRef, useState } from 'react';

/**
 * For a box that scrolls its content (a dialog's or side panel's body, a wide table): a callback ref to put on it and
 * the `tabIndex` it should have. While its content overflows, the box joins the tab order so keyboard users can scroll
 * it (WCAG 2.1.1, axe's scrollable-region-focusable); while everything fits it stays out of the way. A callback ref,
 * not a ref object, because the box may mount long after its component (a dialog's content when the dialog opens).
 */
export function useFocusableScroll(): [(node: HTMLElement | null) => void, 0 | undefined] {
  const [overflows, setOverflows] = useState(false);
  const observer = useRef<ResizeObserver | null>(null);
  const ref = useCallback((node: HTMLElement | null) => {
    observer.current?.disconnect();
    observer.current = null;
    if (!node) return;
    // One pixel of slack: sub-pixel sizes round differently in the scroll and client sizes.
    const measure = () =>
      setOverflows(node.scrollHeight > node.clientHeight + 1 || node.scrollWidth > node.clientWidth + 1);
    measure();
    if (typeof ResizeObserver === 'function') {
      observer.current = new ResizeObserver(measure);
      observer.current.observe(node);
      for (const child of Array.from(node.children)) observer.current.observe(child);
    }
  }, []);
  return [ref, overflows ? 0 : undefined];
}

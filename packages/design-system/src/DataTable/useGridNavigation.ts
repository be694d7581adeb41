import { useEffect, useRef, type FocusEvent, type KeyboardEvent } from 'react';

const FOCUSABLE = 'a[href], button, input, select, textarea, [tabindex]';

interface Options {
  /** Enter on a cell (not on a control inside it). */
  onActivate: (rowIndex: number) => void;
  /** While loading nothing in the body takes focus. */
  disabled?: boolean;
}

function cellsOf(body: HTMLTableSectionElement): HTMLTableCellElement[][] {
  // Plain selectors rather than `rows`/`cells`, which some DOM implementations (happy-dom) lack.
  return Array.from(body.querySelectorAll<HTMLTableRowElement>(':scope > tr'), (row) =>
    Array.from(row.querySelectorAll<HTMLTableCellElement>(':scope > td, :scope > th')),
  );
}

/** A cell's focus target: its first control (a checkbox, a link) or the cell itself. */
function targetOf(cell: HTMLTableCellElement): HTMLElement {
  return cell.querySelector<HTMLElement>(FOCUSABLE) ?? cell;
}

/**
 * The ARIA grid keyboard model for a table body: one Tab stop (roving tabindex), arrow keys move between cells,
 * Home/End to the row's ends, Ctrl+Home/End to the first/last cell, PageUp/PageDown by ten rows, Enter activates the row.
 */
export function useGridNavigation({ onActivate, disabled = false }: Options) {
  const bodyRef = useRef<HTMLTableSectionElement>(null);
  const active = useRef({ row: 0, col: 0 });

  // After every render (rows, columns or state changed): one tab stop, clamped to the cells that exist.
  useEffect(() => {
    const body = bodyRef.current;
    if (!body) return;
    const grid = cellsOf(body);
    const rowIndex = Math.min(active.current.row, grid.length - 1);
    const colIndex = Math.min(active.current.col, (grid[rowIndex]?.length ?? 1) - 1);
    active.current = { row: Math.max(rowIndex, 0), col: Math.max(colIndex, 0) };
    for (const [r, cells] of grid.entries()) {
      for (const [c, cell] of cells.entries()) {
        for (const control of cell.querySelectorAll<HTMLElement>(FOCUSABLE)) control.tabIndex = -1;
        const target = targetOf(cell);
        const isActive = !disabled && r === active.current.row && c === active.current.col;
        if (target === cell) {
          if (isActive) cell.tabIndex = 0;
          else if (disabled) cell.removeAttribute('tabindex');
          else cell.tabIndex = -1;
        } else target.tabIndex = isActive ? 0 : -1;
      }
    }
  });

  const moveTo = (row: number, col: number) => {
    const body = bodyRef.current;
    if (!body) return;
    const grid = cellsOf(body);
    const r = Math.max(0, Math.min(row, grid.length - 1));
    const cells = grid[r];
    if (!cells) return;
    const c = Math.max(0, Math.min(col, cells.length - 1));
    const cell = cells[c];
    if (!cell) return;
    const previous = grid[active.current.row]?.[active.current.col];
    if (previous) targetOf(previous).tabIndex = -1;
    active.current = { row: r, col: c };
    const target = targetOf(cell);
    target.tabIndex = 0;
    target.focus();
  };

  const locate = (element: Element) => {
    const body = bodyRef.current;
    const cell = element.closest('td, th');
    if (!body || !cell) return null;
    const grid = cellsOf(body);
    for (const [row, cells] of grid.entries()) {
      const col = cells.indexOf(cell as HTMLTableCellElement);
      if (col !== -1) return { row, col, onCell: element === cell };
    }
    return null;
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTableSectionElement>) => {
    if (disabled) return;
    const at = locate(event.target as Element);
    if (!at) return;
    const grid = bodyRef.current ? cellsOf(bodyRef.current) : [];
    const lastRow = grid.length - 1;
    const lastCol = (grid[at.row]?.length ?? 1) - 1;
    const ctrl = event.ctrlKey || event.metaKey;
    const moves: Record<string, () => void> = {
      ArrowRight: () => moveTo(at.row, at.col + 1),
      ArrowLeft: () => moveTo(at.row, at.col - 1),
      ArrowDown: () => moveTo(at.row + 1, at.col),
      ArrowUp: () => moveTo(at.row - 1, at.col),
      Home: () => (ctrl ? moveTo(0, 0) : moveTo(at.row, 0)),
      End: () => (ctrl ? moveTo(lastRow, lastCol) : moveTo(at.row, lastCol)),
      PageDown: () => moveTo(at.row + 10, at.col),
      PageUp: () => moveTo(at.row - 10, at.col),
    };
    const move = moves[event.key];
    if (move) {
      event.preventDefault();
      move();
    } else if (event.key === 'Enter' && at.onCell) {
      event.preventDefault();
      onActivate(at.row);
    }
  };

  // A click or Tab into a cell makes it the tab stop.
  const onFocus = (event: FocusEvent<HTMLTableSectionElement>) => {
    const at = locate(event.target);
    if (at && !disabled) active.current = { row: at.row, col: at.col };
  };

  return { bodyRef, onKeyDown, onFocus };
}

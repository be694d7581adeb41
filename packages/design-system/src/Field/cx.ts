/** Joins class names, skipping empty ones: `cx(styles.root, isOpen && styles.open, className)`. */
export function cx(...names: Array<string | false | null | undefined>): string {
  return names.filter(Boolean).join(' ');
}

/** What a route shows while its data or module loads: a polite status for screen readers, nothing that jumps. */
export function PageLoading({ label = 'Loading…' }: { label?: string }) {
  return (
    <p role="status" aria-live="polite" style={{ padding: 'var(--hds-space-6)', color: 'var(--hds-color-text-muted)' }}>
      {label}
    </p>
  );
}

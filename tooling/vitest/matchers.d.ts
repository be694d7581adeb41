import 'vitest';

interface HalcyonMatchers<R = unknown> {
  toHaveNoAxeViolations(): Promise<R>;
}

declare module 'vitest' {
  // Vitest's documented way to type custom matchers: the interface must match `Matchers<T = any>`.
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type, @typescript-eslint/no-explicit-any
  interface Matchers<T = any> extends HalcyonMatchers<T> {}
}

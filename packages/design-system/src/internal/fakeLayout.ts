/** Test helper: happy-dom lays nothing out, so give every element a box and a content size (restored by the returned function). */
export function fakeScrollBox(size: { clientWidth: number; scrollWidth: number }): () => void {
  const proto = HTMLElement.prototype;
  const names = ['clientWidth', 'scrollWidth'] as const;
  const saved = names.map((name) => Object.getOwnPropertyDescriptor(proto, name));
  for (const name of names) Object.defineProperty(proto, name, { configurable: true, get: () => size[name] });
  return () => {
    names.forEach((name, index) => {
      const descriptor = saved[index];
      if (descriptor) Object.defineProperty(proto, name, descriptor);
      else delete (proto as unknown as Record<string, unknown>)[name];
    });
  };
}

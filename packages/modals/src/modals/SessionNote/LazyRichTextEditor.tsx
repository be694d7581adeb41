import { Skeleton } from '@halcyon/design-system';
import type { RichTextEditorProps } from '@halcyon/design-system/editor';
import { lazy, Suspense } from 'react';

const Editor = lazy(() => import('./RichTextEditorChunk'));

/** The design system's RichTextEditor, loaded on first use so tiptap stays out of the main bundle. */
export function LazyRichTextEditor(props: RichTextEditorProps) {
  return (
    <Suspense
      fallback={<Skeleton shape="rect" height="calc(var(--hds-size-control-lg) * 5)" aria-label="Loading the editor" />}
    >
      <Editor {...props} />
    </Suspense>
  );
}

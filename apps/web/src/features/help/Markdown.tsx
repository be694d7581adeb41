import { useEffect, useMemo, useRef } from 'react';
import { useNavigate } from 'react-router-dom';
import { renderMarkdown } from './markdown';
import styles from './help.module.css';

export interface MarkdownProps {
  /** Help content from src/content/help (ours, in the repo). */
  source: string;
  /** Moves the article's headings down this many levels (see renderMarkdown). */
  headingOffset?: number;
  className?: string;
}

/** Shows a help article. Links to Halcyon pages navigate in the app (no reload); other links open in a new tab. */
export function Markdown({ source, headingOffset = 0, className }: MarkdownProps) {
  const html = useMemo(() => renderMarkdown(source, headingOffset), [source, headingOffset]);
  const ref = useRef<HTMLDivElement>(null);
  const navigate = useNavigate();

  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    const onClick = (event: MouseEvent) => {
      if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey) return;
      const anchor = (event.target as Element | null)?.closest('a');
      const href = anchor?.getAttribute('href');
      if (!href || !href.startsWith('/') || href.startsWith('//')) return;
      event.preventDefault();
      void navigate(href);
    };
    element.addEventListener('click', onClick);
    return () => element.removeEventListener('click', onClick);
  }, [navigate]);

  return (
    <div
      ref={ref}
      className={[styles.prose, className].filter(Boolean).join(' ')}
      // The HTML comes from our own Markdown files, rendered with raw HTML escaped (see markdown.ts).
      dangerouslySetInnerHTML={{ __html: html }}
    />
  );
}

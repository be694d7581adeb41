import { forwardRef, useState, type HTMLAttributes, type Ref } from 'react';
import { usePrivacyContext } from './PrivacyProvider';
import styles from './Sensitive.module.css';
import { cx } from '../Field/cx';

export interface SensitiveProps extends HTMLAttributes<HTMLElement> {
  /** `span` (default) for inline text such as a name; `div` for a block such as a note. */
  as?: 'span' | 'div';
  /**
   * `false` when the content sits inside something that takes focus itself (a link, a button, a listbox option, a form
   * whose fields are typed in): it then adds no tab stop of its own and is revealed while a control inside it, or the
   * control it sits in, has focus. Default true.
   */
  focusable?: boolean;
}

/**
 * Wraps client data. While privacy mode is on it is blurred (`data-state="hidden"`) and revealed while hovered or
 * focused (`data-state="shown"`); it is then keyboard-focusable and described as hidden for privacy. With privacy off
 * (or without a provider) it renders its children unchanged.
 */
export const Sensitive = forwardRef<HTMLElement, SensitiveProps>(function Sensitive(
  { as: Tag = 'span', focusable = true, className, children, onPointerEnter, onPointerLeave, onFocus, onBlur, ...rest },
  ref,
) {
  const { enabled, descriptionId } = usePrivacyContext();
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  const state = !enabled || hovered || focused ? 'shown' : 'hidden';
  return (
    <Tag
      ref={ref as Ref<HTMLDivElement & HTMLSpanElement>}
      data-state={state}
      data-privacy={enabled ? 'on' : 'off'}
      data-display={Tag === 'div' ? 'block' : 'inline'}
      data-focusable={focusable ? undefined : 'false'}
      tabIndex={enabled && focusable ? 0 : undefined}
      aria-describedby={enabled && focusable && descriptionId ? descriptionId : undefined}
      className={cx(styles.root, className)}
      onPointerEnter={(e) => {
        setHovered(true);
        onPointerEnter?.(e);
      }}
      onPointerLeave={(e) => {
        setHovered(false);
        onPointerLeave?.(e);
      }}
      onFocus={(e) => {
        setFocused(true);
        onFocus?.(e);
      }}
      onBlur={(e) => {
        if (!e.currentTarget.contains(e.relatedTarget)) setFocused(false);
        onBlur?.(e);
      }}
      {...rest}
    >
      {children}
    </Tag>
  );
});

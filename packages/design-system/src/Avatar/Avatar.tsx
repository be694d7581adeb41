import { forwardRef, type ComponentPropsWithoutRef, type ComponentRef } from 'react';
import * as RadixAvatar from '@radix-ui/react-avatar';
import styles from './Avatar.module.css';
import { cx } from '../Field/cx';

/** "Jane Mary Doe" -> "JD"; "cher" -> "C"; blank -> "?". */
export function initialsOf(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  const first = words[0]?.[0] ?? '';
  const last = words.length > 1 ? (words[words.length - 1]?.[0] ?? '') : '';
  return (first + last).toUpperCase() || '?';
}

export interface AvatarProps extends Omit<ComponentPropsWithoutRef<typeof RadixAvatar.Root>, 'children'> {
  /** The person's name: the image's alt text and the source of the initials. A blank name reads "Unknown person". */
  name: string;
  /** Photo URL; while it loads or if it fails, the initials show. */
  src?: string;
  size?: 'sm' | 'md' | 'lg';
}

/** A person's photo, falling back to their initials. Built on Radix Avatar. */
export const Avatar = forwardRef<ComponentRef<typeof RadixAvatar.Root>, AvatarProps>(function Avatar(
  { name, src, size = 'md', className, ...rest },
  ref,
) {
  const accessibleName = name.trim() || 'Unknown person';
  return (
    <RadixAvatar.Root ref={ref} data-size={size} className={cx(styles.root, className)} {...rest}>
      {src && <RadixAvatar.Image className={styles.image} src={src} alt={accessibleName} />}
      <RadixAvatar.Fallback
        className={styles.fallback}
        role="img"
        aria-label={accessibleName}
        delayMs={src ? 300 : undefined}
      >
        {initialsOf(name)}
      </RadixAvatar.Fallback>
    </RadixAvatar.Root>
  );
});

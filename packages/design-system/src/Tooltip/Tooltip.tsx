import {
  createContext,
  forwardRef,
  useContext,
  type ComponentPropsWithoutRef,
  type ComponentRef,
  type ReactElement,
  type ReactNode,
} from 'react';
import * as RadixTooltip from '@radix-ui/react-tooltip';
import styles from './Tooltip.module.css';
import { cx } from '../Field/cx';

const HasProvider = createContext(false);

export type TooltipProviderProps = ComponentPropsWithoutRef<typeof RadixTooltip.Provider>;

/**
 * Shares the open delay between tooltips (moving from one trigger to the next skips the delay). Put one near the app root;
 * a `Tooltip` outside any provider makes its own.
 */
export function TooltipProvider({ delayDuration = 400, children, ...rest }: TooltipProviderProps) {
  return (
    <HasProvider.Provider value>
      <RadixTooltip.Provider delayDuration={delayDuration} {...rest}>
        {children}
      </RadixTooltip.Provider>
    </HasProvider.Provider>
  );
}

export interface TooltipProps extends Omit<
  ComponentPropsWithoutRef<typeof RadixTooltip.Content>,
  'content' | 'children'
> {
  /** What the tooltip says. Supplementary only: never the sole name of a control (give icon buttons an aria-label). */
  content: ReactNode;
  /** The trigger: one focusable element that accepts a ref (a button, a link). */
  children: ReactElement;
  open?: boolean;
  defaultOpen?: boolean;
  onOpenChange?: (open: boolean) => void;
  /** Overrides the provider's delay for this tooltip (ms). */
  delayDuration?: number;
}

/** A short label shown on hover and on keyboard focus; Escape hides it. Built on Radix Tooltip. */
export const Tooltip = forwardRef<ComponentRef<typeof RadixTooltip.Content>, TooltipProps>(function Tooltip(
  { content, children, open, defaultOpen, onOpenChange, delayDuration, className, sideOffset = 6, ...rest },
  ref,
) {
  const hasProvider = useContext(HasProvider);
  const tooltip = (
    <RadixTooltip.Root open={open} defaultOpen={defaultOpen} onOpenChange={onOpenChange} delayDuration={delayDuration}>
      <RadixTooltip.Trigger asChild>{children}</RadixTooltip.Trigger>
      <RadixTooltip.Portal>
        <RadixTooltip.Content ref={ref} sideOffset={sideOffset} className={cx(styles.content, className)} {...rest}>
          {content}
          <RadixTooltip.Arrow className={styles.arrow} />
        </RadixTooltip.Content>
      </RadixTooltip.Portal>
    </RadixTooltip.Root>
  );
  return hasProvider ? tooltip : <TooltipProvider>{tooltip}</TooltipProvider>;
});

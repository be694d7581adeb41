export { Popover } from './Popover';
export type { PopoverRootProps, PopoverTriggerProps, PopoverContentProps } from './Popover';

export { DropdownMenu } from './DropdownMenu';
export type {
  DropdownMenuRootProps,
  DropdownMenuTriggerProps,
  DropdownMenuContentProps,
  DropdownMenuItemProps,
  DropdownMenuCheckboxItemProps,
  DropdownMenuLabelProps,
  DropdownMenuSeparatorProps,
} from './DropdownMenu';

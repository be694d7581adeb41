export { Sidebar } from './Sidebar';
export type { SidebarGroupProps, SidebarItemProps, SidebarProps, SidebarSectionProps } from './Sidebar';
export type { RenderLink, RenderLinkProps } from './renderLink';

export { Accordion } from './Accordion';
export type { AccordionRootProps, AccordionItemProps, AccordionTriggerProps, AccordionContentProps } from './Accordion';

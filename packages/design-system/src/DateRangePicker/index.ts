export { DateRangePicker, isRangeReversed, DEFAULT_ORDER_MESSAGE } from './DateRangePicker';
export type { DateRange, DateRangePickerProps } from './DateRangePicker';

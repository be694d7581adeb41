export { MoneyField } from './MoneyField';
export type { MoneyFieldProps } from './MoneyField';
export { currencyInfo, formatMinorUnits, formatMoney, parseMoney } from './money';
export type { CurrencyInfo } from './money';

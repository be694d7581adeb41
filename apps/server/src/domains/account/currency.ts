import countryToCurrency from 'country-to-currency';
import { DEFAULT_CURRENCY, isCurrency } from '@halcyon/api/contract';

/**
 * The currency a new practice starts in: its country's (US -> USD, IE -> EUR, CA -> CAD), or Halcyon's default (GBP)
 * when the country is not given or its currency is one this runtime does not know. The Admin can change it in
 * Settings > Practice; existing prices and invoices keep the currency they were made in.
 */
export function currencyOfCountry(country: string | null | undefined): string {
  if (!country) return DEFAULT_CURRENCY;
  const currency = (countryToCurrency as Readonly<Record<string, string>>)[country.toUpperCase()];
  return currency && isCurrency(currency) ? currency : DEFAULT_CURRENCY;
}

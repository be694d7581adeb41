export { plural, countOf, type PluralForms } from './plural';

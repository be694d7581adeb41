import { formatDate } from '@halcyon/api/time';
import { IconButton, Sensitive } from '@halcyon/design-system';
import { isActiveFilterValue, isFilterChoice, type FilterField, type FilterValue } from '@halcyon/modals';
import type { ReactNode } from 'react';
import { X } from '../../app/icons';
import styles from './billing.module.css';

const isList = (value: FilterValue): value is readonly string[] => Array.isArray(value);

/** What an applied filter is set to, as the chip shows it ("Overdue", "1 Jan 2026 – 31 Mar 2026", a client's name). */
function valueOf(field: FilterField, value: FilterValue): ReactNode {
  if (isFilterChoice(value)) return <Sensitive>{value.label || 'Looking up…'}</Sensitive>;
  if (typeof value === 'boolean') return 'Yes';
  if (typeof value === 'string') {
    return field.type === 'select' ? (field.options.find((option) => option.value === value)?.label ?? value) : value;
  }
  if (isList(value)) {
    const options = field.type === 'multi-select' ? field.options : [];
    return value.map((one) => options.find((option) => option.value === one)?.label ?? one).join(', ');
  }
  const { from, to } = value;
  if (from && to) return `${formatDate(from)} – ${formatDate(to)}`;
  return from ? `From ${formatDate(from)}` : `Until ${formatDate(to)}`;
}

export interface FilterChipsProps {
  fields: readonly FilterField[];
  filters: Readonly<Record<string, FilterValue | undefined>>;
  /** Removes one filter (the others stay). */
  onRemove: (name: string) => void;
}

/** The filters applied to a list, one chip each ("Client: Maya Patel ×"); a chip's button removes that filter. */
export function FilterChips({ fields, filters, onRemove }: FilterChipsProps) {
  const applied = fields.flatMap((field) => {
    const value = filters[field.name];
    return value !== undefined && isActiveFilterValue(value) ? [{ field, value }] : [];
  });
  if (applied.length === 0) return null;
  return (
    <ul className={`${styles.actions} ${styles.chips}`} aria-label="Filters applied">
      {applied.map(({ field, value }) => (
        <li key={field.name} className={styles.chip}>
          <span className={styles.chipText}>
            <span className={styles.chipLabel}>{field.label}:</span> {valueOf(field, value)}
          </span>
          <IconButton
            size="sm"
            label={`Remove the ${field.label.toLowerCase()} filter`}
            icon={<X />}
            onClick={() => onRemove(field.name)}
          />
        </li>
      ))}
    </ul>
  );
}

import { Button } from '@halcyon/design-system';
import { useModal, type FilterField, type FilterValues } from '@halcyon/modals';

export interface FilterButtonsProps {
  /** The filter modal's title and description. */
  title: string;
  description: string;
  fields: readonly FilterField[];
  values: FilterValues;
  /** How many filters are applied: shown on the button, and "Clear filters" beside it. */
  active: number;
  onApply: (values: FilterValues) => void;
  onClear: () => void;
}

/** A billing list's "Filter" button (opening the `filter` modal) and, while filters are applied, "Clear filters". */
export function FilterButtons({ title, description, fields, values, active, onApply, onClear }: FilterButtonsProps) {
  const modal = useModal();
  return (
    <>
      <Button variant="secondary" onClick={() => modal.open('filter', { title, description, fields, values, onApply })}>
        {active > 0 ? `Filter (${active})` : 'Filter'}
      </Button>
      {active > 0 && (
        <Button variant="ghost" onClick={onClear}>
          Clear filters
        </Button>
      )}
    </>
  );
}

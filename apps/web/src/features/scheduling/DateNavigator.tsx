import { Button, DatePicker, IconButton } from '@halcyon/design-system';
import { ChevronLeft, ChevronRight } from '../../app/icons';
import styles from './DateNavigator.module.css';

export interface DateNavigatorProps {
  /** What is shown, as a heading: "Monday 12 January 2026", "12–18 January 2026", "January 2026". */
  label: string;
  /** The unit moved by the arrows, for their names: "day", "week", "month". */
  unit: string;
  /** The day picked (`YYYY-MM-DD`). */
  day: string;
  onPrevious: () => void;
  onNext: () => void;
  onToday: () => void;
  onDay: (day: string) => void;
}

/** Previous, today, next and a date picker, with what is shown as the region's heading (announced as it changes). */
export function DateNavigator({ label, unit, day, onPrevious, onNext, onToday, onDay }: DateNavigatorProps) {
  return (
    <div className={styles.root}>
      <div role="group" aria-label={`Choose the ${unit}`} className={styles.controls}>
        <IconButton label={`Previous ${unit}`} icon={<ChevronLeft />} variant="secondary" onClick={onPrevious} />
        <Button variant="secondary" onClick={onToday}>
          Today
        </Button>
        <IconButton label={`Next ${unit}`} icon={<ChevronRight />} variant="secondary" onClick={onNext} />
        <DatePicker
          label="Go to date"
          hideLabel
          className={styles.picker}
          value={day}
          onValueChange={(value) => {
            if (value) onDay(value);
          }}
        />
      </div>
      <h2 className={styles.label} aria-live="polite">
        {label}
      </h2>
    </div>
  );
}

import { Button, TextField } from '@halcyon/design-system';
import { useId, useState } from 'react';
import styles from './TagsField.module.css';

export interface TagsFieldProps {
  value: readonly string[];
  onChange: (tags: string[]) => void;
  onBlur?: () => void;
  /** Tags already used for this client, offered with one click. */
  suggestions?: readonly string[];
  error?: string;
  maxTags: number;
  maxLength: number;
  label?: string;
}

/** "Consent, intake ,, Letters" -> ["Consent", "intake", "Letters"] (duplicates ignoring case dropped). */
export function parseTags(text: string): string[] {
  const seen = new Set<string>();
  return text
    .split(',')
    .map((tag) => tag.trim())
    .filter((tag) => {
      if (!tag || seen.has(tag.toLowerCase())) return false;
      seen.add(tag.toLowerCase());
      return true;
    });
}

/**
 * Tags typed as a comma-separated list (plain text: works with any keyboard and screen reader), with the client's existing
 * tags offered as buttons that add them.
 */
export function TagsField({
  value,
  onChange,
  onBlur,
  suggestions = [],
  error,
  maxTags,
  maxLength,
  label = 'Tags',
}: TagsFieldProps) {
  const [text, setText] = useState(() => value.join(', '));
  const suggestionsId = useId();
  const chosen = new Set(value.map((tag) => tag.toLowerCase()));
  const offered = suggestions.filter((tag) => !chosen.has(tag.toLowerCase())).slice(0, 12);

  return (
    <div className={styles.root}>
      <TextField
        label={label}
        autoComplete="off"
        hint={`Separate tags with commas, e.g. Consent, Letters. Up to ${maxTags} tags of ${maxLength} characters.`}
        value={text}
        onChange={(event) => {
          setText(event.target.value);
          onChange(parseTags(event.target.value));
        }}
        onBlur={onBlur}
        error={error}
        describedBy={offered.length ? suggestionsId : undefined}
      />
      {offered.length > 0 && (
        <div className={styles.suggestions} id={suggestionsId}>
          <span className={styles.caption}>Used for this client:</span>
          {offered.map((tag) => (
            <Button
              key={tag}
              size="sm"
              variant="secondary"
              aria-label={`Add tag ${tag}`}
              onClick={() => {
                const next = [...value, tag];
                setText(next.join(', '));
                onChange(next);
              }}
            >
              {tag}
            </Button>
          ))}
        </div>
      )}
    </div>
  );
}

import { DOCUMENT_TAGS_MAX, DOCUMENT_TAG_MAX } from '@halcyon/api/contract';
import { Checkbox } from '@halcyon/design-system';
import { Controller, type Control, type FieldErrors } from 'react-hook-form';
import { TagsField } from './TagsField';

/** The fields a document carries besides its file and name, in upload-document and its edit. */
export interface DocumentFieldValues {
  tags?: string[] | undefined;
  sharedWithClient?: boolean | undefined;
}

/** A document's tags (the client's own offered) and whether the client can see it in their portal. */
export function DocumentTagsAndSharing<T extends DocumentFieldValues>({
  control,
  errors,
  suggestions,
}: {
  control: Control<T>;
  errors: FieldErrors<T>;
  suggestions: readonly string[];
}) {
  // The form's own type carries these two fields (DocumentFieldValues): its control and errors read them by name.
  const fields = control as unknown as Control<DocumentFieldValues>;
  const tagErrors = (errors as FieldErrors<DocumentFieldValues>).tags;
  return (
    <>
      <Controller
        name="tags"
        control={fields}
        render={({ field }) => (
          <TagsField
            value={field.value ?? []}
            onChange={field.onChange}
            onBlur={field.onBlur}
            suggestions={suggestions}
            error={tagErrors?.message ?? tagErrors?.[0]?.message}
            maxTags={DOCUMENT_TAGS_MAX}
            maxLength={DOCUMENT_TAG_MAX}
          />
        )}
      />
      <Controller
        name="sharedWithClient"
        control={fields}
        render={({ field }) => (
          <Checkbox
            label="Share with the client"
            hint="The client can see and download it in their portal."
            checked={field.value === true}
            onCheckedChange={(checked) => field.onChange(checked === true)}
            onBlur={field.onBlur}
          />
        )}
      />
    </>
  );
}

import {
  SESSION_LOCATION_KINDS,
  SESSION_LOCATION_KIND_LABELS,
  type AppointmentLocation,
  type SessionLocationKind,
} from '@halcyon/api/contract';
import { useRoute } from '@halcyon/api/swr';
import { Select } from '@halcyon/design-system';
import { useState } from 'react';

/** "In person", "Video", "Phone": the session's kinds of place, for its "Where" radio group. */
export const LOCATION_OPTIONS = SESSION_LOCATION_KINDS.map((value) => ({
  value,
  label: SESSION_LOCATION_KIND_LABELS[value],
}));

/** What a session booked at a saved location holds: its kind, the words of its place, and its standing meeting link. */
export interface LocationFill {
  kind: SessionLocationKind;
  location: string;
  videoLink: string;
}

/** "Garden room, Room 2, 12 High Street": the words a session keeps for where it is. */
export function locationText(location: AppointmentLocation): string {
  return [location.name, location.room, location.address].filter(Boolean).join(', ');
}

/**
 * The practice's saved locations (Settings > Appointments: rooms, video, phone) as one choice that fills in where a
 * session is: its kind, its room and address, or its standing meeting link. Nothing shows while the practice has none
 * (or the reader may not see them); the fields it fills stay editable.
 */
export function SavedLocationSelect({ onPick }: { onPick: (fill: LocationFill) => void }) {
  const locations = useRoute('listAppointmentLocations');
  const [chosen, setChosen] = useState('');
  const items = locations.data?.items ?? [];
  if (items.length === 0) return null;
  return (
    <Select
      label="Saved location"
      hint="Fills in where the session is; you can still change it."
      placeholder="Choose one of your locations"
      options={items.map((location) => ({
        value: String(location.id),
        label: `${location.name} (${SESSION_LOCATION_KIND_LABELS[location.kind].toLowerCase()})`,
      }))}
      value={chosen}
      onValueChange={(value) => {
        setChosen(value);
        const location = items.find((item) => String(item.id) === value);
        if (!location) return;
        onPick({
          kind: location.kind,
          location: location.kind === 'video' ? '' : locationText(location),
          videoLink: location.kind === 'video' ? location.videoLink : '',
        });
      }}
    />
  );
}

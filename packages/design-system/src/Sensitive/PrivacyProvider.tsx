import { createContext, useContext, useId, useMemo, type ReactNode } from 'react';
import { useControllableState } from '@radix-ui/react-use-controllable-state';

export interface PrivacyApi {
  /** True while client data is blurred. */
  enabled: boolean;
  setEnabled: (enabled: boolean) => void;
}

interface PrivacyContextValue extends PrivacyApi {
  /** Id of the shared "Hidden for privacy" description. */
  descriptionId: string;
}

const PrivacyContext = createContext<PrivacyContextValue | null>(null);

/** What a screen reader hears about blurred content. */
export const PRIVACY_DESCRIPTION = 'Hidden for privacy; hover or focus to reveal';

export interface PrivacyProviderProps {
  /** Controlled: whether privacy mode is on. */
  enabled?: boolean;
  /** Uncontrolled starting value (default off). */
  defaultEnabled?: boolean;
  onEnabledChange?: (enabled: boolean) => void;
  children?: ReactNode;
}

/**
 * Privacy mode for the whole app (the Privacy On/Off switch): while on, every `<Sensitive>` blurs its content.
 * Controlled with `enabled` + `onEnabledChange` (e.g. persisted as a UI preference), or uncontrolled with `defaultEnabled`.
 */
export function PrivacyProvider({ enabled, defaultEnabled = false, onEnabledChange, children }: PrivacyProviderProps) {
  const [on, setOn] = useControllableState({
    prop: enabled,
    defaultProp: defaultEnabled,
    onChange: onEnabledChange,
    caller: 'PrivacyProvider',
  });
  const descriptionId = useId();
  const value = useMemo(
    () => ({ enabled: on, setEnabled: (next: boolean) => setOn(next), descriptionId }),
    [on, setOn, descriptionId],
  );
  return (
    <PrivacyContext.Provider value={value}>
      {children}
      <span id={descriptionId} hidden>
        {PRIVACY_DESCRIPTION}
      </span>
    </PrivacyContext.Provider>
  );
}

const off: PrivacyContextValue = { enabled: false, setEnabled: () => undefined, descriptionId: '' };

/** Internal: the privacy state plus the description id; privacy is off outside a provider. */
export function usePrivacyContext(): PrivacyContextValue {
  return useContext(PrivacyContext) ?? off;
}

/** `{ enabled, setEnabled }`. Outside a `PrivacyProvider` privacy is off and `setEnabled` does nothing. */
export function usePrivacy(): PrivacyApi {
  const { enabled, setEnabled } = usePrivacyContext();
  return { enabled, setEnabled };
}

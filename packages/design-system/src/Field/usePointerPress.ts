import { useState, useSyncExternalStore, type ReactNode } from 'react';

// One document-wide record of whether a pointer button is down, shared by every field.
let pressed = false;
const listeners = new Set<() => void>();

function notify() {
  for (const listener of listeners) listener();
}
function onDown() {
  pressed = true;
  notify();
}
function onUp() {
  if (!pressed) return;
  // The click that follows pointerup lands first, on the control that was under the pointer when it was pressed.
  window.setTimeout(() => {
    pressed = false;
    notify();
  }, 0);
}
const EVENTS = ['pointerup', 'pointercancel', 'dragend'] as const;

function subscribe(listener: () => void): () => void {
  if (listeners.size === 0 && typeof document !== 'undefined') {
    document.addEventListener('pointerdown', onDown, true);
    for (const name of EVENTS) document.addEventListener(name, onUp, true);
  }
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0 && typeof document !== 'undefined') {
      document.removeEventListener('pointerdown', onDown, true);
      for (const name of EVENTS) document.removeEventListener(name, onUp, true);
      pressed = false;
    }
  };
}

/**
 * The error to show: a message that appears, changes or goes while a pointer button is down waits for its release.
 * Pressing a button below a field blurs the field, and a message appearing on blur would push the button from under
 * the pointer and swallow the click; held until the click has landed, it can move nothing the user is pressing.
 */
export function useErrorAfterPress(error: ReactNode): ReactNode {
  const isPressed = useSyncExternalStore(
    subscribe,
    () => pressed,
    () => false,
  );
  const [held, setHeld] = useState<ReactNode>(error);
  if (!isPressed && held !== error) setHeld(error);
  return isPressed ? held : error;
}

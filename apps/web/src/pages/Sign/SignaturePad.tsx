import { Button } from '@halcyon/design-system';
import SignatureDrawing, { type PointGroup } from 'signature_pad';
import { forwardRef, useCallback, useEffect, useId, useImperativeHandle, useRef, useState } from 'react';
import styles from './SignPage.module.css';

/** The exported image's size (the pad on screen keeps its 10:3 shape at the width available). */
const WIDTH = 600;
const HEIGHT = 180;
/**
 * The ink of the exported image: the signature is printed on the white page of a PDF, so it is always dark, whatever the
 * screen's colour scheme (on screen the pad draws in the theme's text colour).
 */
const PRINT_INK = '#1f2933';
const LINE = { minWidth: 1.5, maxWidth: 3 } as const;

export interface SignaturePadHandle {
  /** The drawing as a PNG data URL, or null when nothing was drawn. */
  toDataUrl: () => string | null;
  clear: () => void;
}

export interface SignaturePadProps {
  label: string;
  hint?: string;
  disabled?: boolean;
  onChange?: (drawn: boolean) => void;
}

/** The strokes with every point's position scaled (from one drawing width to another). */
function scaled(groups: readonly PointGroup[], factor: number, penColor?: string): PointGroup[] {
  return groups.map((group) => ({
    ...group,
    ...(penColor ? { penColor } : {}),
    points: group.points.map((point) => ({ ...point, x: point.x * factor, y: point.y * factor })),
  }));
}

/**
 * A pad to draw a signature with a mouse, pen or finger (`signature_pad`: pointer events, smooth strokes), with a Clear
 * button.
 *
 * Accessibility decision: drawing cannot be done with a keyboard or a screen reader, so the drawing is optional. The
 * typed full name together with the "I agree" tick is the signature (an electronic signature needs intent and
 * attribution, not a picture of handwriting; UK eIDAS / US ESIGN accept a typed name). The drawing, when given, is added
 * to the signed PDF beside the typed name.
 */
export const SignaturePad = forwardRef<SignaturePadHandle, SignaturePadProps>(function SignaturePad(
  { label, hint, disabled = false, onChange },
  ref,
) {
  const canvasRef = useRef<HTMLCanvasElement | null>(null);
  const pad = useRef<SignatureDrawing | null>(null);
  /** The on-screen width the strokes' points are measured in. */
  const drawnWidth = useRef(WIDTH);
  const [drawn, setDrawn] = useState(false);
  const onChangeRef = useRef(onChange);
  const labelId = useId();
  const hintId = useId();

  useEffect(() => {
    onChangeRef.current = onChange;
  }, [onChange]);

  const setHasDrawing = useCallback((value: boolean) => {
    setDrawn(value);
    onChangeRef.current?.(value);
  }, []);

  // The pad follows the canvas's size on screen (sharp on high-density screens); without a 2D canvas there is no pad.
  useEffect(() => {
    const canvas = canvasRef.current;
    if (!canvas?.getContext('2d')) return;
    const drawing = new SignatureDrawing(canvas, { ...LINE, penColor: getComputedStyle(canvas).color || PRINT_INK });
    const fit = () => {
      const width = canvas.offsetWidth || WIDTH;
      const ratio = Math.max(window.devicePixelRatio || 1, 1);
      const strokes = scaled(drawing.toData(), width / drawnWidth.current);
      canvas.width = width * ratio;
      canvas.height = (canvas.offsetHeight || (width * HEIGHT) / WIDTH) * ratio;
      canvas.getContext('2d')?.scale(ratio, ratio);
      drawnWidth.current = width;
      drawing.fromData(strokes);
    };
    fit();
    const observer = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(fit);
    observer?.observe(canvas);
    const ended = () => setHasDrawing(true);
    drawing.addEventListener('endStroke', ended);
    pad.current = drawing;
    return () => {
      observer?.disconnect();
      drawing.removeEventListener('endStroke', ended);
      drawing.off();
      pad.current = null;
    };
  }, [setHasDrawing]);

  useEffect(() => {
    if (disabled) pad.current?.off();
    else pad.current?.on();
  }, [disabled]);

  const clear = useCallback(() => {
    pad.current?.clear();
    setHasDrawing(false);
  }, [setHasDrawing]);

  useImperativeHandle(
    ref,
    () => ({
      clear,
      toDataUrl: () => {
        const drawing = pad.current;
        if (!drawing || drawing.isEmpty()) return null;
        const out = document.createElement('canvas');
        out.width = WIDTH;
        out.height = HEIGHT;
        if (!out.getContext('2d')) return null;
        const print = new SignatureDrawing(out, { ...LINE, penColor: PRINT_INK });
        print.fromData(scaled(drawing.toData(), WIDTH / drawnWidth.current, PRINT_INK));
        return print.toDataURL('image/png');
      },
    }),
    [clear],
  );

  return (
    <div className={styles.pad}>
      <span id={labelId} className={styles.padLabel}>
        {label}
      </span>
      {hint && (
        <span id={hintId} className={styles.padHint}>
          {hint}
        </span>
      )}
      <canvas
        ref={canvasRef}
        width={WIDTH}
        height={HEIGHT}
        className={styles.canvas}
        role="img"
        aria-labelledby={labelId}
        aria-describedby={hint ? hintId : undefined}
        data-state={drawn ? 'drawn' : 'empty'}
        data-disabled={disabled || undefined}
      />
      <div>
        <Button variant="secondary" size="sm" onClick={clear} disabled={disabled || !drawn}>
          Clear drawing
        </Button>
      </div>
    </div>
  );
});

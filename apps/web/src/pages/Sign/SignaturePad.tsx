import { Button } from '@halcyon/design-system';
import { forwardRef, useCallback, useEffect, useId, useImperativeHandle, useRef, useState } from 'react';
import styles from './SignPage.module.css';

type Point = { x: number; y: number };
type Stroke = Point[];

/** The drawing area's own coordinate size (CSS scales it to the width available). */
const WIDTH = 600;
const HEIGHT = 180;
/**
 * The ink of the exported image: the signature is printed on the white page of a PDF, so it is always dark, whatever the
 * screen's colour scheme (on screen the pad draws in the theme's text colour).
 */
const PRINT_INK = '#1f2933';

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

function draw(context: CanvasRenderingContext2D, strokes: readonly Stroke[], ink: string, scale = 1) {
  context.lineWidth = 2.5 * scale;
  context.lineCap = 'round';
  context.lineJoin = 'round';
  context.strokeStyle = ink;
  context.fillStyle = ink;
  for (const stroke of strokes) {
    const [first, ...rest] = stroke;
    if (!first) continue;
    context.beginPath();
    if (rest.length === 0) {
      context.arc(first.x * scale, first.y * scale, 1.5 * scale, 0, Math.PI * 2);
      context.fill();
      continue;
    }
    context.moveTo(first.x * scale, first.y * scale);
    for (const point of rest) context.lineTo(point.x * scale, point.y * scale);
    context.stroke();
  }
}

/**
 * A pad to draw a signature with a mouse, pen or finger (pointer events), with a Clear button.
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
  const strokes = useRef<Stroke[]>([]);
  const drawing = useRef(false);
  const [drawn, setDrawn] = useState(false);
  const labelId = useId();
  const hintId = useId();

  const repaint = useCallback(() => {
    const canvas = canvasRef.current;
    const context = canvas?.getContext('2d');
    if (!canvas || !context) return;
    context.clearRect(0, 0, canvas.width, canvas.height);
    const ink = getComputedStyle(canvas).color || PRINT_INK;
    draw(context, strokes.current, ink);
  }, []);

  const setHasDrawing = useCallback(
    (value: boolean) => {
      setDrawn(value);
      onChange?.(value);
    },
    [onChange],
  );

  const clear = useCallback(() => {
    strokes.current = [];
    repaint();
    setHasDrawing(false);
  }, [repaint, setHasDrawing]);

  useImperativeHandle(
    ref,
    () => ({
      clear,
      toDataUrl: () => {
        if (strokes.current.length === 0) return null;
        const out = document.createElement('canvas');
        out.width = WIDTH;
        out.height = HEIGHT;
        const context = out.getContext('2d');
        if (!context) return null;
        draw(context, strokes.current, PRINT_INK);
        return out.toDataURL('image/png');
      },
    }),
    [clear],
  );

  useEffect(() => {
    repaint();
  }, [repaint]);

  const pointOf = (event: React.PointerEvent<HTMLCanvasElement>): Point => {
    const rect = event.currentTarget.getBoundingClientRect();
    return {
      x: ((event.clientX - rect.left) / (rect.width || WIDTH)) * WIDTH,
      y: ((event.clientY - rect.top) / (rect.height || HEIGHT)) * HEIGHT,
    };
  };

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
        onPointerDown={(event) => {
          if (disabled || (event.pointerType === 'mouse' && event.button !== 0)) return;
          event.preventDefault();
          event.currentTarget.setPointerCapture?.(event.pointerId);
          drawing.current = true;
          strokes.current.push([pointOf(event)]);
          repaint();
        }}
        onPointerMove={(event) => {
          if (!drawing.current) return;
          strokes.current.at(-1)?.push(pointOf(event));
          repaint();
        }}
        onPointerUp={() => {
          if (!drawing.current) return;
          drawing.current = false;
          setHasDrawing(true);
        }}
        onPointerCancel={() => {
          drawing.current = false;
          if (strokes.current.length) setHasDrawing(true);
        }}
      />
      <div>
        <Button variant="secondary" size="sm" onClick={clear} disabled={disabled || !drawn}>
          Clear drawing
        </Button>
      </div>
    </div>
  );
});

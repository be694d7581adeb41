/**
 * The Storybook tokens gallery (.storybook/docs/Tokens.mdx). Not exported from the package: it documents tokens.ts.
 * Swatches use the CSS variables, so what you see is what components get; figures come from tokens.ts.
 */
import { contrastPairs, contrastRatio } from './contrast';
import {
  borderWidth,
  breakpoints,
  colorNames,
  duration,
  easing,
  font,
  fontSize,
  fontWeight,
  lineHeight,
  radius,
  shadows,
  size,
  space,
  themes,
  zIndex,
  type ThemeName,
} from './tokens';
import styles from './TokensGallery.module.css';

const themeNames: ThemeName[] = ['light', 'dark'];
const v = (group: string, name: string | number) => `var(--hds-${group}-${name})`;

function ValueTable({ group, values }: { group: string; values: Readonly<Record<string, string>> }) {
  return (
    <table className={styles.table}>
      <thead>
        <tr>
          <th scope="col">Variable</th>
          <th scope="col">Value</th>
        </tr>
      </thead>
      <tbody>
        {Object.entries(values).map(([name, value]) => (
          <tr key={name}>
            <td>
              <code>{`--hds-${group}-${name}`}</code>
            </td>
            <td>
              <code>{value}</code>
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** Every colour token in both themes, with a swatch rendered in that theme. */
export function ColorTokens() {
  return (
    <table className={styles.table}>
      <thead>
        <tr>
          <th scope="col">Variable</th>
          {themeNames.map((theme) => (
            <th key={theme} scope="col">
              {theme === 'light' ? 'Light' : 'Dark'}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {colorNames.map((name) => (
          <tr key={name}>
            <td>
              <code>{`--hds-color-${name}`}</code>
            </td>
            {themeNames.map((theme) => (
              <td key={theme} data-theme={theme} className={styles.themed}>
                <span className={styles.swatchRow}>
                  <span className={styles.swatch} style={{ background: v('color', name) }} aria-hidden="true" />
                  <code>{themes[theme][name]}</code>
                </span>
              </td>
            ))}
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** The pairs the contrast test checks, with their ratios in both themes. */
export function ContrastTokens() {
  return (
    <table className={styles.table}>
      <caption className={styles.caption}>
        WCAG 2.2 AA: 4.5:1 for text, 3:1 for focus rings and control borders. A unit test fails if any pair drops below.
      </caption>
      <thead>
        <tr>
          <th scope="col">Foreground on background</th>
          <th scope="col">Needs</th>
          {themeNames.map((theme) => (
            <th key={theme} scope="col">
              {theme === 'light' ? 'Light' : 'Dark'}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {contrastPairs.map(({ fg, bg, min }) => (
          <tr key={`${fg}-${bg}`}>
            <td>
              <code>{fg}</code> on <code>{bg}</code>
            </td>
            <td>{`${min}:1`}</td>
            {themeNames.map((theme) => {
              const ratio = contrastRatio(themes[theme][fg], themes[theme][bg]);
              return (
                <td key={theme} data-theme={theme} className={styles.themed}>
                  {min < 4.5 ? (
                    // A 3:1 pair is a ring or a border, never text: shown as one, so the sample is not unreadable text.
                    <span
                      className={styles.ringSample}
                      style={{ borderColor: v('color', fg), background: v('color', bg) }}
                      aria-hidden="true"
                    />
                  ) : (
                    <span className={styles.sample} style={{ color: v('color', fg), background: v('color', bg) }}>
                      Aa
                    </span>
                  )}{' '}
                  <span data-pass={ratio >= min}>{`${ratio.toFixed(2)}:1`}</span>
                </td>
              );
            })}
          </tr>
        ))}
      </tbody>
    </table>
  );
}

export function SpaceTokens() {
  return (
    <table className={styles.table}>
      <thead>
        <tr>
          <th scope="col">Variable</th>
          <th scope="col">Value</th>
          <th scope="col">Sample</th>
        </tr>
      </thead>
      <tbody>
        {Object.entries(space).map(([name, value]) => (
          <tr key={name}>
            <td>
              <code>{`--hds-space-${name}`}</code>
            </td>
            <td>
              <code>{value}</code>
            </td>
            <td>
              <span className={styles.bar} style={{ width: v('space', name) }} aria-hidden="true" />
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

export function TypeTokens() {
  return (
    <div className={styles.stack}>
      {Object.entries(fontSize)
        .reverse()
        .map(([name, value]) => (
          <p key={name} className={styles.typeSample} style={{ fontSize: v('font-size', name) }}>
            <code className={styles.typeLabel}>{`--hds-font-size-${name} · ${value}`}</code>
            Next session with Ana at 14:00
          </p>
        ))}
      <p className={styles.stack}>
        {Object.keys(fontWeight).map((name) => (
          <span key={name} style={{ fontWeight: v('font-weight', name) }}>
            {`--hds-font-weight-${name}: the quick brown fox`}
          </span>
        ))}
      </p>
      <ValueTable group="font" values={font} />
      <ValueTable group="line-height" values={lineHeight} />
    </div>
  );
}

export function ShapeTokens() {
  return (
    <div className={styles.row}>
      {Object.keys(radius).map((name) => (
        <figure key={name} className={styles.figure}>
          <span className={styles.shape} style={{ borderRadius: v('radius', name) }} aria-hidden="true" />
          <figcaption>
            <code>{`--hds-radius-${name}`}</code>
          </figcaption>
        </figure>
      ))}
      {Object.keys(shadows.light).map((name) => (
        <figure key={name} className={styles.figure}>
          <span className={styles.shape} style={{ boxShadow: v('shadow', name) }} aria-hidden="true" />
          <figcaption>
            <code>{`--hds-shadow-${name}`}</code>
          </figcaption>
        </figure>
      ))}
    </div>
  );
}

export function OtherTokens() {
  return (
    <div className={styles.stack}>
      <ValueTable group="duration" values={duration} />
      <ValueTable group="easing" values={easing} />
      <ValueTable group="z" values={zIndex} />
      <ValueTable group="size" values={size} />
      <ValueTable group="border-width" values={borderWidth} />
      <table className={styles.table}>
        <thead>
          <tr>
            <th scope="col">Breakpoint (TypeScript: breakpoints)</th>
            <th scope="col">Pixels</th>
          </tr>
        </thead>
        <tbody>
          {Object.entries(breakpoints).map(([name, px]) => (
            <tr key={name}>
              <td>
                <code>{`breakpoints.${name}`}</code>
              </td>
              <td>{px}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

export {
  breakpoints,
  colorNames,
  cssVar,
  themes,
  tokens,
  shadows,
  space,
  radius,
  font,
  fontSize,
  fontWeight,
  lineHeight,
  duration,
  easing,
  zIndex,
  borderWidth,
  size,
} from './tokens';
export type { Breakpoint, ColorName, ColorScale, ThemeName } from './tokens';
export { contrastPairs, contrastRatio, luminance } from './contrast';
export type { ContrastPair } from './contrast';

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
  densities,
} from './tokens';
export type { Breakpoint, ColorName, ColorScale, Density, ThemeName } from './tokens';
export { contrastPairs, contrastRatio, luminance } from './contrast';
export type { ContrastPair } from './contrast';

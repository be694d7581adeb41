import {
  createContext,
  forwardRef,
  useCallback,
  useContext,
  useId,
  useMemo,
  useRef,
  useState,
  type HTMLAttributes,
  type ReactNode,
} from 'react';
import { Banner, type BannerVariant } from './Banner';
import styles from './Banner.module.css';
import { cx } from '../Field/cx';

/** Banner alerts dismiss themselves after this many ms by default (SPEC.md §9). */
export const BANNER_TIMEOUT_MS = 5000;

export interface BannerInput {
  variant: BannerVariant;
  message: string;
  /** ms before it dismisses itself; default `BANNER_TIMEOUT_MS`; 0 keeps it until dismissed. */
  timeout?: number;
}

export interface BannerItem extends Required<BannerInput> {
  id: string;
}

export interface BannersApi {
  /** The banners on screen, oldest first. */
  banners: BannerItem[];
  /** Shows a banner and returns its id. */
  notify: (banner: BannerInput) => string;
  dismiss: (id: string) => void;
}

const BannersContext = createContext<BannersApi | null>(null);

export interface BannerProviderProps {
  children?: ReactNode;
  /** The most banners kept at once; the oldest goes first. Default 5. */
  max?: number;
}

/** Holds the app's banner alerts; render `<BannerRegion />` inside it where they should appear (above the page). */
export function BannerProvider({ children, max = 5 }: BannerProviderProps) {
  const [banners, setBanners] = useState<BannerItem[]>([]);
  const prefix = useId();
  const counter = useRef(0);

  const notify = useCallback(
    ({ variant, message, timeout = BANNER_TIMEOUT_MS }: BannerInput) => {
      counter.current += 1;
      const id = `banner${prefix}${counter.current}`;
      setBanners((current) => [...current, { id, variant, message, timeout }].slice(-max));
      return id;
    },
    [prefix, max],
  );

  const dismiss = useCallback((id: string) => {
    setBanners((current) => current.filter((b) => b.id !== id));
  }, []);

  const value = useMemo(() => ({ banners, notify, dismiss }), [banners, notify, dismiss]);
  return <BannersContext.Provider value={value}>{children}</BannersContext.Provider>;
}

/** `{ banners, notify({ variant, message, timeout? }) => id, dismiss(id) }`; needs a `BannerProvider` above. */
export function useBanners(): BannersApi {
  const api = useContext(BannersContext);
  if (!api) throw new Error('useBanners() must be used inside a <BannerProvider>.');
  return api;
}

export type BannerRegionProps = HTMLAttributes<HTMLDivElement>;

/** Renders the provider's banners as a stack, newest last; each dismisses itself after its timeout. */
export const BannerRegion = forwardRef<HTMLDivElement, BannerRegionProps>(function BannerRegion(
  { className, ...rest },
  ref,
) {
  const { banners, dismiss } = useBanners();
  return (
    <div ref={ref} data-state={banners.length ? 'open' : 'empty'} className={cx(styles.region, className)} {...rest}>
      {banners.map((b) => (
        <Banner key={b.id} variant={b.variant} timeout={b.timeout} onDismiss={() => dismiss(b.id)}>
          {b.message}
        </Banner>
      ))}
    </div>
  );
});

export { Banner } from './Banner';
export type { BannerProps, BannerVariant } from './Banner';
export { BANNER_TIMEOUT_MS, BannerProvider, BannerRegion, useBanners } from './BannerProvider';
export type { BannerInput, BannerItem, BannersApi, BannerProviderProps, BannerRegionProps } from './BannerProvider';

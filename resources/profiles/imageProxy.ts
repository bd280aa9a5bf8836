// CONVENTIONS Browser app: profile images go through a third-party image proxy, at
// most 150×150; VITE_IMAGE_PROXY at build time names another one ({url} is replaced).

export const PROFILE_IMAGE_SIZE = 150;
const DEFAULT_IMAGE_PROXY = `https://images.weserv.nl/?url={url}&w=${PROFILE_IMAGE_SIZE}&h=${PROFILE_IMAGE_SIZE}&fit=cover`;

export function proxiedImageUrl(url: string, template: string = import.meta.env.VITE_IMAGE_PROXY || DEFAULT_IMAGE_PROXY): string {
  return template.replace('{url}', encodeURIComponent(url));
}

import { UsageError } from '../errors.js';

/**
 * A public address of muster's page (--public-url), as links printed or made for others use
 * it: http or https, with no fragment of its own (the page's options and forces go there).
 */
export function publicAddress(value: string, option = '--public-url'): string {
  let url: URL;
  try {
    url = new URL(value.trim());
  } catch {
    throw new UsageError(`${option}: "${value}" is not an address; give the page's full address, e.g. https://club.example/muster/`);
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') throw new UsageError(`${option}: "${value}" is not a web address (http or https); give the page's full address, e.g. https://club.example/muster/`);
  if (url.username || url.password) throw new UsageError(`${option}: "${value}" holds a user name or password, which a printed link would show to everyone; give the address without them`);
  url.hash = '';
  return url.href;
}

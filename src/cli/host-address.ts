/**
 * An address given to `serve --host`, in the one spelling every decision is made on. The
 * system's resolver reads an IPv4 address in any spelling inet_aton takes (`0`, `0x0`, `0.0`,
 * `00.0.0.0`, `017700000001`) and IPv6 in any of its forms (`::0`, `0:0:0:0:0:0:0:0`,
 * `::ffff:0.0.0.0`): checked as typed, `0x0` listened on every address while `0.0.0.0` was
 * refused. WHATWG URL parsing, which is what browsers do with the address, gives the canonical
 * form of both.
 */
export interface HostAddress {
  /** what the server listens on: the canonical address (an IPv6 zone kept), or a lower-case name */
  listen: string;
  /** the address as a browser's Host header names it: IPv6 in brackets */
  name: string;
  /** every address at once (0.0.0.0, ::, ::ffff:0.0.0.0), in whatever spelling */
  every: boolean;
}

/** A name or IPv4 address as typed: letters, digits, hyphens, underscores and dots. */
const NAME = /^[\w-]+(?:\.[\w-]+)*\.?$/;
/** An IPv6 address as typed, in brackets or not, with a zone id or not. */
const IPV6 = /^\[?([0-9a-fA-F:.]*:[0-9a-fA-F:.]*)(?:%([\w.-]+))?\]?$/;

/**
 * The canonical form of an IPv6 address, undefined where it is none. Through URL rather than
 * node:net, which the page's bundle (it holds the command table) has no copy of.
 */
function canonicalIpv6(address: string): string | undefined {
  try {
    return new URL(`http://[${address}]/`).hostname.slice(1, -1);
  } catch {
    return undefined;
  }
}

/** A host as URL leaves it that is an IPv4 address: URL has made every numeric spelling dotted decimal. */
const DOTTED_QUAD = /^\d{1,3}\.\d{1,3}\.\d{1,3}\.\d{1,3}$/;

/** IPv6 canonical forms that mean every address: the unspecified one, and it mapped from IPv4. */
const EVERY_IPV6 = new Set(['::', '::ffff:0:0']);

/** The address `--host` names, or undefined where the text is no address or name at all. */
export function hostAddress(given: string): HostAddress | undefined {
  const text = given.trim();
  const v6 = IPV6.exec(text);
  if (v6 && text.startsWith('[') === text.endsWith(']')) {
    const [, address, zone] = v6;
    const canonical = canonicalIpv6(address!);
    if (canonical === undefined) return undefined;
    const listen = zone ? `${canonical}%${zone}` : canonical;
    return { listen, name: `[${listen}]`, every: EVERY_IPV6.has(canonical) };
  }
  if (!NAME.test(text)) return undefined;
  let host: string;
  try {
    host = new URL(`http://${text}/`).hostname;
  } catch {
    // a name that ends in a number but is no IPv4 address (256.1.1.1): the browser refuses it too
    return undefined;
  }
  if (DOTTED_QUAD.test(host)) return { listen: host, name: host, every: host === '0.0.0.0' };
  const name = text.toLowerCase().replace(/\.$/, '');
  return { listen: name, name, every: false };
}

/** Whether an address a server is bound to is every address (a name given may resolve to one). */
export function isEveryAddress(bound: string): boolean {
  if (DOTTED_QUAD.test(bound)) return bound === '0.0.0.0';
  const canonical = canonicalIpv6(bound.replace(/%.*$/, ''));
  return canonical !== undefined && EVERY_IPV6.has(canonical);
}

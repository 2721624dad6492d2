/**
 * Issue 55, point 8: `serve --host` refused 0.0.0.0 and :: as typed but listened on every
 * address when given them in another spelling the resolver reads (0, 0x0, ::0). The address
 * is made canonical first, and the decision taken on that.
 */
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { hostAddress, isEveryAddress } from '../../src/cli/host-address.js';
import { muster } from '../helpers/cli.js';

const repo = fileURLToPath(new URL('../../', import.meta.url));

const EVERY_IPV4 = ['0.0.0.0', '0', '0x0', '0.0', '0.0.0', '00.0.0.0', '0x00000000', '0000', '0.0.0.0.', '0x0.0x0.0x0.0x0', '00000000000'];
const EVERY_IPV6 = ['::', '::0', '0::0', '0:0:0:0:0:0:0:0', '[::]', '[::0]', '::ffff:0.0.0.0', '::ffff:0:0', '0:0:0:0:0:ffff:0.0.0.0', '::0.0.0.0', '::%eth0', '[::%lo]', '::ffff:0.0.0.0%eth0'];

describe('serve --host decides on the address, not its spelling', () => {
  it.each([...EVERY_IPV4, ...EVERY_IPV6])('%s is every address: refused, exit 2, saying which address it is', async (host) => {
    expect(hostAddress(host)?.every).toBe(true);
    const result = await muster(['serve', '--port', '0', '--host', host], repo);
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(/^muster: --host \S+( \(that is (0\.0\.0\.0|::|::ffff:0:0)(%\w+)?\))?: give this machine's own address on your network \(such as 192\.168\.1\.20\), not every address at once\n$/);
    expect(result.stdout).toBe('');
  });

  it('other spellings of one address are that address, to listen on and to name in the Host header', () => {
    expect(hostAddress('127.2')).toEqual({ listen: '127.0.0.2', name: '127.0.0.2', every: false });
    expect(hostAddress('2130706434')).toEqual({ listen: '127.0.0.2', name: '127.0.0.2', every: false });
    expect(hostAddress('0x7f.0.0.2')).toEqual({ listen: '127.0.0.2', name: '127.0.0.2', every: false });
    expect(hostAddress('017700000002')).toEqual({ listen: '127.0.0.2', name: '127.0.0.2', every: false });
    expect(hostAddress('192.168.1.20')).toEqual({ listen: '192.168.1.20', name: '192.168.1.20', every: false });
    expect(hostAddress('[0:0:0:0:0:0:0:1]')).toEqual({ listen: '::1', name: '[::1]', every: false });
    expect(hostAddress('FE80::0001%eth0')).toEqual({ listen: 'fe80::1%eth0', name: '[fe80::1%eth0]', every: false });
    expect(hostAddress('::ffff:127.0.0.2')).toEqual({ listen: '::ffff:7f00:2', name: '[::ffff:7f00:2]', every: false });
    expect(hostAddress('Club-PC.local')).toEqual({ listen: 'club-pc.local', name: 'club-pc.local', every: false });
  });

  it('what is no address or name at all is refused as before', async () => {
    for (const host of ['a b', '256.1.1.1', '1::2::3', '[::1', 'x@0', '0/8', '']) expect(hostAddress(host), host).toBeUndefined();
    const odd = await muster(['serve', '--port', '0', '--host', '1::2::3'], repo);
    expect(odd.code).toBe(2);
    expect(odd.stderr).toMatch(/--host "1::2::3": give this machine's address on your network/);
  });

  it('an address a server is bound to, as Node gives it', () => {
    expect(['0.0.0.0', '::', '::ffff:0.0.0.0', '::%eth0'].map(isEveryAddress)).toEqual([true, true, true, true]);
    expect(['127.0.0.2', '::1', 'fe80::1%eth0'].map(isEveryAddress)).toEqual([false, false, false]);
  });
});

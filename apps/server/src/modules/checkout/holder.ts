import { createHmac } from 'node:crypto';
import { isIPv6 } from 'node:net';

/**
 * Who holds a buyer's reservation, for the per-address limit: a keyed hash (never the address itself is
 * stored). An IPv6 client is counted by its /64, the block one subscriber gets, so it cannot step
 * around the limit by changing the address's last half.
 */
export function holderKey(address: string, secret: string): string {
  const counted = isIPv6(address) ? ipv6Prefix64(address) : address;
  return createHmac('sha256', secret).update(`holder:${counted}`).digest('base64url').slice(0, 22);
}

/** The first four groups of an IPv6 address, `::` expanded (an IPv4-mapped address stays itself). */
function ipv6Prefix64(address: string): string {
  if (/^::ffff:\d+\.\d+\.\d+\.\d+$/i.test(address)) return address.slice(7);
  const [head = '', tail = ''] = address.toLowerCase().split('::');
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  const groups = address.includes('::')
    ? [...left, ...Array(8 - left.length - right.length).fill('0'), ...right]
    : left;
  return groups
    .slice(0, 4)
    .map((g) => g.replace(/^0+(?=.)/, ''))
    .join(':');
}

import { randomUUID } from 'node:crypto';

let lastMillisecond = 0;
let sequence = 0;

/**
 * A UUID version 7: the millisecond time first, then a sequence within that millisecond, then random
 * bits. Ids made one after another sort in order, so inserts land at the end of each index instead
 * of at random places in it, which keeps bulk writes of conversations fast.
 */
export function newId(): string {
  let millisecond = Date.now();
  if (millisecond <= lastMillisecond) {
    millisecond = lastMillisecond;
    sequence += 1;
    if (sequence > 0xfff) {
      millisecond += 1;
      sequence = 0;
    }
  } else {
    sequence = 0;
  }
  lastMillisecond = millisecond;
  const time = millisecond.toString(16).padStart(12, '0');
  // randomUUID's last two groups already carry the RFC 4122 variant bits.
  const random = randomUUID().slice(19);
  return `${time.slice(0, 8)}-${time.slice(8)}-7${sequence.toString(16).padStart(3, '0')}-${random}`;
}

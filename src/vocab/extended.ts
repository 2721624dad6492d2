/**
 * `{ ...base, ...fields }`: a copy of `base` with `fields` set, in the same key order.
 *
 * Written this way where `fields` may add a key `base` lacks. Node's V8 makes a literal that
 * begins with a spread (`{ ...base, extra }`) by cloning `base`'s hidden class, and a key added
 * to such a clone gets a hidden class of its own, made anew for every object: a batch of solo
 * packets made some 160 of them a packet (V8's --log-maps), each in the old generation that only
 * a full collection frees, and every function reading such objects met a new shape each time
 * (issue 30). Copied into an empty object, the keys follow one shared chain of classes.
 * A spread that only overrides keys `base` already has is not affected, and stays a spread.
 */
export function extended<Base extends object, Fields extends object>(base: Base, fields: Fields): Omit<Base, keyof Fields> & Fields {
  return Object.assign({}, base, fields);
}

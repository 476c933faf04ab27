// @ts-check
// A least-recently-used store bounded in bytes, for the two cache handlers (lib/cache/handler.mjs,
// lib/cache/page-handler.mjs). A Map keeps insertion order, so re-inserting an entry on use makes the
// first entries the least recent: the eviction is a walk from the front. Plain JavaScript for the
// same reason as the handlers (Next loads them with Node itself).

/** @template V */
export class ByteLimitedLru {
  /** @type {Map<string, { value: V; bytes: number }>} */
  #entries = new Map();
  #bytes = 0;
  #maxBytes;

  /** @param {number} maxBytes the most the entries may weigh together; 0 keeps nothing */
  constructor(maxBytes) {
    this.#maxBytes = maxBytes;
  }

  /** The entry, now the most recently used. @param {string} key @returns {V | undefined} */
  get(key) {
    const stored = this.#entries.get(key);
    if (!stored) return undefined;
    this.#entries.delete(key);
    this.#entries.set(key, stored);
    return stored.value;
  }

  /**
   * Stores the entry (replacing any under the key), then evicts the least recently used ones until
   * the whole fits. An entry heavier than the whole budget is not kept at all.
   * @param {string} key @param {V} value @param {number} bytes its weight, the key's length included
   */
  set(key, value, bytes) {
    this.delete(key);
    if (bytes > this.#maxBytes) return;
    this.#entries.set(key, { value, bytes });
    this.#bytes += bytes;
    for (const [oldestKey] of this.#entries) {
      if (this.#bytes <= this.#maxBytes) break;
      this.delete(oldestKey);
    }
  }

  /** @param {string} key */
  delete(key) {
    const stored = this.#entries.get(key);
    if (!stored) return;
    this.#entries.delete(key);
    this.#bytes -= stored.bytes;
  }

  /** What the entries weigh together. */
  get bytes() {
    return this.#bytes;
  }

  get size() {
    return this.#entries.size;
  }
}

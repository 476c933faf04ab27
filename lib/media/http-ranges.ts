// HTTP range and conditional-request rules (RFC 9110 sections 13 and 14) for serving stored files.
import type { ByteRange, StoredFileInfo } from "@/lib/storage";

export type RangeDecision =
  /** No usable Range header: send the whole file. */
  | { kind: "whole" }
  | { kind: "partial"; range: ByteRange }
  /** A valid range that starts past the end of the file: 416. */
  | { kind: "unsatisfiable" };

/**
 * Reads a Range header for a file of `size` bytes. One range is served as asked: `bytes=0-499`,
 * `bytes=500-` (open-ended) or `bytes=-500` (the last 500 bytes). A header that does not parse, in
 * another unit, or asking for several ranges is ignored, and the whole file is sent: RFC 9110
 * allows that, and players and download managers only ever ask for one range.
 */
export function decideRange(header: string | null, size: number): RangeDecision {
  const match = header && /^\s*bytes\s*=\s*(\d*)\s*-\s*(\d*)\s*$/i.exec(header);
  if (!match) return { kind: "whole" };
  const [, first, last] = match;
  if (!first && !last) return { kind: "whole" };
  if (!first) {
    const suffix = Number(last);
    if (suffix === 0 || size === 0) return { kind: "unsatisfiable" };
    return { kind: "partial", range: { start: Math.max(0, size - suffix), end: size - 1 } };
  }
  const start = Number(first);
  const end = last ? Number(last) : Infinity;
  if (end < start) return { kind: "whole" }; // not a valid range at all
  if (start >= size) return { kind: "unsatisfiable" };
  return { kind: "partial", range: { start, end: Math.min(end, size - 1) } };
}

/**
 * If-Range: the range applies only while the file is still the one the client has part of.
 * An entity tag must match strongly; a date must equal Last-Modified to the second.
 */
export function ifRangeHolds(header: string | null, file: StoredFileInfo): boolean {
  if (!header) return true;
  const value = header.trim();
  if (value.startsWith('"')) return value === file.etag;
  if (value.startsWith("W/")) return false; // weak tags never satisfy If-Range
  const date = Date.parse(value);
  return !Number.isNaN(date) && Math.floor(date / 1000) === Math.floor(file.lastModified.getTime() / 1000);
}

/** Reads a request header by its lower-case name: web `Headers` or a wrapper around Node's. */
export type HeaderReader = { get(name: string): string | null };

/** If-None-Match / If-Modified-Since: true when the client's copy is current (answer 304). */
export function clientCopyIsCurrent(headers: HeaderReader, file: StoredFileInfo): boolean {
  const ifNoneMatch = headers.get("if-none-match");
  if (ifNoneMatch !== null) {
    // Weak comparison, as RFC 9110 wants for If-None-Match.
    const opaque = (tag: string) => tag.trim().replace(/^W\//, "");
    return ifNoneMatch.trim() === "*" || ifNoneMatch.split(",").some((tag) => opaque(tag) === opaque(file.etag));
  }
  const ifModifiedSince = Date.parse(headers.get("if-modified-since") ?? "");
  return (
    !Number.isNaN(ifModifiedSince) &&
    Math.floor(file.lastModified.getTime() / 1000) <= Math.floor(ifModifiedSince / 1000)
  );
}

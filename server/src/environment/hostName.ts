/**
 * Host names as a `Host` header or `ALLOWED_HOSTS` writes them. A module of its own that imports
 * nothing: the configuration reads `ALLOWED_HOSTS` with it, and `hosts.ts` (which takes the
 * configuration's type) reads `Host` headers with it.
 */

/** A host as a Host header or ALLOWED_HOSTS writes it: a name and, if written, its port. */
export interface HostName {
  name: string;
  /** The port written after the name; null when none is. */
  port: number | null;
}

/** `name[:port]`, lower-cased, a final dot dropped; null when it is not a host. */
export function parseHost(value: string): HostName | null {
  const match = /^(\[[0-9a-f:.]+\]|[^\s:[\]/\\@?#]+?)\.?(?::(\d{1,5}))?$/.exec(
    value.trim().toLowerCase(),
  );
  if (!match) return null;
  const port = match[2] === undefined ? null : Number(match[2]);
  if (port !== null && port > 65535) return null;
  return { name: match[1]!, port };
}

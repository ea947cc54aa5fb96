import { FormatRegistry } from '@sinclair/typebox';
import { parseHost } from './hostName';

/**
 * The string formats the environment's schema names (`Type.String({ format })`), checked by
 * TypeBox. Prefixed `env-`: TypeBox keeps one registry for the whole process.
 */
export const FORMATS = {
  postgresUrl: 'env-postgres-url',
  smtpUrl: 'env-smtp-url',
  origin: 'env-origin',
  host: 'env-host',
  hostPort: 'env-host-port',
  email: 'env-email',
  sender: 'env-sender',
  timeZone: 'env-time-zone',
} as const;

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

function url(value: string): URL | null {
  try {
    return new URL(value);
  } catch {
    return null;
  }
}

const withProtocol = (protocols: string[]) => (value: string) =>
  protocols.includes(url(value)?.protocol ?? '');

/** An http(s) origin: no path, query or credentials (a trailing slash is allowed). */
function isOrigin(value: string): boolean {
  const parsed = url(value);
  return (
    parsed !== null &&
    ['http:', 'https:'].includes(parsed.protocol) &&
    !parsed.username &&
    !parsed.password &&
    parsed.pathname === '/' &&
    !parsed.search &&
    !parsed.hash
  );
}

/** `address` or `Name <address>`, on one line. */
function isSender(value: string): boolean {
  const address = /<([^<>]+)>\s*$/.exec(value)?.[1] ?? value;
  return EMAIL.test(address.trim()) && !/[\r\n]/.test(value);
}

function isTimeZone(value: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: value });
    return true;
  } catch {
    return false;
  }
}

FormatRegistry.Set(FORMATS.postgresUrl, withProtocol(['postgres:', 'postgresql:']));
FormatRegistry.Set(FORMATS.smtpUrl, withProtocol(['smtp:', 'smtps:']));
FormatRegistry.Set(FORMATS.origin, isOrigin);
FormatRegistry.Set(FORMATS.host, (value) => parseHost(value) !== null);
FormatRegistry.Set(FORMATS.hostPort, (value) => /^[\w.-]+:\d{1,5}$/.test(value));
FormatRegistry.Set(FORMATS.email, (value) => EMAIL.test(value));
FormatRegistry.Set(FORMATS.sender, isSender);
FormatRegistry.Set(FORMATS.timeZone, isTimeZone);

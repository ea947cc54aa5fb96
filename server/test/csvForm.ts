import { randomUUID } from 'node:crypto';

/** A multipart form with one CSV file in the field `field`, as a browser sends an upload. */
export function csvForm(text: string, field = 'file') {
  const boundary = `----csv${randomUUID()}`;
  return {
    payload: Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="list.csv"\r\n` +
          'Content-Type: text/csv\r\n\r\n',
      ),
      Buffer.from(text),
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

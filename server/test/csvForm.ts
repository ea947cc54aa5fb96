import { randomUUID } from 'node:crypto';

/** A multipart form with one CSV file in the field `file`. */
export function csvForm(text: string, filename = 'file.csv') {
  const boundary = `----csv${randomUUID()}`;
  return {
    payload: Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\n` +
          'Content-Type: text/csv\r\n\r\n',
      ),
      Buffer.from(text),
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

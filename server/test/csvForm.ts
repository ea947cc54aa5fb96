import { randomUUID } from 'node:crypto';

/** A multipart form with one CSV file, as a browser sends an upload (field `file` by default). */
export function csvForm(text: string, { filename = 'file.csv', field = 'file' } = {}) {
  const boundary = `----csv${randomUUID()}`;
  return {
    payload: Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\n` +
          'Content-Type: text/csv\r\n\r\n',
      ),
      Buffer.from(text),
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

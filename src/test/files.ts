import { File as NodeFile } from 'node:buffer';

/**
 * A file as a file input gives it. Node's File rather than jsdom's: the test environment's
 * FormData and URL.createObjectURL are Node's and only take Node's Blob.
 */
export function testFile(name: string, type: string, size = 2048): File {
  const bytes = new Uint8Array(size);
  // A real PNG signature, so the bytes look like what the type says.
  if (type === 'image/png') bytes.set([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  return new NodeFile([bytes], name, { type }) as unknown as File;
}

export const pngFile = (name = 'photo.png', size?: number) => testFile(name, 'image/png', size);

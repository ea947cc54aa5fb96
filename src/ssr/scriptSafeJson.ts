/**
 * JSON that cannot end the `<script>` element it sits in, nor start markup or a comment there:
 * `<`, `>`, `&` and the two line separators JavaScript once rejected are written as escapes,
 * which JSON.parse reads back as the same characters. Reviews are text anyone signed in writes.
 */
export function scriptSafeJson(value: unknown): string {
  return JSON.stringify(value).replace(
    /[<>&\u2028\u2029]/g,
    (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );
}

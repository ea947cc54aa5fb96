import LinkifyIt from 'linkify-it';

/**
 * Text a shopper typed (a name, an address, a cancel reason) as an email may show it: every
 * address in it that a mail client would turn into a link (a URL, a bare domain, an email
 * address, as linkify-it finds them, which is what clients do) is written so that no client
 * links it: `https[:]//evil[.]example`, `someone[@]evil[.]example`. The words stay readable.
 */
const linkify = new LinkifyIt();

const defang = (link: string) =>
  link.replace(/:\/\//g, '[:]//').replace(/\./g, '[.]').replace(/@/g, '[@]');

export function unlinked(text: string): string {
  const matches = linkify.match(text);
  if (!matches) return text;
  let out = '';
  let at = 0;
  for (const match of matches) {
    out += text.slice(at, match.index) + defang(text.slice(match.index, match.lastIndex));
    at = match.lastIndex;
  }
  return out + text.slice(at);
}

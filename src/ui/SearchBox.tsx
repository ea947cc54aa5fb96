import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import styled from 'styled-components';
import { SEARCH_TEXT_MAX } from '@contract/catalogTerms';
import { Input, Label } from './Field';

/** How a search is applied: replacing the history entry while a search is being typed. */
export interface SearchOptions {
  replace: boolean;
}

/** How long typing pauses before the results follow: short enough to feel live. */
const TYPING_PAUSE_MS = 150;

const Form = styled.form`
  display: grid;
  gap: ${({ theme }) => theme.space.xs};
`;

const Box = styled(Input)`
  font-size: ${({ theme }) => theme.fontSizes.md};
  &::-webkit-search-cancel-button {
    cursor: pointer;
  }
`;

/**
 * A catalogue search box (the shop's, the back office's products). Results follow the typing after a short pause; the first change of a
 * burst of typing is a new history entry and the rest replace it, so Back returns to the search
 * before, not to each letter. Enter searches at once.
 */
export function SearchBox({
  value,
  onSearch,
  label = 'Search products',
  placeholder = 'Name, brand or tyre size, e.g. 205/55 R16',
  name = 'Products',
}: {
  value: string;
  onSearch: (q: string, options: SearchOptions) => void;
  label?: string;
  placeholder?: string;
  /** The search landmark's name (the catalogue's, or another list's such as All Orders). */
  name?: string;
}) {
  const id = useId();
  const [text, setText] = useState(value);
  const sent = useRef(value);
  const typing = useRef(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  // The URL changed by other means (Back, Clear all, a link): show what it says.
  useEffect(() => {
    if (value.trim() === sent.current.trim()) return;
    sent.current = value;
    setText(value);
  }, [value]);
  useEffect(() => () => clearTimeout(timer.current), []);

  const send = (q: string) => {
    clearTimeout(timer.current);
    if (q === sent.current) return;
    sent.current = q;
    onSearch(q, { replace: typing.current });
    typing.current = true;
  };
  const onChange = (q: string) => {
    setText(q);
    clearTimeout(timer.current);
    timer.current = setTimeout(() => send(q), TYPING_PAUSE_MS);
  };
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    send(text);
    typing.current = false;
  };

  return (
    <Form role="search" onSubmit={onSubmit} aria-label={name}>
      <Label htmlFor={id}>{label}</Label>
      <Box
        id={id}
        type="search"
        name="q"
        value={text}
        maxLength={SEARCH_TEXT_MAX}
        placeholder={placeholder}
        autoComplete="off"
        enterKeyHint="search"
        onChange={(event) => onChange(event.target.value)}
        onBlur={() => {
          send(text);
          typing.current = false;
        }}
      />
    </Form>
  );
}

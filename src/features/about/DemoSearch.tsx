import { useId, useState } from 'react';
import styled from 'styled-components';
import { copy } from '@contract/copy';
import { Button } from '../../ui/Button';
import { Card } from '../../ui/Card';
import { FieldHint, Input, Label } from '../../ui/Field';
import { formatPrice } from '../../ui/formatPrice';
import { media } from '../../ui/theme';
import { demoProducts, type DemoProduct } from './demoProducts';
import { nextSelection } from './searchProduct';

const Box = styled(Card)`
  gap: ${({ theme }) => theme.space.lg};
  padding: ${({ theme }) => theme.space.lg};
  ${media.tablet} {
    padding: ${({ theme }) => theme.space.xl};
  }
  h2 {
    margin: 0;
    font-size: ${({ theme }) => theme.fontSizes.lg};
    ${media.tablet} {
      font-size: ${({ theme }) => theme.fontSizes.xl};
    }
  }
`;

const Form = styled.form`
  display: grid;
  gap: ${({ theme }) => theme.space.xs};
`;

const Row = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space.sm};
  input {
    flex: 1 1 9rem;
  }
`;

const Result = styled.section`
  padding: ${({ theme }) => theme.space.md} ${({ theme }) => theme.space.lg};
  border-left: 4px solid ${({ theme }) => theme.colors.accent};
  border-radius: ${({ theme }) => theme.radii.sm};
  background: ${({ theme }) => theme.colors.surfaceAlt};
  h3 {
    margin: 0 0 ${({ theme }) => theme.space.sm};
    font-size: ${({ theme }) => theme.fontSizes.lg};
  }
  dl {
    display: grid;
    grid-template-columns: max-content 1fr;
    gap: ${({ theme }) => theme.space.xs} ${({ theme }) => theme.space.lg};
    margin: 0;
  }
  dt {
    color: ${({ theme }) => theme.colors.muted};
    font-weight: 600;
  }
  dd {
    margin: 0;
    min-width: 0;
  }
`;

/** An empty value: a dash for the eye, nothing for the ear. */
const Empty = () => <span aria-hidden="true">—</span>;

/**
 * The spec's demo search: one text input named `product`, a 'Search' button and the block
 * 'Search Product is :'. Exact matches only; with no match the previous result stays and no
 * message is shown, exactly as the spec describes.
 */
export function DemoSearch() {
  const [text, setText] = useState('');
  const [selected, setSelected] = useState<DemoProduct | undefined>(undefined);
  const inputId = useId();
  const hintId = `${inputId}-hint`;

  return (
    <Box as="section" aria-labelledby="demo-search-heading">
      <h2 id="demo-search-heading">Try it: a small product search</h2>
      <Form
        role="search"
        aria-label="Demo product search"
        onSubmit={(event) => {
          event.preventDefault();
          setSelected((previous) => nextSelection(previous, demoProducts, text));
        }}
      >
        <Label htmlFor={inputId}>Product name</Label>
        <Row>
          <Input
            id={inputId}
            type="text"
            name="product"
            placeholder={copy.qa.searchPlaceholder}
            autoComplete="off"
            aria-describedby={hintId}
            value={text}
            onChange={(event) => setText(event.target.value)}
          />
          <Button type="submit">{copy.qa.search}</Button>
        </Row>
        <FieldHint id={hintId}>
          Demo items: {demoProducts.map((item) => item.name).join(', ')}. Names must match exactly.
        </FieldHint>
      </Form>
      <Result aria-labelledby="demo-result-heading" aria-live="polite">
        <h3 id="demo-result-heading">{copy.qa.result}</h3>
        <dl>
          <dt>{copy.qa.name}</dt>
          <dd>{selected ? selected.name : <Empty />}</dd>
          <dt>{copy.qa.price}</dt>
          <dd>{selected ? formatPrice(selected.price) : <Empty />}</dd>
          <dt>{copy.qa.description}</dt>
          <dd>{selected ? selected.description : <Empty />}</dd>
        </dl>
      </Result>
    </Box>
  );
}

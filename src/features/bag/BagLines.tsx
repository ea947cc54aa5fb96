import styled from 'styled-components';
import { bagCopy } from '../../shared/bag/bagCopy';
import { sizedImage } from '../../ui/imageSize';
import { media } from '../../ui/theme';
import { VisuallyHidden } from '../../ui/VisuallyHidden';
import { fewerOf, type BagLineView } from './bagLine';
import type { LineMoney } from './bagMoney';

const words = bagCopy.page;

const List = styled.ul`
  display: grid;
  gap: ${({ theme }) => theme.space.md};
  margin: 0;
  padding: 0;
  list-style: none;
`;

const Line = styled.li<{ $problem: boolean }>`
  display: grid;
  grid-template-columns: 5rem minmax(0, 1fr);
  grid-template-areas: 'pic info' 'side side';
  gap: ${({ theme }) => theme.space.sm} ${({ theme }) => theme.space.md};
  padding: ${({ theme }) => theme.space.md};
  border: 1px solid ${({ theme, $problem }) => ($problem ? theme.colors.danger : theme.colors.line)};
  border-radius: ${({ theme }) => theme.radii.md};
  background: ${({ theme }) => theme.colors.surface};
  box-shadow: ${({ theme }) => theme.shadows.card};
  ${media.tablet} {
    grid-template-columns: 6rem minmax(0, 1fr) auto;
    grid-template-areas: 'pic info side';
    align-items: center;
  }
`;

const Picture = styled.img`
  grid-area: pic;
  width: 100%;
  height: auto;
  aspect-ratio: 4 / 3;
  object-fit: cover;
  border-radius: ${({ theme }) => theme.radii.sm};
  background: ${({ theme }) => theme.colors.surfaceAlt};
`;

const NoPicture = styled.div`
  grid-area: pic;
  aspect-ratio: 4 / 3;
  border-radius: ${({ theme }) => theme.radii.sm};
  background: ${({ theme }) => theme.colors.surfaceAlt};
`;

const Info = styled.div`
  grid-area: info;
  display: grid;
  gap: ${({ theme }) => theme.space.xs};
  h2 {
    margin: 0;
    font-size: ${({ theme }) => theme.fontSizes.md};
  }
  p {
    margin: 0;
  }
`;

const UnitPrice = styled.p`
  color: ${({ theme }) => theme.colors.inkSoft};
  font-variant-numeric: tabular-nums;
  s {
    color: ${({ theme }) => theme.colors.muted};
  }
`;

/** What is wrong with a line: in red when it holds checkout, else (a new price) a notice. */
const Problem = styled.p<{ $blocking: boolean }>`
  color: ${({ theme, $blocking }) => ($blocking ? theme.colors.danger : theme.colors.accentText)};
  font-size: ${({ theme }) => theme.fontSizes.sm};
  font-weight: 700;
`;

const Side = styled.div`
  grid-area: side;
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  justify-content: space-between;
  gap: ${({ theme }) => theme.space.sm} ${({ theme }) => theme.space.md};
  ${media.tablet} {
    justify-content: flex-end;
  }
`;

const Stepper = styled.div`
  display: inline-flex;
  align-items: center;
  border: 1px solid ${({ theme }) => theme.colors.lineStrong};
  border-radius: ${({ theme }) => theme.radii.sm};
  output {
    min-width: 2.5rem;
    text-align: center;
    font-weight: 700;
    font-variant-numeric: tabular-nums;
  }
`;

const Step = styled.button`
  width: 44px;
  height: 44px;
  border: 0;
  background: transparent;
  font: inherit;
  font-size: 1.25rem;
  font-weight: 700;
  cursor: pointer;
  &:disabled {
    opacity: 0.35;
    cursor: not-allowed;
  }
`;

const Total = styled.p`
  margin: 0;
  ${media.tablet} {
    min-width: 6.5rem;
  }
  font-weight: 800;
  font-variant-numeric: tabular-nums;
  text-align: right;
`;

const Remove = styled.button`
  min-height: 44px;
  padding: 0 ${({ theme }) => theme.space.sm};
  border: 0;
  background: transparent;
  color: ${({ theme }) => theme.colors.danger};
  font: inherit;
  font-weight: 700;
  text-decoration: underline;
  cursor: pointer;
  &:disabled {
    opacity: 0.5;
    cursor: not-allowed;
  }
`;

function UnitPriceOf({ money }: { money: LineMoney }) {
  if (money.each === null) return null;
  const each = `${money.each} ${words.each}`;
  if (money.was === null) return <UnitPrice>{each}</UnitPrice>;
  return (
    <UnitPrice>
      <VisuallyHidden>{words.was} </VisuallyHidden>
      <s>{money.was}</s> <VisuallyHidden>{words.now} </VisuallyHidden>
      {each}
    </UnitPrice>
  );
}

/**
 * The lines of a bag: picture, name, unit price (the old one struck through when it changed),
 * what is wrong with the line, a quantity stepper, the line total and Remove, their money in the
 * shopper's market (`moneyOf`). `busy`: a change is on its way, so the quantities shown may be
 * about to change.
 */
export function BagLines({
  lines,
  moneyOf,
  busy,
  failure,
  onQuantity,
  onRemove,
}: {
  lines: BagLineView[];
  moneyOf: (line: BagLineView) => LineMoney;
  busy: boolean;
  /** The API refused a change of this line, in its words. */
  failure: { productId: string; message: string } | null;
  onQuantity: (line: BagLineView, quantity: number) => void;
  onRemove: (line: BagLineView) => void;
}) {
  return (
    <List>
      {lines.map((line) => {
        const nameId = `bag-line-${line.productId}`;
        const refused = failure?.productId === line.productId ? failure.message : null;
        const money = moneyOf(line);
        return (
          <Line key={line.productId} aria-labelledby={nameId} $problem={line.blocking}>
            {line.img ? (
              <Picture
                src={sizedImage(line.img, 'card')}
                alt=""
                width={96}
                height={72}
                loading="lazy"
              />
            ) : (
              <NoPicture />
            )}
            <Info>
              <h2 id={nameId}>{line.name}</h2>
              <UnitPriceOf money={money} />
              {money.problem && <Problem $blocking={line.blocking}>{money.problem}</Problem>}
              {refused && (
                <Problem role="alert" $blocking>
                  {refused}
                </Problem>
              )}
            </Info>
            <Side>
              <Stepper role="group" aria-label={`${words.quantity}, ${line.name}`}>
                <Step
                  type="button"
                  aria-label={words.fewer(line.name)}
                  disabled={busy || fewerOf(line) < 1}
                  onClick={() => onQuantity(line, fewerOf(line))}
                >
                  −
                </Step>
                <output aria-live="polite">{line.quantity}</output>
                <Step
                  type="button"
                  aria-label={words.more(line.name)}
                  disabled={busy || line.quantity >= line.orderable}
                  onClick={() => onQuantity(line, line.quantity + 1)}
                >
                  +
                </Step>
              </Stepper>
              <Total>
                <VisuallyHidden>{words.lineTotal}: </VisuallyHidden>
                {money.total ?? ''}
              </Total>
              <Remove
                type="button"
                disabled={busy}
                aria-describedby={nameId}
                onClick={() => onRemove(line)}
              >
                {words.remove}
              </Remove>
            </Side>
          </Line>
        );
      })}
    </List>
  );
}

import type { ReactNode } from 'react';
import styled from 'styled-components';
import type { Review } from '@contract/reviews';
import { Avatar } from './Avatar';
import { Card } from './Card';
import { Rating } from './Rating';

const Body = styled.div`
  display: flex;
  flex: 1;
  flex-direction: column;
  min-width: 0;
  /* A long unbroken word (a pasted link) breaks instead of being cut off at the card's edge. */
  overflow-wrap: anywhere;
  gap: ${({ theme }) => theme.space.md};
  padding: ${({ theme }) => theme.space.lg};
`;

const Header = styled.div`
  display: flex;
  align-items: center;
  gap: ${({ theme }) => theme.space.md};
  > div {
    min-width: 0;
  }
`;

const Name = styled.h3`
  margin: 0 0 ${({ theme }) => theme.space.xs};
  font-size: ${({ theme }) => theme.fontSizes.lg};
`;

const Quote = styled.blockquote`
  position: relative;
  margin: 0;
  padding-left: ${({ theme }) => theme.space.md};
  border-left: 3px solid ${({ theme }) => theme.colors.accent};
  color: ${({ theme }) => theme.colors.inkSoft};
  p {
    margin: 0;
  }
`;

/**
 * A customer review: photo, name, Ratings beside the stars and the text. The reviewer's
 * address is part of the record but deliberately not shown (the spec reads it, never displays it).
 */
export function ReviewCard({
  review,
  headingLevel = 3,
  children,
}: {
  review: Review;
  /** 2 on a page of cards, 3 inside a section of a longer page. */
  headingLevel?: 2 | 3;
  /** What the page adds below the text (a tyre review's size, car and distance). */
  children?: ReactNode;
}) {
  const headingId = `review-${review._id}`;
  return (
    <Card aria-labelledby={headingId}>
      <Body>
        <Header>
          <Avatar src={review.img} name={review.name} alt={`Photo of ${review.name}`} size={64} />
          <div>
            <Name as={`h${headingLevel}`} id={headingId}>
              {review.name}
            </Name>
            <Rating value={review.Ratings} />
          </div>
        </Header>
        <Quote>
          <p>{review.description}</p>
        </Quote>
        {children}
      </Body>
    </Card>
  );
}

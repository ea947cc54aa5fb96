import styled from 'styled-components';
import { media } from '../ui/theme';

const Wrapper = styled.footer`
  margin-top: ${({ theme }) => theme.space.xxl};
  background: ${({ theme }) => theme.colors.ink};
  color: #d1d5db;
`;

const Columns = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space.lg};
  max-width: ${({ theme }) => theme.maxWidth};
  margin: 0 auto;
  padding: ${({ theme }) => theme.space.xl} ${({ theme }) => theme.space.md};
  ${media.tablet} {
    grid-template-columns: repeat(3, minmax(0, 1fr));
  }
  h2 {
    margin: 0 0 ${({ theme }) => theme.space.sm};
    font-size: ${({ theme }) => theme.fontSizes.md};
    color: #fff;
  }
  ul {
    margin: 0;
    padding: 0;
    list-style: none;
  }
  address {
    font-style: normal;
  }
`;

const Copyright = styled.p`
  margin: 0;
  padding: ${({ theme }) => theme.space.md};
  border-top: 1px solid ${({ theme }) => theme.colors.steel};
  text-align: center;
  font-size: ${({ theme }) => theme.fontSizes.sm};
`;

export function Footer() {
  return (
    <Wrapper>
      <Columns>
        <section>
          <h2>Services</h2>
          <ul>
            <li>Tyre fitting and balancing</li>
            <li>Brake and suspension parts</li>
            <li>Batteries and electrics</li>
          </ul>
        </section>
        <section>
          <h2>Metal trade</h2>
          <ul>
            <li>Scrap metal buying</li>
            <li>Used rims and wheels</li>
            <li>Tyre recycling</li>
          </ul>
        </section>
        <section>
          <h2>Visit us</h2>
          <address>
            12 Foundry Lane
            <br />
            Steel Quarter, Springfield
          </address>
        </section>
      </Columns>
      <Copyright>
        Copyright © {new Date().getFullYear()} Tyre &amp; Parts. All rights reserved.
      </Copyright>
    </Wrapper>
  );
}

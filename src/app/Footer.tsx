import { Link } from 'react-router-dom';
import styled from 'styled-components';
import { copy } from '@contract/copy';
import { useRenderYear } from '../shared/renderYear';
import { media } from '../ui/theme';

const Wrapper = styled.footer`
  margin-top: ${({ theme }) => theme.space.xl};
  background: ${({ theme }) => theme.colors.ink};
  color: #d1d5db;
  border-top: 4px solid ${({ theme }) => theme.colors.accent};
`;

const Columns = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space.lg};
  max-width: ${({ theme }) => theme.maxWidth};
  margin: 0 auto;
  padding: ${({ theme }) => theme.space.xl} ${({ theme }) => theme.space.md};
  grid-template-columns: repeat(2, minmax(0, 1fr));
  ${media.desktop} {
    grid-template-columns: 1.4fr repeat(4, minmax(0, 1fr));
    padding: ${({ theme }) => theme.space.xxl} ${({ theme }) => theme.space.lg};
  }
  h2 {
    margin: 0 0 ${({ theme }) => theme.space.sm};
    font-size: ${({ theme }) => theme.fontSizes.md};
    color: #fff;
  }
  ul {
    display: grid;
    gap: ${({ theme }) => theme.space.xs};
    margin: 0;
    padding: 0;
    list-style: none;
  }
  a {
    color: #d1d5db;
    text-decoration: none;
  }
  a:hover {
    color: ${({ theme }) => theme.colors.accent};
    text-decoration: underline;
  }
  address {
    font-style: normal;
  }
  p {
    margin: 0;
  }
`;

const Brand = styled.div`
  grid-column: 1 / -1;
  ${media.desktop} {
    grid-column: auto;
  }
  p:first-child {
    margin-bottom: ${({ theme }) => theme.space.sm};
    color: #fff;
    font-size: ${({ theme }) => theme.fontSizes.lg};
    font-weight: 800;
  }
`;

const Visit = styled.section`
  p {
    margin-top: ${({ theme }) => theme.space.sm};
    color: ${({ theme }) => theme.colors.onDarkMuted};
  }
`;

const Copyright = styled.p`
  margin: 0;
  padding: ${({ theme }) => theme.space.md};
  border-top: 1px solid ${({ theme }) => theme.colors.steelLight};
  text-align: center;
  font-size: ${({ theme }) => theme.fontSizes.sm};
  color: ${({ theme }) => theme.colors.onDarkMuted};
`;

export function Footer() {
  const year = useRenderYear();
  return (
    <Wrapper>
      <Columns>
        <Brand>
          <p>Tyre &amp; Parts</p>
          <p>
            Tyres, wheels and auto parts, and a scrap metal yard that pays fairly for what you bring
            in.
          </p>
        </Brand>
        <section aria-labelledby="footer-services">
          <h2 id="footer-services">Services</h2>
          <ul>
            <li>Tyre fitting and balancing</li>
            <li>Brake and suspension parts</li>
            <li>Batteries and electrics</li>
          </ul>
        </section>
        <section aria-labelledby="footer-metal">
          <h2 id="footer-metal">Metal trade</h2>
          <ul>
            <li>Scrap metal buying</li>
            <li>Used rims and wheels</li>
            <li>Tyre recycling</li>
          </ul>
        </section>
        <nav aria-labelledby="footer-store">
          <h2 id="footer-store">Store</h2>
          <ul>
            <li>
              <Link to="/shop">{copy.nav.shop}</Link>
            </li>
            <li>
              <Link to="/review">Reviews</Link>
            </li>
            <li>
              <Link to="/about">{copy.qa.heading}</Link>
            </li>
            <li>
              <Link to="/portfolio">{copy.nav.portfolio}</Link>
            </li>
          </ul>
        </nav>
        <Visit aria-labelledby="footer-visit">
          <h2 id="footer-visit">Visit us</h2>
          <address>
            12 Foundry Lane
            <br />
            Steel Quarter, Springfield
          </address>
          <p>Mon–Sat, 8:00–18:00</p>
        </Visit>
      </Columns>
      <Copyright>Copyright © {year} Tyre &amp; Parts. All rights reserved.</Copyright>
    </Wrapper>
  );
}

import styled from 'styled-components';
import { CardGrid } from '../../ui/Grid';
import { Page, Section, SectionHeading } from '../../ui/Page';
import { media } from '../../ui/theme';
import { usePageTitle } from '../../ui/usePageTitle';
import { portfolio } from './portfolioContent';
import { ProjectCard } from './ProjectCard';

const Profile = styled.section`
  display: grid;
  justify-items: center;
  gap: ${({ theme }) => theme.space.lg};
  padding: ${({ theme }) => theme.space.xl} ${({ theme }) => theme.space.lg};
  border-radius: ${({ theme }) => theme.radii.lg};
  background:
    radial-gradient(circle at 85% 20%, rgba(245, 158, 11, 0.18), transparent 40%),
    ${({ theme }) => theme.colors.ink};
  color: ${({ theme }) => theme.colors.onDark};
  text-align: center;
  ${media.tablet} {
    grid-template-columns: auto minmax(0, 1fr);
    justify-items: start;
    align-items: center;
    gap: ${({ theme }) => theme.space.xl};
    padding: ${({ theme }) => theme.space.xl};
    text-align: left;
  }
`;

const Photo = styled.img`
  width: 160px;
  height: 160px;
  border-radius: 50%;
  object-fit: cover;
  box-shadow: 0 12px 32px rgba(0, 0, 0, 0.45);
  ${media.desktop} {
    width: 200px;
    height: 200px;
  }
`;

const Name = styled.h1`
  margin: 0;
  font-size: ${({ theme }) => theme.fontSizes.xxl};
  color: #fff;
`;

const Role = styled.p`
  margin: ${({ theme }) => theme.space.xs} 0 ${({ theme }) => theme.space.md};
  color: ${({ theme }) => theme.colors.accent};
  font-weight: 700;
  font-size: ${({ theme }) => theme.fontSizes.lg};
`;

const Summary = styled.p`
  max-width: ${({ theme }) => theme.textWidth};
  margin: 0 0 ${({ theme }) => theme.space.lg};
  color: #d1d5db;
`;

const Contact = styled.ul`
  display: flex;
  flex-wrap: wrap;
  justify-content: center;
  gap: ${({ theme }) => theme.space.sm};
  margin: 0;
  padding: 0;
  list-style: none;
  ${media.tablet} {
    justify-content: flex-start;
  }
  a {
    display: inline-flex;
    align-items: center;
    min-height: 40px;
    padding: 0 ${({ theme }) => theme.space.md};
    border: 2px solid ${({ theme }) => theme.colors.steelLight};
    border-radius: ${({ theme }) => theme.radii.round};
    color: #fff;
    font-weight: 600;
    text-decoration: none;
  }
  a:hover {
    border-color: ${({ theme }) => theme.colors.accent};
    color: ${({ theme }) => theme.colors.accent};
  }
`;

const Columns = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space.lg};
  ${media.desktop} {
    grid-template-columns: repeat(2, minmax(0, 1fr));
  }
`;

const Panel = styled.section`
  padding: ${({ theme }) => theme.space.lg};
  border: 1px solid ${({ theme }) => theme.colors.line};
  border-radius: ${({ theme }) => theme.radii.md};
  background: ${({ theme }) => theme.colors.surface};
  box-shadow: ${({ theme }) => theme.shadows.card};
  h2 {
    margin: 0 0 ${({ theme }) => theme.space.md};
    font-size: ${({ theme }) => theme.fontSizes.xl};
  }
`;

const Timeline = styled.ol`
  display: grid;
  gap: ${({ theme }) => theme.space.lg};
  margin: 0;
  padding: 0 0 0 ${({ theme }) => theme.space.lg};
  border-left: 3px solid ${({ theme }) => theme.colors.accentSoft};
  list-style: none;
  li {
    position: relative;
  }
  li::before {
    content: '';
    position: absolute;
    top: 0.35rem;
    left: calc(-${({ theme }) => theme.space.lg} - 9px);
    width: 15px;
    height: 15px;
    border-radius: 50%;
    background: ${({ theme }) => theme.colors.accent};
    box-shadow: 0 0 0 3px ${({ theme }) => theme.colors.surface};
  }
  h3 {
    margin: 0;
    font-size: ${({ theme }) => theme.fontSizes.md};
  }
  p {
    margin: ${({ theme }) => theme.space.xs} 0 0;
    color: ${({ theme }) => theme.colors.muted};
  }
`;

const Period = styled.p`
  && {
    font-size: ${({ theme }) => theme.fontSizes.sm};
    font-weight: 700;
    color: ${({ theme }) => theme.colors.accentText};
  }
`;

const SkillGroups = styled.dl`
  display: grid;
  gap: ${({ theme }) => theme.space.md};
  margin: 0;
  dt {
    margin-bottom: ${({ theme }) => theme.space.xs};
    font-weight: 700;
  }
  dd {
    margin: 0;
  }
  ul {
    display: flex;
    flex-wrap: wrap;
    gap: ${({ theme }) => theme.space.xs};
    margin: 0;
    padding: 0;
    list-style: none;
  }
  li {
    padding: ${({ theme }) => theme.space.xs} ${({ theme }) => theme.space.sm};
    border: 1px solid ${({ theme }) => theme.colors.lineStrong};
    border-radius: ${({ theme }) => theme.radii.sm};
    background: ${({ theme }) => theme.colors.surfaceAlt};
    font-size: ${({ theme }) => theme.fontSizes.sm};
    font-weight: 600;
  }
`;

const ProjectsGrid = styled(CardGrid)`
  margin-top: ${({ theme }) => theme.space.lg};
`;

/** `/portfolio`: the developer's page, drawn from `portfolioContent.ts`. */
export function PortfolioPage() {
  usePageTitle(
    'Portfolio',
    'The developer behind the store: skills, education and projects, with links to each.',
  );
  const { name, role, photo, summary, contact, education, skills, projects } = portfolio;
  return (
    <Page>
      <Profile aria-labelledby="portfolio-name">
        <Photo src={photo.src} alt={photo.alt} width={200} height={200} />
        <div>
          <Name id="portfolio-name">{name}</Name>
          <Role>{role}</Role>
          <Summary>{summary}</Summary>
          <Contact aria-label="Contact">
            {contact.map((link) => (
              <li key={link.label}>
                <a href={link.href}>{link.label}</a>
              </li>
            ))}
          </Contact>
        </div>
      </Profile>

      <Section>
        <Columns>
          <Panel aria-labelledby="portfolio-education">
            <h2 id="portfolio-education">Education</h2>
            <Timeline>
              {education.map((entry) => (
                <li key={entry.degree}>
                  <h3>{entry.degree}</h3>
                  <p>{entry.institution}</p>
                  <Period>{entry.period}</Period>
                  {entry.details && <p>{entry.details}</p>}
                </li>
              ))}
            </Timeline>
          </Panel>
          <Panel aria-labelledby="portfolio-skills">
            <h2 id="portfolio-skills">Skills</h2>
            <SkillGroups>
              {skills.map((group) => (
                <div key={group.group}>
                  <dt>{group.group}</dt>
                  <dd>
                    <ul>
                      {group.items.map((item) => (
                        <li key={item}>{item}</li>
                      ))}
                    </ul>
                  </dd>
                </div>
              ))}
            </SkillGroups>
          </Panel>
        </Columns>
      </Section>

      <section aria-labelledby="portfolio-projects">
        <SectionHeading id="portfolio-projects">Other projects</SectionHeading>
        <ProjectsGrid aria-label="Projects">
          {projects.map((project) => (
            <li key={project.name}>
              <ProjectCard project={project} />
            </li>
          ))}
        </ProjectsGrid>
      </section>
    </Page>
  );
}

import styled from 'styled-components';
import { Card, CardBody, CardMedia, CardTitle } from '../../ui/Card';
import { ExternalLink } from '../../ui/TextLink';
import type { Project } from './portfolioContent';

const Tags = styled.ul`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space.xs};
  margin: 0;
  padding: 0;
  list-style: none;
  li {
    padding: 2px ${({ theme }) => theme.space.sm};
    border-radius: ${({ theme }) => theme.radii.round};
    background: ${({ theme }) => theme.colors.background};
    color: ${({ theme }) => theme.colors.inkSoft};
    font-size: ${({ theme }) => theme.fontSizes.xs};
    font-weight: 700;
  }
`;

const Description = styled.p`
  margin: 0;
  color: ${({ theme }) => theme.colors.muted};
`;

const Links = styled.p`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space.lg};
  margin: auto 0 0;
  padding-top: ${({ theme }) => theme.space.sm};
`;

const Media = styled(CardMedia)`
  aspect-ratio: 16 / 9;
`;

/** One of the three other projects the portfolio links to. */
export function ProjectCard({ project }: { project: Project }) {
  const headingId = `project-${project.name.toLowerCase().replace(/[^a-z0-9]+/g, '-')}`;
  return (
    <Card aria-labelledby={headingId}>
      {/* The picture only illustrates the text beside it. */}
      <Media src={project.image} alt="" width={640} height={360} loading="lazy" />
      <CardBody>
        <CardTitle id={headingId}>{project.name}</CardTitle>
        <Description>{project.description}</Description>
        <Tags aria-label="Built with">
          {project.tags.map((tag) => (
            <li key={tag}>{tag}</li>
          ))}
        </Tags>
        <Links>
          <ExternalLink href={project.liveUrl} aria-describedby={headingId}>
            Live site
          </ExternalLink>
          {project.sourceUrl && (
            <ExternalLink href={project.sourceUrl} aria-describedby={headingId}>
              Source code
            </ExternalLink>
          )}
        </Links>
      </CardBody>
    </Card>
  );
}

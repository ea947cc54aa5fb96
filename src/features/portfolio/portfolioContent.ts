/**
 * Everything the portfolio page shows. A deployer edits this file, not the markup. The values
 * below are neutral placeholders: replace them with the real developer's details and photo.
 */

export interface ContactLink {
  label: string;
  href: string;
}

export interface Education {
  degree: string;
  institution: string;
  period: string;
  details?: string;
}

export interface SkillGroup {
  group: string;
  items: string[];
}

export interface Project {
  name: string;
  description: string;
  /** Picture of the project, 16:9. */
  image: string;
  tags: string[];
  liveUrl: string;
  sourceUrl?: string;
}

export interface PortfolioContent {
  name: string;
  role: string;
  /** A round photo; the placeholder is a generated avatar. */
  photo: { src: string; alt: string };
  summary: string;
  contact: ContactLink[];
  education: Education[];
  skills: SkillGroup[];
  /** The spec's "links to three other projects": exactly three. */
  projects: [Project, Project, Project];
}

export const portfolio: PortfolioContent = {
  name: 'Your Name',
  role: 'Full-stack web developer',
  photo: { src: '/images/portfolio/avatar.svg', alt: 'Portrait placeholder of the developer' },
  summary:
    'I build fast, accessible web shops and dashboards with TypeScript, React and Node.js, from the first sketch to the deployed store, and I care about the details a customer notices: clear pages, quick loading and checkouts that just work.',
  contact: [
    { label: 'Email', href: 'mailto:developer@example.com' },
    { label: 'GitHub', href: 'https://github.com/' },
    { label: 'LinkedIn', href: 'https://www.linkedin.com/' },
  ],
  education: [
    {
      degree: 'BSc in Computer Science and Engineering',
      institution: 'Your University',
      period: '2018 – 2022',
      details: 'Algorithms, databases, computer networks and software engineering.',
    },
    {
      degree: 'Higher Secondary Certificate, Science',
      institution: 'Your College',
      period: '2015 – 2017',
    },
  ],
  skills: [
    {
      group: 'Front end',
      items: [
        'TypeScript',
        'React',
        'Redux Toolkit',
        'RTK Query',
        'styled-components',
        'HTML & CSS',
      ],
    },
    {
      group: 'Back end',
      items: ['Node.js', 'Fastify', 'PostgreSQL', 'REST APIs', 'Firebase Auth'],
    },
    { group: 'Quality', items: ['Jest', 'Testing Library', 'Playwright', 'Accessibility (WCAG)'] },
    { group: 'Tools', items: ['Git', 'webpack', 'Docker', 'CI pipelines'] },
  ],
  projects: [
    {
      name: 'Workshop Booking',
      description:
        'Online booking for a car workshop: customers pick a service and a free slot, mechanics see their day on one screen.',
      image: '/images/portfolio/project-booking.svg',
      tags: ['React', 'TypeScript', 'Node.js'],
      liveUrl: 'https://example.com/workshop-booking',
      sourceUrl: 'https://github.com/',
    },
    {
      name: 'Parts Inventory Dashboard',
      description:
        'Stock levels, reorder alerts and supplier prices for a parts warehouse, with charts that load in under a second.',
      image: '/images/portfolio/project-inventory.svg',
      tags: ['React', 'Redux Toolkit', 'PostgreSQL'],
      liveUrl: 'https://example.com/parts-inventory',
      sourceUrl: 'https://github.com/',
    },
    {
      name: 'Fleet Service Tracker',
      description:
        'Service history and upcoming maintenance for a delivery fleet, with reminders before tyres and brakes wear out.',
      image: '/images/portfolio/project-fleet.svg',
      tags: ['TypeScript', 'Fastify', 'Playwright'],
      liveUrl: 'https://example.com/fleet-tracker',
      sourceUrl: 'https://github.com/',
    },
  ],
};

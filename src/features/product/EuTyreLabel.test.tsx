import { screen } from '@testing-library/react';
import type { EuLabel } from '@contract/euLabel';
import { renderPage } from '../../test/render';
import { EuTyreLabel } from './EuTyreLabel';

const label: EuLabel = {
  fuel: 'E',
  wetGrip: 'B',
  noiseDb: 68,
  noiseClass: 'A',
  snow: false,
  ice: true,
  eprel: null,
};

describe('the EU tyre label', () => {
  it('is one image whose text alternative says every value, with no EPREL number when none', () => {
    renderPage(<EuTyreLabel label={label} tyre="Nordic Ice 205/55 R16" identifier="NI-1" />);
    expect(screen.getByRole('img')).toHaveAccessibleName(
      'EU tyre label (Regulation (EU) 2020/740) for Nordic Ice 205/55 R16; ' +
        'fuel efficiency class E on a scale from A to E; wet grip class B on a scale from A to E; ' +
        'external rolling noise 68 dB, class A on a scale from A to C; ' +
        'severe snow symbol (3PMSF): no; ice symbol: yes.',
    );
  });

  it('draws both scales A to E, the arrows at the classes, the dB and the regulation', () => {
    const { container } = renderPage(
      <EuTyreLabel label={label} tyre="Nordic Ice" identifier="NI-1" />,
    );
    const texts = [...container.querySelectorAll('svg text')].map((text) => text.textContent);
    // Each scale's letters (the noise's A–C too), and the arrow's letter at the tyre's class:
    // E on both scales and fuel's arrow; B on both scales, wet grip's arrow and the noise's.
    expect(texts.filter((text) => text === 'E')).toHaveLength(3);
    expect(texts.filter((text) => text === 'B')).toHaveLength(4);
    expect(texts).toEqual(expect.arrayContaining(['EU', 'NI-1', '68 dB', '2020/740']));
  });
});

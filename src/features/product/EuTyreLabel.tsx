import styled from 'styled-components';
import { FUEL_CLASSES, NOISE_CLASSES, WET_GRIP_CLASSES, type EuLabel } from '@contract/euLabel';
import { productPageCopy } from './productPageCopy';
import { FUEL_COLOURS, WET_GRIP_COLOURS } from '../../ui/euLabelColours';

/**
 * The EU tyre label as Regulation (EU) 2020/740, Annex II, lays it out, drawn here (no picture
 * fetched): the EU flag band with the QR/EPREL area, the tyre type identifier, the fuel
 * efficiency scale A–E (green to red) and the wet-grip scale A–E (blues), each with the black
 * arrow at the tyre's class, then the external rolling noise (loudspeaker, dB and the class
 * A–C), the snow (3PMSF) and ice pictograms when the tyre has them, and the regulation's number.
 * The QR code itself is not drawn (the store makes none): its area names the EPREL number.
 * A screen reader reads one text with every value (role img, aria-label).
 */

const W = 300;
const H = 430;
/** Text on each bar: white on the dark ones, black on the light ones. */
const FUEL_INK = ['#fff', '#fff', '#000', '#000', '#fff'];
const WET_INK = ['#fff', '#fff', '#fff', '#000', '#000'];
const BAR_TOP = 148;
const BAR_STEP = 30;
const BAR_HEIGHT = 24;

const Figure = styled.figure`
  margin: 0;
  width: 100%;
  max-width: 300px;
  svg {
    display: block;
    width: 100%;
    height: auto;
  }
`;

/** The EU flag: twelve gold stars in a circle on blue. */
function Flag({ x, y }: { x: number; y: number }) {
  const stars = Array.from({ length: 12 }, (_, i) => {
    const angle = (i * Math.PI) / 6;
    return (
      <circle
        key={i}
        cx={(x + 36 + 15 * Math.sin(angle)).toFixed(1)}
        cy={(y + 24 - 15 * Math.cos(angle)).toFixed(1)}
        r="2.6"
        fill="#ffdd00"
      />
    );
  });
  return (
    <g>
      <rect x={x} y={y} width="72" height="48" fill="#003399" />
      {stars}
    </g>
  );
}

/** One scale: five bars, widening from A, and the arrow at `chosen`. */
function Scale({
  x,
  classes,
  colours,
  ink,
  chosen,
}: {
  x: number;
  classes: readonly string[];
  colours: readonly string[];
  ink: string[];
  chosen: string;
}) {
  return (
    <g>
      {classes.map((letter, i) => {
        const y = BAR_TOP + i * BAR_STEP;
        const width = 44 + i * 12;
        const tip = x + width;
        return (
          <g key={letter}>
            <path
              d={`M${x} ${y}h${width - 10}l10 ${BAR_HEIGHT / 2}l-10 ${BAR_HEIGHT / 2}h-${width - 10}z`}
              fill={colours[i]}
            />
            <text x={x + 6} y={y + 18} fill={ink[i]} fontSize="17" fontWeight="700">
              {letter}
            </text>
            {letter === chosen && (
              <g>
                <path d={`M${tip + 4} ${y + BAR_HEIGHT / 2}l12 -14h36v28h-36z`} fill="#000" />
                <text x={tip + 26} y={y + 20} fill="#fff" fontSize="20" fontWeight="800">
                  {letter}
                </text>
              </g>
            )}
          </g>
        );
      })}
    </g>
  );
}

/** The fuel pump over the fuel-efficiency scale. */
function FuelPump({ x, y }: { x: number; y: number }) {
  return (
    <g fill="none" stroke="#000" strokeWidth="2.5">
      <rect x={x} y={y} width="18" height="28" rx="2" />
      <rect x={x + 4} y={y + 4} width="10" height="8" fill="#000" />
      <path d={`M${x + 18} ${y + 8}l7 5v12a3 3 0 0 0 6 0v-16l-5 -5`} />
    </g>
  );
}

/** The cloud and rain over the wet-grip scale. */
function Rain({ x, y }: { x: number; y: number }) {
  return (
    <g stroke="#000" strokeWidth="2.5" fill="none">
      <path d={`M${x + 6} ${y + 16}a7 7 0 0 1 4 -12a9 9 0 0 1 16 2a6 6 0 0 1 2 11z`} fill="#000" />
      <path d={`M${x + 8} ${y + 22}l-3 7M${x + 17} ${y + 22}l-3 7M${x + 26} ${y + 22}l-3 7`} />
    </g>
  );
}

/** The loudspeaker with its sound waves, the dB, and A B C with the tyre's class marked. */
function Noise({ x, y, db, noiseClass }: { x: number; y: number; db: number; noiseClass: string }) {
  return (
    <g>
      <path d={`M${x} ${y + 18}h10l14 -12v40l-14 -12h-10z`} fill="#000" />
      <path
        d={`M${x + 30} ${y + 16}a14 14 0 0 1 0 20M${x + 36} ${y + 10}a22 22 0 0 1 0 32`}
        stroke="#000"
        strokeWidth="2.5"
        fill="none"
      />
      <text x={x + 46} y={y + 32} fontSize="22" fontWeight="800" fill="#000">
        {db}
        <tspan fontSize="13" fontWeight="700">
          {' '}
          dB
        </tspan>
      </text>
      {NOISE_CLASSES.map((letter, i) => {
        const chosen = letter === noiseClass;
        return (
          <g key={letter}>
            <rect
              x={x + 4 + i * 26}
              y={y + 50}
              width="22"
              height="22"
              fill={chosen ? '#000' : '#fff'}
              stroke="#000"
              strokeWidth="1.5"
            />
            <text
              x={x + 10 + i * 26}
              y={y + 67}
              fontSize="15"
              fontWeight="800"
              fill={chosen ? '#fff' : '#000'}
            >
              {letter}
            </text>
          </g>
        );
      })}
    </g>
  );
}

/** The three-peak mountain with the snowflake (3PMSF). */
function Snow({ x, y }: { x: number; y: number }) {
  const cx = x + 30;
  const cy = y + 46;
  return (
    <g>
      <path d={`M${x} ${y + 62}l16 -34l8 12l10 -24l10 20l6 -8l14 34z`} fill="#000" />
      <g stroke="#fff" strokeWidth="2">
        <path d={`M${cx - 8} ${cy}h16M${cx - 4} ${cy - 7}l8 14M${cx - 4} ${cy + 7}l8 -14`} />
      </g>
    </g>
  );
}

/** The ice pictogram: a block of ice with its cracks. */
function Ice({ x, y }: { x: number; y: number }) {
  return (
    <g>
      <path d={`M${x + 4} ${y + 62}l8 -40l22 -8l24 12l6 36z`} fill="#000" />
      <path
        d={`M${x + 20} ${y + 30}l8 12l-6 10M${x + 40} ${y + 26}l-4 14l10 8`}
        stroke="#fff"
        strokeWidth="2"
        fill="none"
      />
    </g>
  );
}

export function EuTyreLabel({
  label,
  tyre,
  identifier,
}: {
  label: EuLabel;
  /** The product's name, said in the text alternative. */
  tyre: string;
  /** The tyre type identifier printed under the flag band (the product's SKU). */
  identifier: string;
}) {
  const copy = productPageCopy.label;
  const pictograms = [label.snow ? 'snow' : null, label.ice ? 'ice' : null].filter(Boolean);
  return (
    <Figure>
      <svg
        viewBox={`0 0 ${W} ${H}`}
        role="img"
        aria-label={copy.text(label, tyre)}
        xmlns="http://www.w3.org/2000/svg"
        fontFamily="Arial, Helvetica, sans-serif"
      >
        <rect
          x="1"
          y="1"
          width={W - 2}
          height={H - 2}
          rx="6"
          fill="#fff"
          stroke="#000"
          strokeWidth="2"
        />
        {/* The flag band: the EU flag and mark, and the QR/EPREL area on the right. */}
        <rect x="1" y="1" width={W - 2} height="64" rx="6" fill="#003399" />
        <Flag x={10} y={9} />
        <text x="92" y="46" fill="#fff" fontSize="30" fontWeight="800">
          EU
        </text>
        <rect x="200" y="8" width="90" height="50" fill="#fff" stroke="#000" />
        <text x="245" y="28" textAnchor="middle" fontSize="12" fontWeight="700">
          {copy.noEprel}
        </text>
        <text x="245" y="46" textAnchor="middle" fontSize="11">
          {label.eprel ?? '—'}
        </text>
        {/* The tyre type identifier. */}
        <text x={W / 2} y="92" textAnchor="middle" fontSize="14" fontWeight="700">
          {identifier}
        </text>
        <line x1="10" y1="104" x2={W - 10} y2="104" stroke="#000" />
        <FuelPump x={52} y={112} />
        <Rain x={200} y={112} />
        <Scale
          x={10}
          classes={FUEL_CLASSES}
          colours={FUEL_COLOURS}
          ink={FUEL_INK}
          chosen={label.fuel}
        />
        <Scale
          x={156}
          classes={WET_GRIP_CLASSES}
          colours={WET_GRIP_COLOURS}
          ink={WET_INK}
          chosen={label.wetGrip}
        />
        <line x1="150" y1="112" x2="150" y2="290" stroke="#000" />
        <line x1="10" y1="300" x2={W - 10} y2="300" stroke="#000" />
        <Noise x={12} y={310} db={label.noiseDb} noiseClass={label.noiseClass} />
        {pictograms.map((kind, i) =>
          kind === 'snow' ? (
            <Snow key={kind} x={150 + i * 74} y={310} />
          ) : (
            <Ice key={kind} x={150 + i * 74} y={310} />
          ),
        )}
        <text x={W - 12} y={H - 14} textAnchor="end" fontSize="12" fontWeight="700">
          {copy.regulation}
        </text>
      </svg>
    </Figure>
  );
}

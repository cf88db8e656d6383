import { CROWN_PATH } from './govuk-logo-paths';

const CIRCLES: [number, number][] = [
  [20, 17.6],
  [10.2, 23.5],
  [3.7, 33.2],
  [31.7, 30.6],
  [43.3, 17.6],
  [53.2, 23.5],
  [59.7, 33.2],
];

/** The crown shared by the header logo and the footer. */
export function CrownShape() {
  return (
    <g>
      {CIRCLES.map(([cx, cy]) => (
        <circle cx={cx} cy={cy} r="3.7" key={`${cx}-${cy}`} />
      ))}
      <path d={CROWN_PATH} />
    </g>
  );
}

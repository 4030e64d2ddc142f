import { Link } from 'react-router';
import { paths } from '../../config/paths';

/** The shop's name as a home link: "Stitch & Trim" over a small "Supplies". */
export function ShopLogo() {
  return (
    <Link to={paths.home.href()} className="flex items-center gap-2 rounded-md">
      {/* The logo drawn as PNG (scripts/draw-icons.mjs), not /favicon.svg: a phone builds a whole
          document for an SVG picture, a task of 10–40 ms on the first visit (issue 26). */}
      <img src="/icons/icon-192.png" alt="" width={32} height={32} className="size-8" />
      <span className="flex flex-col leading-none">
        <span className="font-display text-lg font-semibold">Stitch &amp; Trim</span>
        <span className="text-[0.65rem] font-semibold tracking-[0.3em] uppercase opacity-90">Supplies</span>
      </span>
    </Link>
  );
}

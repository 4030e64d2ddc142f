import { Quote } from 'lucide-react';
import { useEffect, useState } from 'react';

export const TESTIMONIAL_ROTATION_MS = 8000; // SPEC.md §9
const MAX_RATING = 5;

export const testimonials = [
  {
    name: 'Adaeze Okafor',
    picture: 'adaeze-okafor',
    rating: 5,
    role: 'Bridal designer, Lekki',
    quote: 'The French lace I ordered matched the photos exactly. My brides notice the difference.',
  },
  {
    name: 'Tunde Bakare',
    picture: 'tunde-bakare',
    rating: 5,
    role: 'Tailor, Yaba',
    quote: 'Buttons and zips arrive the next day, so I never keep a client waiting for a fitting.',
  },
  {
    name: 'Funmi Adeyemi',
    picture: 'funmi-adeyemi',
    rating: 5,
    role: 'Aso-ebi stylist, Ikeja',
    quote: 'Rhinestones in every size I need, and they answered my questions like real tailors.',
  },
  {
    name: 'Chinedu Eze',
    picture: 'chinedu-eze',
    rating: 4,
    role: 'Fashion student, Unilag',
    quote: 'Fair prices on ribbons and trims for my coursework, and the quality holds up on the runway.',
  },
  {
    name: 'Halima Bello',
    picture: 'halima-bello',
    rating: 5,
    role: 'Boutique owner, Surulere',
    quote: 'I stock my shop from here. Orders are packed carefully and always complete.',
  },
] as const;

/** 1 to 5 stars, read out as one sentence. */
function Rating({ value }: { value: number }) {
  return (
    <p role="img" aria-label={`Rated ${value} out of ${MAX_RATING}`} className="mt-4 text-xl tracking-widest">
      {Array.from({ length: MAX_RATING }, (_, index) => (
        <span
          // biome-ignore lint/suspicious/noArrayIndexKey: the stars are positions, not items
          key={index}
          aria-hidden="true"
          className={index < value ? 'text-gold-500 dark:text-gold-300' : 'text-stone-300 dark:text-stone-600'}
        >
          ★
        </span>
      ))}
    </p>
  );
}

/** Five testimonials, one at a time, moving on every 8 s unless the visitor hovers or focuses it. */
export function Testimonials() {
  const [active, setActive] = useState(0);
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  const paused = hovered || focused;

  useEffect(() => {
    if (paused) return;
    const timer = setInterval(() => setActive((index) => (index + 1) % testimonials.length), TESTIMONIAL_ROTATION_MS);
    return () => clearInterval(timer);
  }, [paused]);

  const current = testimonials[active] ?? testimonials[0];
  return (
    <section
      aria-labelledby="testimonials-title"
      aria-roledescription="carousel"
      className="render-when-near mx-auto max-w-3xl px-4 py-14 text-center sm:px-6"
      onMouseEnter={() => setHovered(true)}
      onMouseLeave={() => setHovered(false)}
      onFocus={() => setFocused(true)}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setFocused(false);
      }}
      data-paused={paused ? 'true' : 'false'}
    >
      <h2 id="testimonials-title" className="text-2xl font-semibold sm:text-3xl">
        What Our Customers Say
      </h2>
      {/* Announced only when paused: a region that changes every 8 s would talk over the page. */}
      <figure
        aria-live={paused ? 'polite' : 'off'}
        aria-roledescription="slide"
        aria-label={`${active + 1} of ${testimonials.length}`}
        data-testid="testimonial"
        className="mt-8 min-h-48 rounded-2xl bg-white p-8 shadow-sm dark:bg-stone-900"
      >
        <Quote aria-hidden="true" className="mx-auto size-8 text-gold-500" />
        <blockquote className="mt-4 text-lg text-stone-800 dark:text-stone-200">“{current.quote}”</blockquote>
        <Rating value={current.rating} />
        <figcaption className="mt-4 flex items-center justify-center gap-3 text-sm">
          {/* Drawn by apps/web/scripts/draw-pictures.mjs: a small file, fetched only when scrolled near. */}
          <img
            src={`/pictures/testimonials/${current.picture}.webp`}
            width={56}
            height={56}
            loading="lazy"
            decoding="async"
            alt=""
            className="size-14 rounded-full"
          />
          <span>
            <span className="font-semibold">{current.name}</span>
            <span className="text-stone-600 dark:text-stone-400"> · {current.role}</span>
          </span>
        </figcaption>
      </figure>
      <div className="mt-4 flex justify-center gap-1">
        {testimonials.map((testimonial, index) => (
          <button
            key={testimonial.name}
            type="button"
            aria-label={`Show testimonial ${index + 1}`}
            aria-current={index === active ? 'true' : undefined}
            onClick={() => setActive(index)}
            className="flex size-6 items-center justify-center rounded-full"
          >
            <span
              aria-hidden="true"
              className={`block size-2.5 rounded-full ${index === active ? 'bg-wine-700 dark:bg-gold-300' : 'bg-stone-300 dark:bg-stone-600'}`}
            />
          </button>
        ))}
      </div>
    </section>
  );
}

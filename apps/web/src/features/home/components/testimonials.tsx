import { Quote } from 'lucide-react';
import { useEffect, useState } from 'react';

export const TESTIMONIAL_ROTATION_MS = 8000; // SPEC.md §9

export const testimonials = [
  {
    name: 'Adaeze Okafor',
    role: 'Bridal designer, Lekki',
    quote: 'The French lace I ordered matched the photos exactly. My brides notice the difference.',
  },
  {
    name: 'Tunde Bakare',
    role: 'Tailor, Yaba',
    quote: 'Buttons and zips arrive the next day, so I never keep a client waiting for a fitting.',
  },
  {
    name: 'Funmi Adeyemi',
    role: 'Aso-ebi stylist, Ikeja',
    quote: 'Rhinestones in every size I need, and they answered my questions like real tailors.',
  },
  {
    name: 'Chinedu Eze',
    role: 'Fashion student, Unilag',
    quote: 'Fair prices on ribbons and trims for my coursework, and the quality holds up on the runway.',
  },
  {
    name: 'Halima Bello',
    role: 'Boutique owner, Surulere',
    quote: 'I stock my shop from here. Orders are packed carefully and always complete.',
  },
] as const;

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
      className="mx-auto max-w-3xl px-4 py-14 text-center sm:px-6"
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
        <figcaption className="mt-4 text-sm">
          <span className="font-semibold">{current.name}</span>
          <span className="text-stone-600 dark:text-stone-400"> · {current.role}</span>
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

import { useEffect, useState } from 'react';
import { cn } from '../../ui/cn';
import { useMediaQuery } from '../../ui/useMediaQuery';
import { TESTIMONIALS } from './content';
import { TESTIMONIAL_ROTATION_MS, nextTestimonial, shouldRotate } from './rotation';

/** Four quotes, one shown at a time and rotating; four avatar buttons choose one, exactly one active (docs/PRODUCT.md#landing). */
export function Testimonials() {
  const [active, setActive] = useState(0);
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  const reducedMotion = useMediaQuery('(prefers-reduced-motion: reduce)');
  const rotating = shouldRotate({ hovered, focused, reducedMotion });

  useEffect(() => {
    if (!rotating) return;
    const timer = window.setTimeout(() => setActive((index) => nextTestimonial(index, TESTIMONIALS.length)), TESTIMONIAL_ROTATION_MS);
    return () => window.clearTimeout(timer);
  }, [rotating, active]);

  const current = TESTIMONIALS[active]!;
  return (
    <div
      className="mx-auto max-w-3xl text-center"
      onPointerEnter={() => setHovered(true)}
      onPointerLeave={() => setHovered(false)}
      onFocus={() => setFocused(true)}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget)) setFocused(false);
      }}
    >
      {/* Announced when the reader chooses a quote, not every few seconds while it rotates on its own. */}
      <figure aria-live={rotating ? 'off' : 'polite'} className="min-h-48" data-testimonial-active={active}>
        <blockquote className="font-serif text-xl leading-relaxed text-ink sm:text-2xl">&ldquo;{current.quote}&rdquo;</blockquote>
        <figcaption className="mt-4 text-sm text-muted">
          <span className="font-semibold text-ink">{current.name}</span> · {current.role}
        </figcaption>
      </figure>
      <div role="group" aria-label="Choose a testimonial" className="mt-6 flex justify-center gap-3">
        {TESTIMONIALS.map((person, index) => (
          <button
            key={person.name}
            type="button"
            aria-pressed={index === active}
            // The initials shown are part of the name a voice-control user would say (WCAG 2.5.3, label in name).
            aria-label={`${person.initials}: ${person.name}, ${person.role}`}
            onClick={() => setActive(index)}
            className={cn(
              'flex size-12 cursor-pointer items-center justify-center rounded-full border-2 text-sm font-semibold transition-colors',
              index === active ? 'border-accent bg-accent text-white' : 'border-line-strong bg-surface text-ink-soft hover:border-accent',
            )}
          >
            <span aria-hidden="true">{person.initials}</span>
          </button>
        ))}
      </div>
    </div>
  );
}

import {
  formatQuantity,
  hundredthsToUnits,
  isLengthUnit,
  parseQuantity,
  QUANTITY_MESSAGES,
  quantityLabel,
  quantityMessage,
  quantityRule,
  quantityText,
  type SaleTerms,
} from '@shop/shared';
import { Minus, Plus } from 'lucide-react';
import { type KeyboardEvent, useId, useRef, useState } from 'react';
import { IconButton } from '../../../components/ui/icon-button';
import { useAppStarted } from '../../../lib/use-app-started';
import { useTypedBeforeStart } from '../../../lib/use-typed-before-start';

/** Why a typed quantity is refused (the shared rule's message), or null when the line may take it. */
export function typedQuantityProblem(terms: SaleTerms, stockHundredths: number, typed: string): string | null {
  const hundredths = parseQuantity(typed);
  if (hundredths === null) return QUANTITY_MESSAGES.invalid;
  return quantityMessage(terms, stockHundredths, hundredths);
}

/**
 * A quantity of the product's unit of sale (integer hundredths, units.ts), by typing ("2.5")
 * or with − and +, which move by the step within the shared quantity rule. A typed quantity
 * the rule refuses (off the step, under the minimum, over the line maximum or the stock) is
 * never quietly changed into another: the field keeps what was typed, says why under it, and
 * the line keeps its last good quantity until the visitor types one the rule allows.
 */
export function QuantitySelector({
  terms,
  stockHundredths,
  value,
  onChange,
  onProblem,
  productName,
  compact = false,
}: {
  terms: SaleTerms;
  stockHundredths: number;
  /** In hundredths of the unit. */
  value: number;
  onChange: (hundredths: number) => void;
  /** Told when the field holds a quantity the rule refuses (the message) and when it no longer does (null). */
  onProblem?: (message: string | null) => void;
  /** Names the product in the buttons' and field's names, where several selectors share a screen (the cart). */
  productName?: string;
  /** The cart's smaller layout: the label read by screen readers only. */
  compact?: boolean;
}) {
  const id = useId();
  const problemId = `${id}-problem`;
  const wordsId = `${id}-words`;
  const rule = quantityRule(terms, stockHundredths);
  // What the visitor is typing, until it is committed (blur or Enter); null shows the quantity.
  const [draft, setDraft] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);

  const report = (message: string | null) => {
    setProblem(message);
    onProblem?.(message);
  };
  const step = (direction: 1 | -1) => {
    const next = Math.min(Math.max(value + direction * rule.step, rule.min), Math.max(rule.min, rule.max));
    setDraft(null);
    report(null);
    if (next !== value) onChange(next);
  };
  const commitText = (text: string) => {
    const message = typedQuantityProblem(terms, stockHundredths, text);
    if (message) {
      setDraft(text);
      report(message);
      return;
    }
    const hundredths = parseQuantity(text) as number;
    setDraft(null);
    report(null);
    if (hundredths !== value) onChange(hundredths);
  };
  const commit = () => {
    if (draft !== null) commitText(draft);
  };
  // On a drawn product page the quantity may be typed before the app starts: it is the quantity
  // then, checked as if typed now, so the cart never gets another amount than the one on screen.
  const inputRef = useRef<HTMLInputElement>(null);
  // Its buttons need the app: drawn disabled, like Add to Cart beside them (the field takes typing).
  const started = useAppStarted();
  useTypedBeforeStart(inputRef, (typed) => {
    if (typed !== quantityText(value)) commitText(typed);
  });
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Enter') {
      // Inside a form, Enter would send it with the quantity unchecked.
      event.preventDefault();
      commit();
    } else if (event.key === 'ArrowUp' || event.key === 'ArrowDown') {
      event.preventDefault();
      step(event.key === 'ArrowUp' ? 1 : -1);
    }
  };

  const label = quantityLabel(terms.unit);
  const suffix = productName ? ` of ${productName}` : '';
  const showWords = terms.unit !== 'piece';
  const target = compact ? 'size-11 sm:size-8' : 'size-11 sm:size-9';
  return (
    <div className="flex flex-col gap-1">
      <div className="flex flex-wrap items-center gap-2">
        <label htmlFor={id} className={compact ? 'sr-only' : 'text-sm font-medium'}>
          {`${label}${suffix}`}
        </label>
        <IconButton
          label={`Decrease quantity${suffix}`}
          className={`${target} border border-stone-300 disabled:opacity-40 dark:border-stone-600`}
          disabled={!started || value <= rule.min}
          onClick={() => step(-1)}
        >
          <Minus aria-hidden="true" className="size-4" />
        </IconButton>
        <input
          ref={inputRef}
          id={id}
          type="text"
          role="spinbutton"
          inputMode={isLengthUnit(terms.unit) ? 'decimal' : 'numeric'}
          autoComplete="off"
          aria-valuemin={hundredthsToUnits(rule.min)}
          aria-valuemax={hundredthsToUnits(Math.max(rule.min, rule.max))}
          aria-valuenow={hundredthsToUnits(value)}
          aria-valuetext={formatQuantity(terms, value)}
          aria-invalid={problem ? true : undefined}
          aria-describedby={[problem ? problemId : '', showWords ? wordsId : ''].filter(Boolean).join(' ') || undefined}
          value={draft ?? quantityText(value)}
          onChange={(event) => {
            setDraft(event.target.value);
            if (problem) report(null);
          }}
          onBlur={commit}
          onKeyDown={onKeyDown}
          className={`${compact ? 'h-11 w-16 sm:h-8' : 'h-11 w-20 sm:h-9'} rounded-lg border bg-white px-2 text-center tabular-nums dark:bg-stone-900 ${
            problem ? 'border-red-600 dark:border-red-400' : 'border-stone-300 dark:border-stone-600'
          }`}
        />
        <IconButton
          label={`Increase quantity${suffix}`}
          className={`${target} border border-stone-300 disabled:opacity-40 dark:border-stone-600`}
          disabled={!started || value >= rule.max}
          onClick={() => step(1)}
        >
          <Plus aria-hidden="true" className="size-4" />
        </IconButton>
        {showWords && (
          <span id={wordsId} className="text-sm text-stone-700 dark:text-stone-300" data-testid="quantity-words">
            {`= ${formatQuantity(terms, value)}`}
          </span>
        )}
      </div>
      {problem && (
        <p id={problemId} role="alert" className="text-sm text-red-700 dark:text-red-300">
          {problem}
        </p>
      )}
    </div>
  );
}

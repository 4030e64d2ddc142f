import { Minus, Plus } from 'lucide-react';
import { useId } from 'react';
import { IconButton } from '../../../components/ui/icon-button';

/** A whole number from 1 to `max` (the stock), by typing or with − and +. */
export function QuantitySelector({
  value,
  max,
  onChange,
}: {
  value: number;
  max: number;
  onChange: (value: number) => void;
}) {
  const id = useId();
  const upper = Math.max(1, max);
  const set = (next: number) => onChange(Math.max(1, Math.min(upper, Number.isFinite(next) ? Math.floor(next) : 1)));
  return (
    <div className="flex items-center gap-2">
      <label htmlFor={id} className="text-sm font-medium">
        Quantity
      </label>
      <IconButton
        label="Decrease quantity"
        className="size-9 border border-stone-300 disabled:opacity-40 dark:border-stone-600"
        disabled={value <= 1}
        onClick={() => set(value - 1)}
      >
        <Minus aria-hidden="true" className="size-4" />
      </IconButton>
      <input
        id={id}
        type="number"
        inputMode="numeric"
        min={1}
        max={upper}
        value={value}
        onChange={(event) => set(event.target.valueAsNumber)}
        className="w-16 rounded-lg border border-stone-300 bg-white px-2 py-1.5 text-center dark:border-stone-600 dark:bg-stone-900"
      />
      <IconButton
        label="Increase quantity"
        className="size-9 border border-stone-300 disabled:opacity-40 dark:border-stone-600"
        disabled={value >= upper}
        onClick={() => set(value + 1)}
      >
        <Plus aria-hidden="true" className="size-4" />
      </IconButton>
    </div>
  );
}

import {
  breakSavingPercent,
  DEFAULT_MIN_HUNDREDTHS,
  DEFAULT_STEP_HUNDREDTHS,
  formatPriceBreak,
  isLengthUnit,
  nairaToKobo,
  PRICE_BREAKS_MAX,
  type ProductFormValues,
  parseQuantity,
  quantityText,
  SALE_UNITS,
  type SaleUnit,
} from '@shop/shared';
import { Plus, X } from 'lucide-react';
import { useRef } from 'react';
import { type UseFormReturn, useFieldArray, useWatch } from 'react-hook-form';
import { Button } from '../../../../components/ui/button';
import { TextField } from '../../../../components/ui/form-field';
import { SelectField } from '../../../../components/ui/select-field';
import type { ProductFormInput } from '../product-form-data';

// How a product is sold, in the admin's product form (units.ts): the unit, a length's step and
// minimum, a pack's size and what it holds, and the price breaks. The rules and their messages
// are productFormSchema's (saleTermsRefinement), so the form and the server say the same.

export const UNIT_NAMES: Readonly<Record<SaleUnit, string>> = {
  piece: 'Piece',
  yard: 'Yard',
  metre: 'Metre',
  pack: 'Pack',
};

const UNIT_PLURALS: Readonly<Record<SaleUnit, string>> = {
  piece: 'pieces',
  yard: 'yards',
  metre: 'metres',
  pack: 'packs',
};

/** "Stock (yards)", "Stock (packs)"; pieces keep the plain "Stock" the form always had. */
export const stockLabel = (unit: SaleUnit) => (unit === 'piece' ? 'Stock' : `Stock (${UNIT_PLURALS[unit]})`);

const errorClass = 'mt-1 text-sm text-red-700 dark:text-red-300';
const hintClass = 'mt-1 text-xs text-stone-500 dark:text-stone-400';

/** The unit select and the fields that go with the chosen unit. */
export function SaleUnitFields({ form }: { form: UseFormReturn<ProductFormInput, unknown, ProductFormValues> }) {
  const {
    register,
    control,
    setValue,
    getValues,
    clearErrors,
    formState: { errors },
  } = form;
  const unit = useWatch({ control, name: 'unit' });
  const previous = useRef<SaleUnit>(getValues('unit'));
  const plural = UNIT_PLURALS[unit];

  const onUnitChange = () => {
    const next = getValues('unit');
    const before = previous.current;
    previous.current = next;
    // A length keeps what was typed when it becomes another length; otherwise the new unit's
    // defaults are written in (0.5 and 1 for a length) or cleared (pieces and packs take theirs).
    if (!(isLengthUnit(before) && isLengthUnit(next))) {
      const length = isLengthUnit(next);
      setValue('step', length ? quantityText(DEFAULT_STEP_HUNDREDTHS[next]) : '');
      setValue('minQuantity', length ? quantityText(DEFAULT_MIN_HUNDREDTHS[next]) : '');
    }
    if (next !== 'pack') {
      setValue('packSize', '');
      setValue('packItemName', '');
    }
    clearErrors(['step', 'minQuantity', 'packSize', 'packItemName', 'stock']);
  };

  return (
    <>
      <SelectField label="Sold by" error={errors.unit?.message} {...register('unit', { onChange: onUnitChange })}>
        {SALE_UNITS.map((value) => (
          <option key={value} value={value}>
            {UNIT_NAMES[value]}
          </option>
        ))}
      </SelectField>
      {isLengthUnit(unit) && (
        <>
          <TextField
            label={`Step (${plural})`}
            inputMode="decimal"
            autoComplete="off"
            hint={`Customers buy in steps of this much, e.g. 0.5 ${plural}`}
            error={errors.step?.message}
            {...register('step')}
          />
          <TextField
            label={`Minimum (${plural})`}
            inputMode="decimal"
            autoComplete="off"
            hint="The least one order line may take"
            error={errors.minQuantity?.message}
            {...register('minQuantity')}
          />
        </>
      )}
      {unit === 'pack' && (
        <>
          <TextField
            label="Pack size"
            inputMode="numeric"
            autoComplete="off"
            hint="How many items one pack holds, e.g. 12"
            error={errors.packSize?.message}
            {...register('packSize')}
          />
          <TextField
            label="Each pack holds"
            autoComplete="off"
            hint="What the items are, plural, e.g. buttons (empty: pieces)"
            error={errors.packItemName?.message}
            {...register('packItemName')}
          />
        </>
      )}
    </>
  );
}

/**
 * The price breaks: rows of a quantity and a price per unit, at most PRICE_BREAKS_MAX, each
 * written as the product page will say it, with its saving against the price.
 */
export function PriceBreaksFields({ form }: { form: UseFormReturn<ProductFormInput, unknown, ProductFormValues> }) {
  const {
    register,
    control,
    formState: { errors },
  } = form;
  const rows = useFieldArray({ control, name: 'priceBreaks' });
  const [unit, packSize, price, breaks] = useWatch({ control, name: ['unit', 'packSize', 'price', 'priceBreaks'] });
  // The unit's own name is its singular: "per yard", "per pack".
  const one = unit;
  const quantityUnit = unit === 'piece' ? '' : ` (${UNIT_PLURALS[unit]})`;
  const terms = { unit, packSize: /^\d+$/.test(packSize) ? Number(packSize) : null };
  const priceKobo = nairaToKobo(String(price ?? ''));
  const listError = errors.priceBreaks?.root?.message ?? errors.priceBreaks?.message;

  /** "10 yards or more: ₦1,050 / yard, saves 12%", once the row reads as a break below the price. */
  const summary = (row: { minQuantity: string; price: string } | undefined) => {
    const minHundredths = parseQuantity(row?.minQuantity ?? '');
    const breakKobo = nairaToKobo(row?.price ?? '');
    if (!minHundredths || breakKobo === null) return undefined;
    const line = formatPriceBreak(terms, { minHundredths, priceKobo: breakKobo });
    const saving = priceKobo === null ? 0 : breakSavingPercent(priceKobo, breakKobo);
    return saving > 0 ? `${line}, saves ${saving}%` : line;
  };

  return (
    <fieldset>
      <legend className="mb-1 text-sm font-medium text-stone-800 dark:text-stone-200">Price breaks</legend>
      <p className="mb-2 text-xs text-stone-500 dark:text-stone-400">
        A lower price per {one} from a quantity on, e.g. from 10 {UNIT_PLURALS[unit]}. Each break is below the price and
        the break before it.
      </p>
      {rows.fields.length === 0 && <p className="text-sm text-stone-500 dark:text-stone-400">No price breaks.</p>}
      <ul className="space-y-3">
        {rows.fields.map((field, index) => {
          const n = index + 1;
          const text = summary(breaks?.[index]);
          return (
            <li key={field.id} data-testid="price-break">
              <div className="grid grid-cols-[1fr_1fr_auto] items-start gap-2">
                <TextField
                  label={`Break ${n}: from quantity${quantityUnit}`}
                  inputMode="decimal"
                  autoComplete="off"
                  error={errors.priceBreaks?.[index]?.minQuantity?.message}
                  {...register(`priceBreaks.${index}.minQuantity`)}
                />
                <TextField
                  label={`Break ${n}: price per ${one} (₦)`}
                  inputMode="decimal"
                  autoComplete="off"
                  error={errors.priceBreaks?.[index]?.price?.message}
                  {...register(`priceBreaks.${index}.price`)}
                />
                <button
                  type="button"
                  onClick={() => rows.remove(index)}
                  aria-label={`Remove price break ${n}`}
                  className="mt-7 inline-flex size-10 items-center justify-center rounded-full text-stone-600 hover:bg-linen-100 focus-visible:outline-2 focus-visible:outline-wine-700 dark:text-stone-300 dark:hover:bg-stone-800"
                >
                  <X aria-hidden="true" className="size-5" />
                </button>
              </div>
              {text && (
                <p className={hintClass} data-testid="price-break-summary">
                  {text}
                </p>
              )}
            </li>
          );
        })}
      </ul>
      {listError && (
        <p role="alert" className={errorClass}>
          {listError}
        </p>
      )}
      {rows.fields.length < PRICE_BREAKS_MAX ? (
        <Button variant="ghost" className="mt-2" onClick={() => rows.append({ minQuantity: '', price: '' })}>
          <Plus aria-hidden="true" className="size-4" /> Add price break
        </Button>
      ) : (
        <p className={hintClass}>At most {PRICE_BREAKS_MAX} price breaks.</p>
      )}
    </fieldset>
  );
}

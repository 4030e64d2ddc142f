import { isLagos, LAGOS_AREAS, NIGERIAN_STATE_OPTIONS, type ShippingDetails } from '@shop/shared';
import { type Control, type FieldErrors, type UseFormRegister, useWatch } from 'react-hook-form';
import { TextField } from '../../../components/ui/form-field';
import { SelectField } from '../../../components/ui/select-field';

/**
 * The state of the shipping address, and in Lagos its local government area (decision 021). In
 * Nigeria the state is chosen from the 36 states and the FCT; when it is Lagos, a required "Area
 * (local government)" list of its 20 LGAs appears. In other countries the state is typed. Both
 * keep the form's names `state` and `area`, and the form keeps their values while the customer
 * switches country or state back and forth (a value that does not belong is not sent on).
 */
export function NigerianAddressFields({
  control,
  register,
  errors,
}: {
  control: Control<ShippingDetails>;
  register: UseFormRegister<ShippingDetails>;
  errors: FieldErrors<ShippingDetails>;
}) {
  const [country, state] = useWatch({ control, name: ['country', 'state'] });
  if (country !== 'Nigeria') {
    return (
      <TextField label="State" autoComplete="address-level1" error={errors.state?.message} {...register('state')} />
    );
  }
  return (
    <>
      <SelectField label="State" autoComplete="address-level1" error={errors.state?.message} {...register('state')}>
        <option value="">Choose your state</option>
        {NIGERIAN_STATE_OPTIONS.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </SelectField>
      {isLagos(state) && (
        <SelectField label="Area (local government)" error={errors.area?.message} {...register('area')}>
          <option value="">Choose your area</option>
          {LAGOS_AREAS.map((area) => (
            <option key={area} value={area}>
              {area}
            </option>
          ))}
        </SelectField>
      )}
    </>
  );
}

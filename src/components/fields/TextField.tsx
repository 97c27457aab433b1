import type { InputHTMLAttributes } from 'react';
import Field from '../ui/Field';
import { controlClass } from './field-styles';
import { type TextLikeFieldProps, useTextLikeField } from './text-like-field';

type NativeProps = Omit<
  InputHTMLAttributes<HTMLInputElement>,
  'onChange' | 'value' | 'defaultValue' | 'required' | 'name' | 'id' | 'className' | 'children'
>;

export interface TextFieldProps extends NativeProps, TextLikeFieldProps {}

/** A labelled text input with a visible error state (red border, linked error text, aria-invalid). */
export default function TextField({ onBlur, type = 'text', ...props }: TextFieldProps) {
  const { field, frame, name, native, bind } = useTextLikeField(props);
  return (
    <Field {...frame}>
      {(control) => (
        <input
          {...native}
          {...control}
          {...bind(onBlur)}
          name={name}
          type={type}
          className={controlClass(Boolean(field.error))}
        />
      )}
    </Field>
  );
}

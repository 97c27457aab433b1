import type { TextareaHTMLAttributes } from 'react';
import Field from '../ui/Field';
import { controlClass } from './field-styles';
import { type TextLikeFieldProps, useTextLikeField } from './text-like-field';

type NativeProps = Omit<
  TextareaHTMLAttributes<HTMLTextAreaElement>,
  'onChange' | 'value' | 'defaultValue' | 'required' | 'name' | 'id' | 'className' | 'children'
>;

/** `optionalLabel`: notes are optional (SPEC.md §5). */
export interface TextAreaProps extends NativeProps, TextLikeFieldProps {}

/** A multi-line text field, e.g. notes, with the same label and error behaviour as TextField. */
export default function TextArea({ onBlur, rows = 4, ...props }: TextAreaProps) {
  const { field, frame, name, native, bind } = useTextLikeField(props);
  return (
    <Field {...frame}>
      {(control) => (
        <textarea
          {...native}
          {...control}
          {...bind(onBlur)}
          name={name}
          rows={rows}
          className={controlClass(Boolean(field.error), 'min-h-24 resize-y')}
        />
      )}
    </Field>
  );
}

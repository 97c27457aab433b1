import { useEffect, useRef, useState } from 'react';
import { FieldError, FieldHint, FieldLabel, useFieldIds } from './FieldParts';
import { describedBy } from './field-styles';
import { useFormSubmitValidation } from './form-validation';

export interface PhotoUploadProps {
  name: string;
  label: string;
  id?: string;
  /** The "(optional)" suffix; photo upload is optional (SPEC.md §5). */
  optionalLabel?: string;
  required?: boolean;
  requiredMessage?: string;
  /** Accepted types; images by default. */
  accept?: string;
  /** Largest accepted file in bytes, with the text shown when exceeded. */
  maxBytes?: number;
  tooLargeMessage?: string;
  /** Alt text of the preview and the label of the remove button. */
  previewAlt?: string;
  removeLabel?: string;
  hint?: string;
  onChange?: (file: File | null) => void;
  className?: string;
}

/** A file input for one image, with a preview of the chosen photo. Posts as multipart form data. */
export default function PhotoUpload({
  name,
  label,
  id,
  optionalLabel,
  required = false,
  requiredMessage = 'This field is required',
  accept = 'image/*',
  maxBytes,
  tooLargeMessage = 'This file is too large',
  previewAlt = '',
  removeLabel = 'Remove',
  hint,
  onChange,
  className,
}: PhotoUploadProps) {
  const { controlId: inputId, errorId, hintId } = useFieldIds(id, 'file');
  const rootRef = useRef<HTMLDivElement>(null);
  const inputRef = useRef<HTMLInputElement>(null);
  const [file, setFile] = useState<File | null>(null);
  const [preview, setPreview] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);

  // The object URL lives as long as its file is chosen.
  useEffect(() => {
    if (!file?.type.startsWith('image/') || typeof URL.createObjectURL !== 'function') {
      setPreview(null);
      return;
    }
    const url = URL.createObjectURL(file);
    setPreview(url);
    return () => URL.revokeObjectURL(url);
  }, [file]);

  const check = (chosen: File | null): string | null => {
    if (!chosen) return required ? requiredMessage : null;
    if (maxBytes !== undefined && chosen.size > maxBytes) return tooLargeMessage;
    return null;
  };

  useFormSubmitValidation(rootRef, () => {
    const problem = check(file);
    setError(problem);
    return problem === null;
  });

  const choose = (chosen: File | null) => {
    setFile(chosen);
    setError(check(chosen));
    onChange?.(chosen);
  };

  return (
    <div ref={rootRef} className={className}>
      <FieldLabel htmlFor={inputId} required={required} optionalLabel={optionalLabel}>
        {label}
      </FieldLabel>
      <input
        ref={inputRef}
        id={inputId}
        name={name}
        type="file"
        accept={accept}
        onChange={(event) => choose(event.target.files?.[0] ?? null)}
        required={required}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(hint && hintId, error && errorId)}
        className={[
          'block w-full rounded-lg border bg-white text-sm text-gray-700 shadow-sm',
          'focus:outline-none focus-visible:outline-none focus:ring-2 focus:ring-primary',
          'file:mr-3 file:cursor-pointer file:border-0 file:bg-primary-soft file:px-3 file:py-2 file:font-medium file:text-primary-strong',
          error ? 'border-danger' : 'border-gray-300',
        ].join(' ')}
      />
      {hint && <FieldHint id={hintId}>{hint}</FieldHint>}
      <FieldError id={errorId} message={error} />
      {file && (
        <div className="mt-2 flex items-center gap-3">
          {preview && (
            <img src={preview} alt={previewAlt} className="h-16 w-16 rounded-lg border border-gray-200 object-cover" />
          )}
          <span className="min-w-0 flex-1 truncate text-sm text-gray-700">{file.name}</span>
          <button
            type="button"
            className="rounded-lg px-2 py-1 text-sm font-medium text-primary-strong underline hover:bg-primary-soft"
            onClick={() => {
              if (inputRef.current) inputRef.current.value = '';
              choose(null);
              inputRef.current?.focus();
            }}
          >
            {removeLabel}
          </button>
        </div>
      )}
    </div>
  );
}

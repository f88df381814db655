import { Eye, EyeOff } from 'lucide-react';
import { useState, type ComponentProps } from 'react';
import { MIN_PASSWORD_LENGTH } from '../api/account-schemas.ts';
import { TextField } from '@/components/ui/text-field';

/** A password input with a show / hide toggle and, for new passwords, a live length hint. */
export function PasswordField({
  isNew = false,
  hint,
  ...props
}: Omit<ComponentProps<typeof TextField>, 'type'> & { isNew?: boolean }) {
  const [visible, setVisible] = useState(false);
  const length = typeof props.value === 'string' ? props.value.length : 0;
  const lengthHint = isNew
    ? length === 0
      ? `At least ${MIN_PASSWORD_LENGTH} characters. A few unrelated words make a strong one.`
      : length < MIN_PASSWORD_LENGTH
        ? `${length} of at least ${MIN_PASSWORD_LENGTH} characters.`
        : `${length} characters — long enough.`
    : undefined;
  return (
    <TextField
      type={visible ? 'text' : 'password'}
      autoComplete={isNew ? 'new-password' : 'current-password'}
      {...props}
      hint={hint ?? lengthHint}
    >
      <button
        type="button"
        onClick={() => setVisible((current) => !current)}
        aria-label={visible ? `Hide ${props.label.toLowerCase()}` : `Show ${props.label.toLowerCase()}`}
        aria-pressed={visible}
        className="absolute top-1/2 right-1 flex size-9 -translate-y-1/2 items-center justify-center rounded-md text-muted-foreground hover:bg-muted hover:text-foreground focus-visible:outline-2 focus-visible:outline-ring [&_svg]:size-5"
      >
        {visible ? <EyeOff aria-hidden="true" /> : <Eye aria-hidden="true" />}
      </button>
    </TextField>
  );
}

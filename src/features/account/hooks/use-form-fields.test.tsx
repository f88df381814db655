import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import * as z from 'zod/mini';
import { fieldErrors } from '../api/account-schemas.ts';
import { TextField } from '@/components/ui/text-field';
import { useFormFields } from './use-form-fields.ts';

const Schema = z.object({
  email: z.string().check(z.minLength(1, 'Enter your e-mail address.')),
  password: z.string().check(z.minLength(8, 'Use at least 8 characters.')),
});

function Form({ onValid }: { onValid: (values: { email: string; password: string }) => void }) {
  const form = useFormFields({ email: '', password: '' }, (values) => fieldErrors(Schema, values));
  return (
    <form id={form.formId} aria-label="Test" noValidate onSubmit={form.handleSubmit(onValid)}>
      <TextField label="E-mail" {...form.field('email')} />
      <TextField label="Password" {...form.field('password')} />
      <button type="submit">Go</button>
    </form>
  );
}

describe('useFormFields', () => {
  it('waits for the first blur before checking, then checks as you type', () => {
    render(<Form onValid={vi.fn()} />);
    const email = screen.getByLabelText('E-mail');
    fireEvent.change(email, { target: { value: 'a' } });
    expect(email.getAttribute('aria-invalid')).toBeNull();
    fireEvent.blur(email);
    fireEvent.change(email, { target: { value: '' } });
    expect(email.getAttribute('aria-invalid')).toBe('true');
    const describedBy = email.getAttribute('aria-describedby') ?? '';
    expect(document.getElementById(describedBy)?.textContent).toBe('Enter your e-mail address.');
  });

  it('focuses the first invalid field on submit and keeps the values', () => {
    const onValid = vi.fn();
    render(<Form onValid={onValid} />);
    fireEvent.change(screen.getByLabelText('E-mail'), { target: { value: 'me@example.test' } });
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'short' } });
    fireEvent.click(screen.getByRole('button', { name: 'Go' }));
    expect(onValid).not.toHaveBeenCalled();
    expect(document.activeElement).toBe(screen.getByLabelText('Password'));
    expect((screen.getByLabelText('Password') as HTMLInputElement).value).toBe('short');
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'long-enough' } });
    fireEvent.click(screen.getByRole('button', { name: 'Go' }));
    expect(onValid).toHaveBeenCalledWith({ email: 'me@example.test', password: 'long-enough' });
  });
});

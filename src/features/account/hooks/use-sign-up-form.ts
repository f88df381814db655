import { fieldErrors } from '../api/account-schemas.ts';
import { authErrorField, authErrorMessage } from '../api/auth-error-message.ts';
import { SignUpInputSchema, useSignUp } from '../api/sign-up.ts';
import { useFormFields } from './use-form-fields.ts';

/**
 * The sign-up form's state: its fields (checked as the schema says), the submit that creates the
 * account (or turns this browser's guest session into one), a server error on its field, and any
 * other error for the form's alert.
 */
export function useSignUpForm(initialEmail = '') {
  const signUp = useSignUp();
  const form = useFormFields({ email: initialEmail, password: '' }, (values) => fieldErrors(SignUpInputSchema, values));
  const onSubmit = form.handleSubmit((values) =>
    signUp.mutate(values, {
      onError: (error) => {
        const field = authErrorField(error);
        if (field === 'email' || field === 'password') form.setServerError(field, authErrorMessage(error));
      },
    }),
  );
  const formError = signUp.isError && !authErrorField(signUp.error) ? authErrorMessage(signUp.error) : null;
  return { signUp, form, onSubmit, formError };
}

/**
 * The receipt address a guest gives at checkout, checked as public.contact_email_problem checks it
 * (the database has the last word): null when it will do.
 */
export function contactEmailProblem(email: string): string | null {
  const trimmed = email.trim();
  if (trimmed === '') return 'Enter the e-mail address for your receipt.';
  if (trimmed.length > 254) return 'The e-mail address is longer than 254 characters.';
  if (!/^[^@\s]+@[^@\s]+\.[^@\s]+$/.test(trimmed)) return 'Enter an e-mail address such as name@example.com.';
  return null;
}

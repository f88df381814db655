import { describe, expect, it } from 'vitest';
import { contactEmailProblem } from './contact-email.ts';

describe('contactEmailProblem', () => {
  it('accepts an address, spaces around it included', () => {
    expect(contactEmailProblem('ada@example.com')).toBeNull();
    expect(contactEmailProblem('  ada.lovelace+shop@mail.example.ie ')).toBeNull();
  });

  it('says what is missing or wrong', () => {
    expect(contactEmailProblem('   ')).toBe('Enter the e-mail address for your receipt.');
    expect(contactEmailProblem('ada@example')).toBe('Enter an e-mail address such as name@example.com.');
    expect(contactEmailProblem('ada example@x.com')).toBe('Enter an e-mail address such as name@example.com.');
    expect(contactEmailProblem(`${'a'.repeat(250)}@example.com`)).toBe('The e-mail address is longer than 254 characters.');
  });
});

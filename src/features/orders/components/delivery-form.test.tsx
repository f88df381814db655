import { fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import type { DeliveryDraft, DeliveryProblems } from '../api/delivery-schema.ts';
import { DeliveryFields } from './delivery-form.tsx';

function Harness({ initial, problems = {} }: { initial: DeliveryDraft; problems?: DeliveryProblems }) {
  const [draft, setDraft] = useState(initial);
  return <DeliveryFields draft={draft} problems={problems} onChange={setDraft} />;
}

const EMPTY: DeliveryDraft = { full_name: '', line1: '', line2: '', postcode: '', city: '', country: '', phone: '' };

describe('DeliveryFields', () => {
  it('starts with no country chosen when none is given, and its hints follow the country chosen', () => {
    render(<Harness initial={EMPTY} />);
    const country = screen.getByLabelText('Country');
    expect(country).toHaveProperty('value', '');
    expect(screen.getByRole('option', { name: 'Choose a country' })).toHaveProperty('disabled', true);
    expect(screen.getByLabelText(/^Phone/).getAttribute('aria-describedby')).toBeTruthy();
    expect(screen.getByText('For the courier, such as +353 85 012 3456')).toBeDefined();

    fireEvent.change(country, { target: { value: 'DE' } });
    expect(screen.queryByRole('option', { name: 'Choose a country' })).toBeNull();
    expect(screen.getByText('For the courier, such as +49 1512 3456789')).toBeDefined();
    expect(screen.getByText('Such as 10115')).toBeDefined();
    fireEvent.change(country, { target: { value: 'NL' } });
    expect(screen.getByText('For the courier, such as +31 6 12345678')).toBeDefined();
    expect(screen.getByText('Such as 1011 AB')).toBeDefined();
  });

  it('reads each problem with its field, beside the hint', () => {
    render(<Harness initial={{ ...EMPTY, country: 'DE', postcode: 'ABCDE' }} problems={{ postcode: 'A German postcode has 5 digits, such as 10115.' }} />);
    const postcode = screen.getByLabelText('Postcode');
    expect(postcode.getAttribute('aria-invalid')).toBe('true');
    const described = (postcode.getAttribute('aria-describedby') ?? '').split(' ').map((id) => document.getElementById(id)?.textContent);
    expect(described).toEqual(['Such as 10115', 'A German postcode has 5 digits, such as 10115.']);
  });
});

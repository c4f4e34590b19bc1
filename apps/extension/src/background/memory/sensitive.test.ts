import { describe, expect, it } from 'vitest';
import { sensitiveCategory } from './sensitive';

describe('sensitiveCategory', () => {
  it('knows listed sites, at any subdomain', () => {
    expect(sensitiveCategory('www.chase.com')).toBe('banking');
    expect(sensitiveCategory('secure.paypal.com')).toBe('banking');
    expect(sensitiveCategory('mail.google.com')).toBe('webmail');
    expect(sensitiveCategory('outlook.live.com')).toBe('webmail');
    expect(sensitiveCategory('www.pornhub.com')).toBe('adult');
    expect(sensitiveCategory('mychart.example-health.org')).toBe('health');
    expect(sensitiveCategory('www.nhs.uk')).toBe('health');
  });

  it('reads clear words in a host', () => {
    expect(sensitiveCategory('online.firstcitizensbank.com')).toBe('banking');
    expect(sensitiveCategory('webmail.example.org')).toBe('webmail');
    expect(sensitiveCategory('patient.riverside-hospital.org')).toBe('health');
    expect(sensitiveCategory('bank.localhost')).toBe('banking');
  });

  it('leaves ordinary sites alone, Gmail apart from Google', () => {
    expect(sensitiveCategory('www.google.com')).toBeNull();
    expect(sensitiveCategory('docs.google.com')).toBeNull();
    expect(sensitiveCategory('en.wikipedia.org')).toBeNull();
    expect(sensitiveCategory('www.essex.ac.uk')).toBeNull();
    expect(sensitiveCategory('127.0.0.1')).toBeNull();
    expect(sensitiveCategory('react.dev')).toBeNull();
  });
});

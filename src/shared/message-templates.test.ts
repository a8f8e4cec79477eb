import { describe, expect, it } from 'vitest';
import { renderTemplate, unknownPlaceholders } from './message-templates';

const values = {
  firstName: 'Ada',
  company: 'Example Ltd',
  statusLink: 'https://example.com/status?token=abc',
  supportEmail: 'support@example.com',
};

describe('renderTemplate', () => {
  it('replaces every known placeholder, each time it appears', () => {
    expect(
      renderTemplate(
        '{firstName}, {firstName} at {company}: {statusLink} ({supportEmail})',
        values,
      ),
    ).toBe('Ada, Ada at Example Ltd: https://example.com/status?token=abc (support@example.com)');
  });

  it('leaves unknown placeholders and lone braces visible', () => {
    expect(renderTemplate('Hi {name}, {firstName} {FirstName} { firstName } {}', values)).toBe(
      'Hi {name}, Ada {FirstName} { firstName } {}',
    );
  });

  it('puts a value in as written, never reading placeholders or $ patterns in it', () => {
    expect(renderTemplate('{firstName}', { ...values, firstName: '{company} $& $1' })).toBe(
      '{company} $& $1',
    );
  });
});

describe('unknownPlaceholders', () => {
  it('names each unknown placeholder once, in order', () => {
    expect(unknownPlaceholders('{team} {firstName} {name} {team}')).toEqual(['team', 'name']);
    expect(unknownPlaceholders('{firstName} {company} {statusLink} {supportEmail}')).toEqual([]);
  });
});

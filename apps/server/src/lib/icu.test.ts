import { describe, expect, it } from 'vitest';
import { compile, format } from './icu.ts';

describe('ICU messages', () => {
  const tickets = compile('{n, plural, =0 {ninguna} one {# entrada} other {# entradas de {name}}}');

  it('picks the exact branch, then the language plural rule, and writes # in the language', () => {
    expect(format('es', tickets, { n: 0, name: 'Ana' })).toBe('ninguna');
    expect(format('es', tickets, { n: 1, name: 'Ana' })).toBe('1 entrada');
    expect(format('es', tickets, { n: 12345, name: 'Ana' })).toBe('12.345 entradas de Ana');
    expect(format('en', tickets, { n: 2, name: 'Ann' })).toBe('2 entradas de Ann');
  });

  it('selects, and leaves a missing parameter visible', () => {
    const kind = compile('{k, select, a {Alfa} other {Otro}} {x}');
    expect(format('ca', kind, { k: 'a', x: 1 })).toBe('Alfa 1');
    expect(format('ca', kind, { k: 'z' })).toBe('Otro {x}');
  });
});

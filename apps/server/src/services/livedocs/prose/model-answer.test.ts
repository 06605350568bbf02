import { describe, expect, it } from 'vitest';
import { limitText, MAX_FIELD_CHARS, parseModelJson, toProseResult } from './model-answer';
import { scaleFacts } from '../../../test/prose-facts';

describe('parseModelJson', () => {
  it('reads a bare object, a ```json fence and an object inside chatter', () => {
    expect(parseModelJson('{"summary": "y"}')).toEqual({ summary: 'y' });
    expect(parseModelJson('```json\n{"summary": "x"}\n```')).toEqual({ summary: 'x' });
    expect(parseModelJson('Sure! ```JSON\n{"a": 1}\n``` Done')).toEqual({ a: 1 });
    expect(parseModelJson('Here it is: {"a": {"b": 2}} hope it helps')).toEqual({ a: { b: 2 } });
  });

  it('answers null for arrays, broken JSON and plain text', () => {
    expect(parseModelJson('[1, 2]')).toBeNull();
    expect(parseModelJson('{"summary": "cut off')).toBeNull();
    expect(parseModelJson('{summary: no quotes}')).toBeNull();
    expect(parseModelJson('I cannot help with that.')).toBeNull();
  });
});

describe('limitText', () => {
  it('keeps short text and cuts long text at a sentence end', () => {
    expect(limitText('Short.', 10)).toBe('Short.');
    expect(limitText('First sentence. Second sentence runs long.', 24)).toBe('First sentence.');
  });

  it('cuts hard with an ellipsis when no sentence ends in the second half', () => {
    const cut = limitText('x'.repeat(50), 20);
    expect(cut).toBe(`${'x'.repeat(19)}…`);
    expect(limitText('word '.repeat(2000)).length).toBeLessThanOrEqual(MAX_FIELD_CHARS);
  });
});

describe('toProseResult', () => {
  it('keeps string fields, trimmed, and drops empty and non-string ones', () => {
    expect(
      toProseResult(
        { summary: '  Scales `values`.  ', description: '', returns: 42, notes: ' . ' },
        scaleFacts(),
      ),
    ).toEqual({ summary: 'Scales `values`.' });
  });

  it('keeps exactly the signature parameters: extras ignored, missing ones absent', () => {
    const result = toProseResult(
      { params: { values: 'Numbers to scale.', extra: 'Not a parameter.', factor: 7 } },
      scaleFacts(),
    );
    expect(result).toEqual({ params: { values: 'Numbers to scale.' } });
  });

  it('accepts a rest parameter named without its dots, keyed as in the signature', () => {
    expect(toProseResult({ params: { rest: 'More numbers.' } }, scaleFacts())).toEqual({
      params: { '...rest': 'More numbers.' },
    });
  });

  it('leaves params out when none is usable, or when params is not an object', () => {
    expect(toProseResult({ params: { values: '' } }, scaleFacts())).toEqual({});
    expect(toProseResult({ params: ['values'] }, scaleFacts())).toEqual({});
  });

  it('checks every field, parameters included, against the known symbols', () => {
    const result = toProseResult(
      {
        summary: 'Doubles each value with `add`. Clamps with `clampAll()`.',
        description: 'Called by `report.render`; multiplies by `factor`.',
        params: { values: 'Passed to normalize(values) first.', factor: 'Scales `math.scale`.' },
        returns: 'A `Vector2.fromArray` value.',
      },
      scaleFacts(),
    );
    expect(result).toEqual({
      summary: 'Doubles each value with `add`.',
      description: 'Called by `report.render`; multiplies by `factor`.',
      params: { factor: 'Scales `math.scale`.' },
    });
  });

  it('limits each field to MAX_FIELD_CHARS', () => {
    const long = 'This sentence is fine. '.repeat(400);
    const result = toProseResult({ description: long }, scaleFacts());
    expect(result.description!.length).toBeLessThanOrEqual(MAX_FIELD_CHARS);
    expect(result.description!.endsWith('fine.')).toBe(true);
  });
});

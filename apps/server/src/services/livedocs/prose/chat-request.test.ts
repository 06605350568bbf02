import { describe, expect, it } from 'vitest';
import { chatRequestBody, codeForModel, MAX_CODE_CHARS } from './chat-request';
import { scaleFacts } from '../../../test/prose-facts';

describe('chatRequestBody', () => {
  it('asks for a JSON object at temperature 0.2 with the system prompt first', () => {
    const body = chatRequestBody(scaleFacts(), 'llama3') as {
      model: string;
      temperature: number;
      response_format: unknown;
      messages: { role: string; content: string }[];
    };
    expect(body.model).toBe('llama3');
    expect(body.temperature).toBe(0.2);
    expect(body.response_format).toEqual({ type: 'json_object' });
    expect(body.messages.map((m) => m.role)).toEqual(['system', 'user']);
    expect(body.messages[0]!.content).toContain('"summary": string');
  });

  it('lists at most 30 callers and callees', () => {
    const many = Array.from({ length: 50 }, (_, i) => `f${i}`);
    const body = chatRequestBody(scaleFacts({ calls: many, calledBy: many }), 'm') as {
      messages: { content: string }[];
    };
    const sent = JSON.parse(body.messages[1]!.content);
    expect(sent.calls).toHaveLength(30);
    expect(sent.called_by).toHaveLength(30);
  });
});

describe('codeForModel', () => {
  it('keeps short code as it is', () => {
    expect(codeForModel('return 1;')).toBe('return 1;');
  });

  it('cuts long code at a line end and marks it', () => {
    expect(codeForModel('aaaa\nbbbb\ncccc', 12)).toBe('aaaa\nbbbb\n… (truncated)');
    expect(codeForModel('x'.repeat(MAX_CODE_CHARS + 1))).toBe(
      `${'x'.repeat(MAX_CODE_CHARS)}\n… (truncated)`,
    );
  });
});

import { APICallError } from 'ai';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../config';
import { classifyFailure, createAiGateway, parseModelSpec } from './ai.gateway';
import { splitParagraphs, toResponse } from './ai.nodes';

const ids = () => {
  let n = 0;
  return () => `new${++n}`;
};

describe('mapping model output to editor nodes', () => {
  it('splits on blank lines and joins soft line breaks', () => {
    expect(splitParagraphs('One\ncontinued.\n\n\nTwo.\r\n\r\nThree.')).toEqual(['One continued.', 'Two.', 'Three.']);
  });

  it('keeps selected ids in order for a rewrite and gives extra paragraphs fresh ids', () => {
    const { rewrittenNodesInfo } = toResponse({ operationType: 'rewrite', text: 'A.\n\nB.\n\nC.', nodeIds: ['x', 'y'], newId: ids() });
    expect(rewrittenNodesInfo.nodes.map((n) => n.attrs.id)).toEqual(['x', 'y', 'new1']);
  });

  it('gives inserted paragraphs fresh ids and a filled sentence a text node', () => {
    expect(toResponse({ operationType: 'insertContent', text: 'A.', nodeIds: ['x'], newId: ids() }).rewrittenNodesInfo.nodes[0]!.attrs.id).toBe('new1');
    expect(toResponse({ operationType: 'fillSentence', text: ' It ends\nhere. ', nodeIds: [], newId: ids() }).sentenceNode).toEqual({
      type: 'text',
      text: 'It ends here.',
    });
  });
});

describe('the AI gateway configuration', () => {
  it('parses provider:model once, keeping colons in the model name', () => {
    expect(parseModelSpec('openai-compatible:llama3.1:8b')).toEqual({ provider: 'openai-compatible', modelId: 'llama3.1:8b' });
  });

  it('treats a tier without credentials as not configured, in plain words', () => {
    const gateway = createAiGateway({ config: loadConfig({ ANTHROPIC_API_KEY: 'k' }) });
    expect(gateway.isConfigured('premium')).toBe(true);
    expect(gateway.isConfigured('fast')).toBe(false);
    expect(() => gateway.assertConfigured('fast')).toThrow('AI is not set up on this server.');
  });

  it('refuses a model spec of an unknown provider at startup', () => {
    expect(() => loadConfig({ AI_FAST_MODEL: 'openai:gpt-4o' })).toThrow(/AI_FAST_MODEL/);
  });

  it('classifies provider failures without echoing the provider text', () => {
    const err = (statusCode: number) => new APICallError({ message: 'secret prompt echo', url: 'u', requestBodyValues: {}, statusCode });
    expect(classifyFailure(err(429)).kind).toBe('rate_limited');
    expect(classifyFailure(err(503)).kind).toBe('provider_unavailable');
    expect(classifyFailure(err(400))).toEqual({ kind: 'provider_error', message: 'the AI provider refused the request (HTTP 400).' });
  });
});

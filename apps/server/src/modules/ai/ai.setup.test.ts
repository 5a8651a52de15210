import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../config';
import { createAiGateway, parseModelSpec } from './ai.gateway';
import { createTranscriptionGateway } from './ai.transcription';
import { describeAiSetup, isLocalHost, modelLabel, presentAiConfig, usableTier } from './ai.setup';

const label = (spec: string, env: Record<string, string> = {}) => modelLabel(parseModelSpec(spec), loadConfig(env).ai);
const setupOf = (env: Record<string, string>) => {
  const config = loadConfig(env);
  return describeAiSetup(config, createAiGateway({ config }).isConfigured, createTranscriptionGateway({ config }).isConfigured());
};

describe('naming the configured models', () => {
  it('names a model on this machine or its network "(local)"', () => {
    const local = (url: string) => label('openai-compatible:llama3.1', { AI_OPENAI_COMPATIBLE_BASE_URL: url });
    expect(local('http://localhost:11434/v1')).toBe('llama3.1 (local)');
    expect(local('http://127.0.0.1:8000/v1')).toBe('llama3.1 (local)');
    expect(local('http://[::1]:11434/v1')).toBe('llama3.1 (local)');
    expect(local('http://192.168.1.20:11434/v1')).toBe('llama3.1 (local)');
    expect(local('http://10.0.0.5/v1')).toBe('llama3.1 (local)');
    expect(local('http://172.20.0.3:8080/v1')).toBe('llama3.1 (local)');
    expect(local('http://ollama:11434/v1')).toBe('llama3.1 (local)');
    expect(local('http://gpu-box.local:11434/v1')).toBe('llama3.1 (local)');
    expect(local('http://host.docker.internal:11434/v1')).toBe('llama3.1 (local)');
  });

  it('keeps the model id as configured, colons and slashes included', () => {
    expect(label('openai-compatible:llama3.1:8b', { AI_OPENAI_COMPATIBLE_BASE_URL: 'http://localhost:11434/v1' })).toBe('llama3.1:8b (local)');
    expect(label('openai-compatible:meta-llama/llama-3.1-8b-instruct', { AI_OPENAI_COMPATIBLE_BASE_URL: 'https://openrouter.ai/api/v1' })).toBe(
      'meta-llama/llama-3.1-8b-instruct',
    );
  });

  it('names a hosted model by its provider, and never shows a URL or a host', () => {
    expect(label('google:gemini-2.5-flash')).toBe('gemini-2.5-flash (Google)');
    expect(label('anthropic:claude-sonnet-4-5')).toBe('claude-sonnet-4-5 (Anthropic)');
    expect(label('anthropic:claude-sonnet-4-5', { ANTHROPIC_BASE_URL: 'https://proxy.example.com/v1' })).toBe('claude-sonnet-4-5 (Anthropic)');
    expect(label('anthropic:claude-sonnet-4-5', { ANTHROPIC_BASE_URL: 'http://localhost:4000/v1' })).toBe('claude-sonnet-4-5 (local)');
    expect(label('openai-compatible:gpt-4o-mini', { AI_OPENAI_COMPATIBLE_BASE_URL: 'https://api.example.com/v1' })).toBe('gpt-4o-mini');
  });

  it('tells local hosts from public ones', () => {
    for (const host of [
      'localhost',
      'app.localhost',
      '127.0.0.1',
      '::1',
      '[::1]',
      '0.0.0.0',
      '172.16.0.1',
      '169.254.1.1',
      'fd12:3456::1',
      'fe80::1',
      '::ffff:192.168.0.2',
      'nas.lan',
      'box.home.arpa',
    ]) {
      expect(isLocalHost(host), host).toBe(true);
    }
    for (const host of ['api.openai.com', '8.8.8.8', '172.32.0.1', '2001:db8::1', 'localhost.example.com', '']) {
      expect(isLocalHost(host), host).toBe(false);
    }
  });
});

describe('the AI setup of a server', () => {
  it('without any provider: both tiers unavailable, one note per tier naming what to set', () => {
    const setup = setupOf({});
    expect(setup.tiers).toEqual({
      fast: { available: false, model: 'gemini-2.5-flash (Google)' },
      premium: { available: false, model: 'claude-sonnet-4-5 (Anthropic)' },
    });
    expect(setup.notes.map((n) => [n.tier, n.model])).toEqual([
      ['fast', 'google:gemini-2.5-flash'],
      ['premium', 'anthropic:claude-sonnet-4-5'],
      ['transcription', 'google:gemini-2.5-flash'],
    ]);
    expect(setup.transcription).toEqual({ available: false, model: 'gemini-2.5-flash (Google)' });
    expect(setup.notes[2]?.advice).toContain('GOOGLE_GENERATIVE_AI_API_KEY');
    expect(setup.notes[0]?.advice).toContain('GOOGLE_GENERATIVE_AI_API_KEY');
    expect(setup.notes[0]?.advice).toContain('AI_FAST_MODEL');
    expect(setup.notes[1]?.advice).toContain('ANTHROPIC_API_KEY');
    expect(setup.notes[1]?.advice).toContain('AI_PREMIUM_MODEL');
  });

  it('with one local model for both tiers: both available, no notes', () => {
    const setup = setupOf({
      AI_FAST_MODEL: 'openai-compatible:llama3.1',
      AI_PREMIUM_MODEL: 'openai-compatible:llama3.1',
      AI_OPENAI_COMPATIBLE_BASE_URL: 'http://localhost:11434/v1',
      AI_TRANSCRIPTION_MODEL: 'openai-compatible:whisper-large-v3',
    });
    expect(setup.transcription).toEqual({ available: true, model: 'whisper-large-v3 (local)' });
    expect(setup.tiers.fast).toEqual({ available: true, model: 'llama3.1 (local)' });
    expect(setup.tiers.premium).toEqual({ available: true, model: 'llama3.1 (local)' });
    expect(setup.notes).toEqual([]);
  });

  it('gives the notes to administrators only', () => {
    const setup = setupOf({});
    expect(presentAiConfig(setup, { isAdmin: false })).toEqual({ tiers: setup.tiers, transcription: setup.transcription });
    expect(presentAiConfig(setup, { isAdmin: true })).toEqual({ tiers: setup.tiers, transcription: setup.transcription, setup: setup.notes });
  });

  it('uses the other tier when only it has a provider', () => {
    const only = (tier: string) => (t: string) => t === tier;
    expect(usableTier('premium', only('fast'))).toBe('fast');
    expect(usableTier('fast', only('premium'))).toBe('premium');
    expect(usableTier('premium', only('premium'))).toBe('premium');
    expect(usableTier('premium', () => true)).toBe('premium');
    expect(usableTier('fast', () => false)).toBe('fast');
  });
});

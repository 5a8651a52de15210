// The landing page's words (docs/PRODUCT.md#landing). Kept apart from the layout so the
// copy reads in one place; `{name}` in a string is the product name from GET /api/config.

/** Model providers Bree's assistant and dictation can run on (README's AI variables), shown as the providers strip. */
export const PROVIDERS = ['Google Gemini', 'Anthropic Claude', 'OpenAI', 'Ollama', 'vLLM', 'OpenRouter', 'Groq', 'Deepgram'] as const;

/** The four feature cards, in order. */
export const FEATURES = [
  {
    title: "Author's Voice",
    body: 'Import a few pieces you have written. {name} studies your sentences, rhythm and word choice, writes you a plain-language style guide you can edit, and every suggestion follows it.',
  },
  {
    title: 'Writing Tools',
    body: 'Select a passage and Enhance, Modify with your own instruction, Shrink, Expand, Add Content, Fill Paragraph or Fill Sentence. Each suggestion sits beside the original until you accept or reject it.',
  },
  {
    title: 'Workspaces',
    body: 'Turn one master draft into variants — a thread of posts, a story, a shorter or longer cut — each kept in step with the master and exported together.',
  },
  {
    title: 'Voice Transcription',
    body: 'Talk through an idea and watch the words appear. Dictation can polish what you said into your written voice, ready to edit.',
  },
] as const;

/** Who it is for: the four kinds of writer the product serves. */
export const AUDIENCES = [
  { title: 'Authors', body: 'Keep a book in chapters, try a scene two ways, and tighten prose without losing the voice readers know.' },
  { title: 'Non-fiction writers', body: 'Expand notes into clear explanations, condense long passages, and keep every version of an argument.' },
  { title: 'Marketers', body: 'Write one launch piece, then repurpose it into posts and threads that still sound like your brand.' },
  { title: 'Content creators', body: 'Dictate on the move, draft on your phone, finish at your desk — the same documents everywhere.' },
] as const;

/** Testimonials (four). `initials` draw each avatar. */
export const TESTIMONIALS = [
  {
    name: 'Maya Okafor',
    role: 'Novelist',
    initials: 'MO',
    quote: 'It is the first assistant whose suggestions I keep. After a few chapters it knew I hate adverbs and love short paragraphs.',
  },
  {
    name: 'Daniel Weiss',
    role: 'Technical writer',
    initials: 'DW',
    quote: 'We run it on our own server with a local model. Nothing leaves the building, and the editing tools are just as good.',
  },
  {
    name: 'Priya Raman',
    role: 'Content marketer',
    initials: 'PR',
    quote: 'One article becomes a thread, a newsletter and a short version in minutes — and all of them sound like us, not like a robot.',
  },
  {
    name: 'Tomás Alvarez',
    role: 'Podcaster and blogger',
    initials: 'TA',
    quote: 'I dictate on walks and tidy up at home. Version history means I never worry about trying a bold rewrite.',
  },
] as const;

export type Verdict = 'good' | 'warn' | 'bad';

/** The comparison table's columns: traditional editors, generic AI tools and the product. */
export const COMPARISON_COLUMNS = ['Traditional editors', 'Generic AI tools', '{name}'] as const;

/** Rows of the comparison: one verdict and a short note per column, in the columns' order. */
export const COMPARISON_ROWS: ReadonlyArray<{ feature: string; cells: readonly [Verdict, Verdict, Verdict] }> = [
  { feature: 'Writes in your own voice', cells: ['bad', 'warn', 'good'] },
  { feature: 'AI rewrites beside the original', cells: ['bad', 'warn', 'good'] },
  { feature: 'Works with any model, local ones too', cells: ['bad', 'bad', 'good'] },
  { feature: 'Your documents never train AI models', cells: ['good', 'warn', 'good'] },
  { feature: 'Version history and offline saving', cells: ['warn', 'bad', 'good'] },
  { feature: 'Self-hostable and open', cells: ['warn', 'bad', 'good'] },
];

/** What each verdict means, for its icon's text alternative. */
export const VERDICT_LABELS: Record<Verdict, string> = { good: 'Yes', warn: 'Partly', bad: 'No' };

/** Why choose the product. */
export const REASONS = [
  {
    title: 'Any model, even a local one',
    body: 'Use Gemini, Claude, or any OpenAI-compatible endpoint such as Ollama or vLLM. With a local model your writing never leaves your server.',
  },
  { title: 'Yours to host', body: '{name} is open and runs as one process on your own machine, with an embedded database or your PostgreSQL.' },
  {
    title: 'Private by design',
    body: 'Your documents are never stored for, or used for, training AI models, AI providers are bound not to retain them, and every workspace is isolated.',
  },
  {
    title: 'Nothing gets lost',
    body: 'Every save keeps a version you can preview and restore, and edits made offline are saved the moment you are back online.',
  },
  { title: 'Chat about your draft', body: 'Ask about the document or a selection, then insert the answer at the cursor or replace the selection in one step.' },
  { title: 'Share when you are ready', body: 'Publish a read-only link to any document, turn it off at any time, and see how many times it was read.' },
] as const;

/** The FAQ (six questions). */
export const FAQS = [
  {
    question: 'Which AI models does {name} work with?',
    answer:
      'Google Gemini, Anthropic Claude, and any model behind an OpenAI-compatible endpoint — including local ones run with Ollama or vLLM. Dictation works with Gemini, OpenAI, Groq, Deepgram or a local Whisper server.',
  },
  {
    question: 'How does it learn my voice?',
    answer:
      'Import samples of your writing or tag documents as written by you. {name} measures your style and writes a short style guide you can read and edit; every rewrite follows it. Text tagged as AI-written never teaches the voice.',
  },
  {
    question: 'Are my documents used to train AI models?',
    answer:
      'Never. Your documents are not stored for or used for training, AI providers are bound not to retain them, and each workspace is isolated from every other.',
  },
  {
    question: 'Can I run {name} on my own server?',
    answer:
      '{name} is self-hostable: one Node.js process with an embedded database, or your PostgreSQL. Billing stays off unless you configure it, and every account then has the plan you choose.',
  },
  {
    question: 'What happens when I lose my connection?',
    answer:
      'You keep writing. Edits are saved on your device and sent as soon as you are back online; if the document changed elsewhere, you choose which text to keep.',
  },
  {
    question: 'What does the free plan include?',
    answer:
      '$1.00 of AI credit with no credit card. Pro adds $20.00 of AI credit each month, workspaces and voice minutes, and pay-as-you-go keeps you writing past the monthly budget, up to a limit you set.',
  },
] as const;

/**
 * What the pricing section and the FAQ's last question say on a Bree with billing off (no
 * STRIPE_SECRET_KEY): there is nothing to buy, so no price is shown (docs/PRODUCT.md#landing).
 */
export const SELF_HOSTED = {
  title: 'Nothing to buy on this server',
  lead: 'This {name} is self-hosted with billing off: no plans, no prices, no credit card.',
  points: [
    {
      title: 'One plan for every account',
      body: 'Everyone who signs up here gets the plan the server’s operator chose, with its monthly AI budget.',
    },
    {
      title: 'The operator’s own AI',
      body: 'The assistant uses the providers the operator set up — Gemini, Claude, an OpenAI-compatible endpoint or a model on their own machine — billed to them directly, if at all.',
    },
    {
      title: 'Your writing stays here',
      body: 'One Node.js process with an embedded database or PostgreSQL: documents stay on this server, and nothing is sold on.',
    },
  ],
} as const;

export const SELF_HOSTED_FAQ = {
  question: 'What does {name} cost here?',
  answer:
    'Nothing: billing is off on this {name}, so there are no plans or prices. Every account has the plan the server’s operator set, and the operator pays the AI providers it uses — or nothing, with a local model.',
} as const;

/** The six questions: the last one answers what this installation costs. */
export function faqsFor(billingEnabled: boolean): ReadonlyArray<{ question: string; answer: string }> {
  return billingEnabled ? FAQS : [...FAQS.slice(0, -1), SELF_HOSTED_FAQ];
}

/** Replaces `{name}` with the product name. */
export function withProductName(text: string, productName: string): string {
  return text.replaceAll('{name}', productName);
}
